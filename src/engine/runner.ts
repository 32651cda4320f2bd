import { missingMembers, type Adapter, type AdapterInfo } from '../contract/adapter.js';
import {
  evidenceOf,
  judgedStatus,
  REPORT_FORMAT,
  sortedTags,
  summarize,
  type CheckReport,
  type Report,
} from '../model/report.js';
import { bundledSpec, type SpecData } from '../spec/index.js';
import type { CheckDefinition, Harness } from './check.js';
import { type ChunkContext, type ChunkOutcome, runChunk } from './chunk-run.js';
import { CHUNK_RUNS, chunksOf, locatePath, shardUnits, type Chunk, type ShardSpec } from './chunks.js';
import { createHarness, DEFAULT_NOW, DEFAULT_TIMEOUT_MS, describeAdapter } from './harness.js';
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

/** True once the caller asked the run to stop (`shouldStop`, or an aborted `signal`). */
function stopRequested(opts: RunOptions): boolean {
  return opts.signal?.aborted === true || opts.shouldStop?.() === true;
}

/** What a chunk of `check` needs of the run `opts` (`ChunkContext`). */
function chunkContext(check: CheckDefinition, opts: RunOptions): ChunkContext {
  return {
    seed: opts.seed,
    runs: opts.runs,
    adapterSpec: opts.adapterSpec ?? './adapter',
    ...(opts.chunkRuns !== undefined ? { chunkRuns: opts.chunkRuns } : {}),
    ...(opts.shrinkBudgetMs !== undefined ? { shrinkBudgetMs: opts.shrinkBudgetMs } : {}),
    ...(opts.verdictOnly !== undefined ? { verdictOnly: opts.verdictOnly } : {}),
    stop: () => stopRequested(opts),
    onCase: (shrinking) => {
      for (const l of opts.listeners ?? []) l.onCase?.(check.id, shrinking);
    },
  };
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
  const ctx = chunkContext(check, opts);
  for (const step of plan) {
    const o = await runChunk(check, h, ctx, step.chunk, step.path);
    if (o === undefined) return undefined;
    outcomes.push(o);
    if (o.status !== 'passed') break;
  }
  const tags: Record<string, number> = {};
  for (const o of outcomes) for (const [t, n] of Object.entries(o.tags)) tags[t] = (tags[t] ?? 0) + n;
  const cases = outcomes.reduce((n, o) => n + o.cases, 0);
  const notJudged = outcomes.reduce((n, o) => n + o.notJudged, 0);
  const last = outcomes[outcomes.length - 1]!;
  const evidence = evidenceOf(cases, notJudged, sortedTags(tags));
  const common = { runs: cases, evidence };
  const durationMs = outcomes.reduce((n, o) => n + o.durationMs, 0);
  const why = [...outcomes].reverse().find((o) => o.lastNotJudged !== undefined)?.lastNotJudged;
  const entry: CheckReport =
    last.status === 'failed'
      ? { ...base, status: 'failed', ...common, failure: last.failure!, durationMs }
      : last.status === 'errored'
        ? { ...base, status: 'errored', ...common, error: last.error!, durationMs }
        : judgedStatus(evidence) === 'not-judged' && why !== undefined
          ? { ...base, status: 'not-judged', ...common, notJudged: why, durationMs }
          : { ...base, status: 'passed', ...common, durationMs };
  if (onlyChunks !== undefined && all.length > 1) {
    entry.parts = outcomes.map((o) => ({
      chunk: o.index,
      status: o.status,
      cases: o.cases,
      ...(o.notJudged > 0 ? { notJudged: o.notJudged } : {}),
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
