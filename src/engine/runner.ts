import * as fc from 'fast-check';
import { missingMembers, type Adapter, type AdapterInfo } from '../contract/adapter.js';
import {
  REPORT_FORMAT,
  sortedTags,
  summarize,
  type CheckReport,
  type ErrorRecord,
  type FailureRecord,
  type Report,
} from '../model/report.js';
import { bundledSpec, type SpecData } from '../spec/index.js';
import type { CheckDefinition, Harness } from './check.js';
import { CHUNK_RUNS, chunksOf, globalPath, locatePath, shardUnits, type Chunk, type ShardSpec } from './chunks.js';
import { executeCase } from './execute.js';
import { startPipeline } from './pipeline.js';
import { createHarness, DEFAULT_NOW, DEFAULT_TIMEOUT_MS, describeAdapter, describeThrown } from './harness.js';
import { toJsonSafe } from './json-safe.js';
import { compactPath } from './path.js';
import { replayCommand } from './replay.js';
import { DEFAULT_SHRINK_BUDGET_MS } from './defaults.js';

/**
 * What a run tells the outside world while it goes: hooks called as checks start and finish and as
 * cases run (progress displays, incremental writers). Every hook is optional; reporters implement
 * the ones they need.
 */
export interface RunListener {
  /**
   * Before each check starts. `index` counts the checks that ended before this call: in a serial
   * run the check's position; with workers (checks end out of order) still the count a progress
   * display shows.
   */
  onCheckStart?(check: CheckDefinition, index: number, total: number): void;
  /** As each case starts, and each shrink step (live progress while a long check runs). */
  onCase?(checkId: string, shrinking: boolean): void;
  /** After each check, with its entry; `index` counts the checks that ended before this one. */
  onCheckEnd?(result: CheckReport, index: number, total: number): void;
}

/** Options of one run. */
export interface RunOptions {
  checks: readonly CheckDefinition[];
  adapter: Adapter;
  /** How the user named the adapter (for replay commands); defaults to `./adapter`. */
  adapterSpec?: string;
  seed: number;
  runs: number;
  /** Per-call timeout in ms (default 10 000). */
  timeoutMs?: number;
  /** The validators' clock (default `2026-06-01T00:00:00Z`). */
  now?: string;
  /** The spec data the cases are drawn from and judged by (default: the bundled spec). */
  spec?: SpecData;
  /** fast-check path: replay exactly one case (with one selected check). */
  replayPath?: string;
  /** Selection as the user gave it, for the report. */
  selection?: { suites: string[]; checks: string[] };
  /** Run only this shard's share of the (check, chunk) units (`--shard i/n`). */
  shard?: ShardSpec;
  /** Cases per chunk (default `CHUNK_RUNS`); tests use small chunks to exercise sharding cheaply. */
  chunkRuns?: number;
  /** Told as the run goes (reporters, progress). */
  listeners?: readonly RunListener[];
  /** When it returns true the run stops between cases and the report is marked incomplete. */
  shouldStop?: () => boolean;
  /** Aborted (a signal): pending adapter calls end at once, the run stops and the report is marked incomplete. */
  signal?: AbortSignal;
  /** Shrink time per failing check chunk, in ms (default `DEFAULT_SHRINK_BUDGET_MS`); then the best counterexample so far is reported, marked `shrinkCut`. */
  shrinkBudgetMs?: number;
  /**
   * Stop at the first failing case of a check: no shrinking, no flakiness replays. The verdict is the
   * same; the counterexample is the case as drawn. For runs that need verdicts only (the pack's own
   * proofs, mutation runs).
   */
  verdictOnly?: boolean;
}

/** What the engine needs to know of the tool that runs it, for the report. */
export interface ToolStamp {
  tool: { name: string; version: string };
  /** The reproducibility stamp (`catalogStamp`), written as `run.catalogHash`. */
  catalogHash: string;
}

/** The outcome of one chunk of a check's runs. */
interface ChunkOutcome {
  index: number;
  status: 'passed' | 'failed' | 'errored';
  cases: number;
  tags: Record<string, number>;
  failure?: FailureRecord;
  error?: ErrorRecord;
  durationMs: number;
}

/** Faults (timeouts, crashes) on smaller cases after which shrinking stops: each may cost a whole timeout. */
export const MAX_SHRINK_FAULTS = 3;
/** Times the shrunk counterexample is run again before it is reported, to tell a flaky answer from a wrong one. */
export const FLAKY_REPLAYS = 3;

/**
 * Runs the counterexample `FLAKY_REPLAYS` more times: undefined when every run fails again, else
 * the first answer and the one that did not fail, so that a flaky implementation is reported as
 * such rather than as a stable failure that `replay` would call FIXED. Only the outcome is compared:
 * a stateful implementation may fail the same case with other ids or nonces each time, and that is
 * no flakiness.
 */
async function replayForFlakiness(
  check: CheckDefinition,
  h: Harness,
  input: unknown,
  first: { message: string; actual: unknown },
): Promise<FailureRecord['flaky']> {
  const firstAnswer = { outcome: 'failed' as const, message: first.message, actual: toJsonSafe(first.actual) };
  for (let i = 1; i <= FLAKY_REPLAYS; i++) {
    const o = await executeCase(check, input, h);
    if (o.status === 'failed') continue;
    const answer =
      o.status === 'passed' ? { outcome: 'passed' as const } : { outcome: 'errored' as const, message: o.message };
    return { replays: FLAKY_REPLAYS, differedAt: i, answers: [firstAnswer, answer] };
  }
  return undefined;
}

/** True once the caller asked the run to stop (`shouldStop`, or an aborted `signal`). */
function stopRequested(opts: RunOptions): boolean {
  return opts.signal?.aborted === true || opts.shouldStop?.() === true;
}

/** Runs one chunk as a fast-check property; undefined when `shouldStop` interrupted it. */
async function runChunk(
  check: CheckDefinition,
  h: Harness,
  opts: RunOptions,
  chunk: Chunk,
  replayPath: string | undefined,
): Promise<ChunkOutcome | undefined> {
  const started = performance.now();
  const chunkRuns = opts.chunkRuns ?? CHUNK_RUNS;
  const show = (input: unknown) => toJsonSafe(check.show ? check.show(input) : input);
  const tags: Record<string, number> = {};
  let cases = 0;
  let fault: { message: string; input: unknown; evidence?: unknown } | undefined;
  let lastFailure: { input: unknown; message: string; expected: unknown; actual: unknown } | undefined;

  let interrupted = false;
  const budgetMs = opts.shrinkBudgetMs ?? DEFAULT_SHRINK_BUDGET_MS;
  let shrinkStarted = 0;
  let shrinkFaults = 0;
  let shrinkCut: string | undefined;
  // With an adapter that takes several requests at once, a first pass beside the run sends the cases ahead.
  const pipelined =
    replayPath === undefined
      ? startPipeline(check, h, chunk, {
          stop: () => stopRequested(opts),
          onCase: () => {
            for (const l of opts.listeners ?? []) l.onCase?.(check.id, false);
          },
        })
      : undefined;
  let drawnRuns = 0;
  const property = fc.asyncProperty(pipelined?.arbitrary ?? check.arbitrary(h.spec), async (input: unknown) => {
    if (interrupted || stopRequested(opts)) {
      interrupted = true;
      throw new fc.PreconditionFailure(true); // fast-check stops at once, shrinking included; this check's result is discarded
    }
    const shrinking = lastFailure !== undefined;
    if (shrinking && shrinkCut === undefined) {
      if (performance.now() - shrinkStarted > budgetMs)
        shrinkCut = `shrinking stopped after the shrink budget of ${budgetMs} ms; this is the smallest failing case found so far`;
      else if (shrinkFaults >= MAX_SHRINK_FAULTS)
        shrinkCut = `shrinking stopped after the adapter faulted on ${shrinkFaults} smaller cases; this is the smallest failing case found so far`;
    }
    if (shrinkCut !== undefined) throw new fc.PreconditionFailure(true); // report the best counterexample so far
    const run = shrinking ? -1 : drawnRuns++;
    if (fault && !shrinking) return true; // the adapter already broke down: stop exercising it
    const judged = run >= 0 && pipelined !== undefined ? await pipelined.outcome(run) : undefined;
    if (judged === undefined) for (const l of opts.listeners ?? []) l.onCase?.(check.id, shrinking);
    if (!shrinking) {
      cases += 1;
      for (const t of check.tags?.(input) ?? []) tags[t] = (tags[t] ?? 0) + 1;
    }
    const o = judged ?? (await executeCase(check, input, h));
    if (run >= 0 && o.status === 'passed') await pipelined?.drawnOrEnded(run + 1); // the next run is handed the value drawn for it
    if (o.status === 'passed') return true;
    if (o.status === 'failed') {
      if (!shrinking) shrinkStarted = performance.now();
      lastFailure = { input, message: o.message, expected: o.expected, actual: o.actual };
      return false;
    }
    // A fault while shrinking means that smaller case says nothing: keep the failure found.
    if (shrinking) shrinkFaults += 1;
    if (!shrinking && !fault) fault = { message: o.message, input, evidence: o.evidence };
    return true;
  });
  let details: fc.RunDetails<[unknown]>;
  try {
    details = await fc.check(property, {
      seed: chunk.seed,
      numRuns: chunk.numRuns,
      ...(replayPath !== undefined ? { path: replayPath } : {}),
      ...(opts.verdictOnly === true ? { endOnFailure: true } : {}),
    });
  } catch (e) {
    await pipelined?.close();
    // A generator that throws while drawing a case is a defect of the pack: this check errors, the run goes on.
    return {
      index: chunk.index,
      cases,
      tags,
      durationMs: Math.round(performance.now() - started),
      status: 'errored',
      error: { message: `internal error: ${describeThrown(e)}` },
    };
  }
  await pipelined?.close(); // every request it sent is answered before the chunk ends
  if (interrupted || stopRequested(opts)) return undefined; // a call cut short by the stop says nothing about the adapter
  const base = { index: chunk.index, cases, tags, durationMs: Math.round(performance.now() - started) };
  if (details.failed && lastFailure && details.counterexample) {
    const path = globalPath(chunk, details.counterexamplePath ?? '', chunkRuns);
    // Shown before the replays: a case may keep what its last run did (a recovery world's trace).
    const counterexample = show(details.counterexample[0]);
    const focus = check.focus?.(details.counterexample[0]);
    const flaky =
      opts.verdictOnly === true
        ? undefined
        : await replayForFlakiness(check, h, details.counterexample[0], lastFailure);
    if (stopRequested(opts)) return undefined;
    return {
      ...base,
      status: 'failed',
      failure: {
        message: lastFailure.message,
        counterexample,
        expected: toJsonSafe(lastFailure.expected),
        actual: toJsonSafe(lastFailure.actual),
        seed: chunk.seed,
        path,
        shrinks: details.numShrinks,
        replay: replayCommand(opts.adapterSpec ?? './adapter', check.id, opts.seed, compactPath(path), opts.runs),
        ...(shrinkCut !== undefined ? { shrinkCut } : {}),
        ...(flaky ? { flaky } : {}),
        ...(focus !== undefined ? { focus } : {}),
      },
    };
  }
  if (fault) {
    return {
      ...base,
      status: 'errored',
      error: {
        message: fault.message,
        input: show(fault.input),
        ...(fault.evidence !== undefined ? { evidence: toJsonSafe(fault.evidence) } : {}),
      },
    };
  }
  if (details.failed) {
    // fast-check itself failed (e.g. the arbitrary threw): a defect of the pack, reported, never hidden.
    return {
      ...base,
      status: 'errored',
      error: { message: `internal error: ${describeThrown(details.errorInstance)}` },
    };
  }
  return { ...base, status: 'passed' };
}

/** The fields of a check's entry that come from its definition. */
export function entryBase(check: CheckDefinition) {
  return {
    id: check.id,
    title: check.title,
    suite: check.suite,
    severity: check.severity,
    specRef: check.specRef,
    statement: check.statement,
    requires: [...check.requires],
    decisions: [...(check.decisions ?? [])],
  };
}

/**
 * Runs one check and turns the outcome into a report entry; undefined when `shouldStop`
 * interrupted it (a half-run check is never reported as passed).
 *
 * The runs are executed chunk by chunk (see `chunksOf`), stopping at the first chunk that fails or
 * errors, as one fast-check run stops at its first failure. `onlyChunks` restricts the run to some
 * chunks (a shard's share); the entry then lists them in `parts` so that `merge` can rebuild the
 * unsharded entry.
 */
export async function runCheck(
  check: CheckDefinition,
  adapter: Adapter,
  h: Harness,
  opts: RunOptions,
  onlyChunks?: readonly number[],
): Promise<CheckReport | undefined> {
  const base = entryBase(check);
  const missing = missingMembers(adapter, check.requires);
  if (missing.length > 0) {
    return {
      ...base,
      status: 'skipped',
      runs: 0,
      evidence: { cases: 0, tags: {} },
      skipReason: `adapter does not implement ${missing.join(', ')}`,
      durationMs: 0,
    };
  }
  const chunkRuns = opts.chunkRuns ?? CHUNK_RUNS;
  const all = chunksOf(opts.seed, check.id, opts.runs, chunkRuns);
  let plan: { chunk: Chunk; path?: string }[];
  if (opts.replayPath !== undefined) {
    const located = locatePath(opts.seed, check.id, opts.runs, opts.replayPath, chunkRuns);
    plan = [{ chunk: located.chunk, path: located.path }];
  } else {
    plan = all.filter((c) => onlyChunks === undefined || onlyChunks.includes(c.index)).map((chunk) => ({ chunk }));
  }
  const outcomes: ChunkOutcome[] = [];
  for (const step of plan) {
    const o = await runChunk(check, h, opts, step.chunk, step.path);
    if (o === undefined) return undefined;
    outcomes.push(o);
    if (o.status !== 'passed') break;
  }
  const tags: Record<string, number> = {};
  for (const o of outcomes) for (const [t, n] of Object.entries(o.tags)) tags[t] = (tags[t] ?? 0) + n;
  const cases = outcomes.reduce((n, o) => n + o.cases, 0);
  const last = outcomes[outcomes.length - 1]!;
  const common = { runs: cases, evidence: { cases, tags: sortedTags(tags) } };
  const durationMs = outcomes.reduce((n, o) => n + o.durationMs, 0);
  const entry: CheckReport =
    last.status === 'failed'
      ? { ...base, status: 'failed', ...common, failure: last.failure!, durationMs }
      : last.status === 'errored'
        ? { ...base, status: 'errored', ...common, error: last.error!, durationMs }
        : { ...base, status: 'passed', ...common, durationMs };
  if (onlyChunks !== undefined && all.length > 1) {
    entry.parts = outcomes.map((o) => ({
      chunk: o.index,
      status: o.status,
      cases: o.cases,
      tags: sortedTags(o.tags),
      durationMs: o.durationMs,
    }));
  }
  return entry;
}

/**
 * Runs the selected checks against an adapter and returns the report model. Does no I/O of its own
 * beyond calling the adapter; never exits the process. `stamp` says which tool and which catalog
 * made the report (the api layer fills it in from the build).
 */
export async function runChecks(opts: RunOptions, stamp: ToolStamp): Promise<Report> {
  const startedAt = new Date().toISOString();
  const t0 = performance.now();
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const now = opts.now ?? DEFAULT_NOW;
  const spec = opts.spec ?? bundledSpec();
  const info = await describeAdapter(opts.adapter, timeoutMs, opts.signal);
  const h = createHarness(opts.adapter, info, {
    timeoutMs,
    now,
    spec,
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
  const results: CheckReport[] = [];
  let incomplete = false;
  const units = opts.shard
    ? shardUnits(
        opts.checks.map((c) => c.id),
        opts.runs,
        opts.shard,
        opts.chunkRuns ?? CHUNK_RUNS,
      )
    : undefined;
  const mine = units ? opts.checks.filter((c) => units.has(c.id)) : opts.checks;
  for (const [i, check] of mine.entries()) {
    if (stopRequested(opts)) {
      incomplete = true;
      break;
    }
    for (const l of opts.listeners ?? []) l.onCheckStart?.(check, i, mine.length);
    const r = await runCheck(check, opts.adapter, h, opts, units?.get(check.id));
    if (r === undefined) {
      incomplete = true;
      break;
    }
    results.push(r);
    for (const l of opts.listeners ?? []) l.onCheckEnd?.(r, i, mine.length);
  }
  return reportOf(
    opts,
    stamp,
    info,
    { startedAt, durationMs: Math.round(performance.now() - t0) },
    results,
    incomplete,
  );
}

/**
 * The report of a run from its entries (in run order): what `runChecks` returns, and what a worker
 * pool that ran the same checks returns, so that both write the same report.json.
 */
export function reportOf(
  opts: RunOptions,
  stamp: ToolStamp,
  info: AdapterInfo,
  timing: { startedAt: string; durationMs: number },
  results: CheckReport[],
  incomplete: boolean,
): Report {
  return {
    format: REPORT_FORMAT,
    tool: { ...stamp.tool },
    adapter: { ...info, spec: opts.adapterSpec ?? './adapter' },
    run: {
      seed: opts.seed,
      runs: opts.runs,
      timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      now: opts.now ?? DEFAULT_NOW,
      selection: opts.selection ?? { suites: [], checks: [] },
      catalogHash: stamp.catalogHash,
      startedAt: timing.startedAt,
      durationMs: timing.durationMs,
      shrinkBudgetMs: opts.shrinkBudgetMs ?? DEFAULT_SHRINK_BUDGET_MS,
      ...(opts.shard ? { shard: { ...opts.shard } } : {}),
    },
    incomplete,
    checks: results,
    summary: summarize(results),
  };
}
