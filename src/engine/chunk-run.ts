import * as fc from 'fast-check';
import type { ErrorRecord, FailureRecord, FlakyAnswer } from '../model/report.js';
import type { CheckDefinition, FailureParams, Harness } from './check.js';
import { CHUNK_RUNS, type Chunk, globalPath } from './chunks.js';
import { DEFAULT_SHRINK_BUDGET_MS } from './defaults.js';
import { type CaseOutcome, executeCase } from './execute.js';
import { describeThrown } from './harness.js';
import { toJsonSafe } from './json-safe.js';
import { compactPath } from './path.js';
import { startPipeline } from './pipeline.js';
import { replayCommand } from './replay.js';

/**
 * One chunk of a check's runs, as one fast-check run, in named stages:
 *
 * 1. `caseSource`: where the cases come from (drawn as the property asks, or sent ahead through a
 *    pipelined adapter, `src/engine/pipeline.ts`);
 * 2. `judgeCase`: the property: each case is counted (`Tally`), executed (`executeCase`), and its
 *    outcome kept (`Findings`: the failure to shrink, the first fault); shrinking is bounded by a
 *    `ShrinkBudget`;
 * 3. `settleChunk`: fast-check's details and the findings become the chunk's outcome, a failure
 *    replayed for flakiness first (`replayForFlakiness`).
 *
 * What the chunk needs of the run, and nothing else, is a `ChunkContext`.
 */

/** What a chunk needs of its run. */
export interface ChunkContext {
  /** The run seed and cases per check (for replay commands), and how the user named the adapter. */
  seed: number;
  runs: number;
  adapterSpec: string;
  /** Cases per chunk (default `CHUNK_RUNS`). */
  chunkRuns?: number;
  /** Shrink time per failing chunk, in ms (default `DEFAULT_SHRINK_BUDGET_MS`). */
  shrinkBudgetMs?: number;
  /** Stop at the first failing case: no shrinking, no flakiness replays (`RunOptions.verdictOnly`). */
  verdictOnly?: boolean;
  /** True once the run must stop: the chunk ends between cases and says nothing. */
  stop(): boolean;
  /** Told as each case starts (and each shrink step). */
  onCase(shrinking: boolean): void;
}

/** The outcome of one chunk of a check's runs. */
export interface ChunkOutcome {
  index: number;
  status: 'passed' | 'failed' | 'errored';
  cases: number;
  /** Cases that judged nothing (`CaseNotJudged`), and the last one's reason and message. */
  notJudged: number;
  lastNotJudged?: { reason: string; message: string };
  tags: Record<string, number>;
  failure?: FailureRecord;
  error?: ErrorRecord;
  durationMs: number;
}

/** Faults (timeouts, crashes) on smaller cases after which shrinking stops: each may cost a whole timeout. */
export const MAX_SHRINK_FAULTS = 3;
/** Times the shrunk counterexample is run again before it is reported, to tell a flaky answer from a wrong one. */
export const FLAKY_REPLAYS = 3;

/** A case outcome as a flakiness answer. */
function answerOf(o: Exclude<CaseOutcome, { status: 'failed' }>): FlakyAnswer {
  if (o.status === 'passed') return { outcome: 'passed' };
  return { outcome: o.status, message: o.message };
}

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
  const firstAnswer: FlakyAnswer = { outcome: 'failed', message: first.message, actual: toJsonSafe(first.actual) };
  for (let i = 1; i <= FLAKY_REPLAYS; i++) {
    const o = await executeCase(check, input, h);
    if (o.status === 'failed') continue;
    return { replays: FLAKY_REPLAYS, differedAt: i, answers: [firstAnswer, answerOf(o)] };
  }
  return undefined;
}

/** How much of the chunk ran: cases (shrink steps left out), those that judged nothing, and tag counts. */
class Tally {
  cases = 0;
  notJudged = 0;
  lastNotJudged: { reason: string; message: string } | undefined;
  readonly tags: Record<string, number> = {};

  constructor(private readonly check: CheckDefinition) {}

  /** Counts a drawn case (not a shrink step) and its tags. */
  count(input: unknown): void {
    this.cases += 1;
    for (const t of this.check.tags?.(input) ?? []) this.tags[t] = (this.tags[t] ?? 0) + 1;
  }

  judgedNothing(o: { reason: string; message: string }): void {
    this.notJudged += 1;
    this.lastNotJudged = { reason: o.reason, message: o.message };
  }
}

/** The failing case being shrunk, and the first fault of the chunk (after which cases are no longer sent). */
class Findings {
  failure:
    | {
        input: unknown;
        reason: string;
        params: FailureParams;
        message: string;
        expected: unknown;
        actual: unknown;
      }
    | undefined;
  /** The first fault: the case (and its run number in the chunk) the implementation could not answer. */
  fault: { message: string; input: unknown; run: number; evidence?: unknown; seen?: unknown } | undefined;
  /** Set once the run was asked to stop while the chunk ran: its result says nothing. */
  interrupted = false;

  get shrinking(): boolean {
    return this.failure !== undefined;
  }
}

/**
 * How long shrinking may go on: a time budget from the first failure, and a number of faults on
 * smaller cases. Once cut, the smallest failing case so far is the counterexample, with the reason.
 */
class ShrinkBudget {
  private started = 0;
  private faults = 0;
  cut: string | undefined;

  constructor(private readonly budgetMs: number) {}

  start(): void {
    this.started = performance.now();
  }

  fault(): void {
    this.faults += 1;
  }

  /** True when shrinking must stop now (and sets `cut`, the reason). */
  exhausted(): boolean {
    if (this.cut === undefined) {
      if (performance.now() - this.started > this.budgetMs)
        this.cut = `shrinking stopped after the shrink budget of ${this.budgetMs} ms; this is the smallest failing case found so far`;
      else if (this.faults >= MAX_SHRINK_FAULTS)
        this.cut = `shrinking stopped after the adapter faulted on ${this.faults} smaller cases; this is the smallest failing case found so far`;
    }
    return this.cut !== undefined;
  }
}

/**
 * Stage 1: the cases of the chunk. With an adapter that takes several requests at once, a first
 * pass beside the run sends the cases ahead (`startPipeline`); a replay of one path never is.
 */
function caseSource(check: CheckDefinition, h: Harness, chunk: Chunk, ctx: ChunkContext, replayPath?: string) {
  const pipelined =
    replayPath === undefined
      ? startPipeline(check, h, chunk, { stop: () => ctx.stop(), onCase: () => ctx.onCase(false) })
      : undefined;
  let drawn = 0;
  return {
    arbitrary: pipelined?.arbitrary ?? check.arbitrary(h.spec),
    /** The number of the next drawn case (shrink steps are not drawn). */
    nextRun: () => drawn++,
    /** The outcome the first pass found for drawn case `run`, if it judged it. */
    judged: (run: number) => (pipelined === undefined ? Promise.resolve(undefined) : pipelined.outcome(run)),
    /** After drawn case `run` passed: the next run is handed the value drawn for it. */
    passed: (run: number) => pipelined?.drawnOrEnded(run + 1),
    close: () => pipelined?.close(),
  };
}

/** Stage 2: the property of the chunk's fast-check run. Returns false for a failing case only. */
async function judgeCase(
  input: unknown,
  check: CheckDefinition,
  h: Harness,
  ctx: ChunkContext,
  source: ReturnType<typeof caseSource>,
  state: { tally: Tally; findings: Findings; shrink: ShrinkBudget },
): Promise<boolean> {
  const { tally, findings, shrink } = state;
  if (findings.interrupted || ctx.stop()) {
    findings.interrupted = true;
    throw new fc.PreconditionFailure(true); // fast-check stops at once, shrinking included; this check's result is discarded
  }
  const shrinking = findings.shrinking;
  if (shrinking && shrink.exhausted()) throw new fc.PreconditionFailure(true); // report the best counterexample so far
  const run = shrinking ? -1 : source.nextRun();
  if (findings.fault && !shrinking) return true; // the adapter already broke down: stop exercising it
  const ahead = run >= 0 ? await source.judged(run) : undefined;
  if (ahead === undefined) ctx.onCase(shrinking);
  if (!shrinking) tally.count(input);
  const o = ahead ?? (await executeCase(check, input, h));
  switch (o.status) {
    case 'passed':
    case 'not-judged':
      if (o.status === 'not-judged' && !shrinking) tally.judgedNothing(o);
      if (run >= 0) await source.passed(run);
      return true;
    case 'failed':
      if (!shrinking) shrink.start();
      findings.failure = { input, ...o };
      return false;
    case 'errored':
      // A fault while shrinking means that smaller case says nothing: keep the failure found.
      if (shrinking) shrink.fault();
      else findings.fault ??= { input, run, message: o.message, evidence: o.evidence, seen: o.seen };
      return true;
  }
}

/** Stage 3: the chunk's outcome from fast-check's details and what the property found; undefined when stopped. */
async function settleChunk(
  check: CheckDefinition,
  h: Harness,
  ctx: ChunkContext,
  chunk: Chunk,
  details: fc.RunDetails<[unknown]>,
  state: { tally: Tally; findings: Findings; shrink: ShrinkBudget },
  base: Omit<ChunkOutcome, 'status'>,
): Promise<ChunkOutcome | undefined> {
  const { findings, shrink } = state;
  const show = (input: unknown) => toJsonSafe(check.show ? check.show(input) : input);
  const failure = findings.failure;
  if (details.failed && failure && details.counterexample) {
    const input = details.counterexample[0];
    const path = globalPath(chunk, details.counterexamplePath ?? '', ctx.chunkRuns ?? CHUNK_RUNS);
    const counterexample = show(input);
    const focus = check.focus?.(input);
    const flaky = ctx.verdictOnly === true ? undefined : await replayForFlakiness(check, h, input, failure);
    if (ctx.stop()) return undefined;
    return {
      ...base,
      status: 'failed',
      failure: {
        reason: failure.reason,
        params: toJsonSafe(failure.params) as Record<string, unknown>,
        message: failure.message,
        counterexample,
        expected: toJsonSafe(failure.expected),
        actual: toJsonSafe(failure.actual),
        seed: chunk.seed,
        path,
        shrinks: details.numShrinks,
        replay: replayCommand(ctx.adapterSpec, check.id, ctx.seed, compactPath(path), ctx.runs),
        ...(shrink.cut !== undefined ? { shrinkCut: shrink.cut } : {}),
        ...(flaky ? { flaky } : {}),
        ...(focus !== undefined ? { focus } : {}),
      },
    };
  }
  const fault = findings.fault;
  if (fault) {
    // The case that errored, as a path a replay runs exactly (a fault is never shrunk).
    const path = globalPath(chunk, String(fault.run), ctx.chunkRuns ?? CHUNK_RUNS);
    return {
      ...base,
      status: 'errored',
      error: {
        message: fault.message,
        input: show(fault.input),
        path,
        replay: replayCommand(ctx.adapterSpec, check.id, ctx.seed, compactPath(path), ctx.runs),
        ...(fault.evidence !== undefined ? { evidence: toJsonSafe(fault.evidence) } : {}),
        ...(fault.seen !== undefined ? { seen: toJsonSafe(fault.seen) } : {}),
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

/** Runs one chunk of `check` as a fast-check property; undefined when the run was asked to stop while it ran. */
export async function runChunk(
  check: CheckDefinition,
  h: Harness,
  ctx: ChunkContext,
  chunk: Chunk,
  replayPath: string | undefined,
): Promise<ChunkOutcome | undefined> {
  const started = performance.now();
  const state = {
    tally: new Tally(check),
    findings: new Findings(),
    shrink: new ShrinkBudget(ctx.shrinkBudgetMs ?? DEFAULT_SHRINK_BUDGET_MS),
  };
  const source = caseSource(check, h, chunk, ctx, replayPath);
  const property = fc.asyncProperty(source.arbitrary, (input: unknown) =>
    judgeCase(input, check, h, ctx, source, state),
  );
  const base = () => ({
    index: chunk.index,
    cases: state.tally.cases,
    notJudged: state.tally.notJudged,
    ...(state.tally.lastNotJudged ? { lastNotJudged: state.tally.lastNotJudged } : {}),
    tags: state.tally.tags,
    durationMs: Math.round(performance.now() - started),
  });
  let details: fc.RunDetails<[unknown]>;
  try {
    details = await fc.check(property, {
      seed: chunk.seed,
      numRuns: chunk.numRuns,
      ...(replayPath !== undefined ? { path: replayPath } : {}),
      ...(ctx.verdictOnly === true ? { endOnFailure: true } : {}),
    });
  } catch (e) {
    await source.close();
    // A generator that throws while drawing a case is a defect of the pack: this check errors, the run goes on.
    return { ...base(), status: 'errored', error: { message: `internal error: ${describeThrown(e)}` } };
  }
  await source.close(); // every request it sent is answered before the chunk ends
  if (state.findings.interrupted || ctx.stop()) return undefined; // a call cut short by the stop says nothing about the adapter
  return settleChunk(check, h, ctx, chunk, details, state, base());
}
