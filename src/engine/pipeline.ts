import * as fc from 'fast-check';
import type { CheckDefinition, Harness } from './check.js';
import type { Chunk } from './chunks.js';
import { executeCase, type CaseOutcome } from './execute.js';
import { pipelineOf } from './harness.js';

/**
 * Pipelining: how a run keeps several requests in flight on an adapter process that accepts them
 * (`inFlight`), while fast-check, which awaits an async property case by case, runs one at a time.
 *
 * A chunk is run by two fast-check runs side by side, with the same seed and number of runs, so
 * both draw the same cases in the same order:
 *
 * 1. The first pass draws each case, keeps its fast-check value (with the context its shrinker
 *    needs), and sends the case through the adapter without waiting for the answer, at most
 *    `window` at once, so the adapter judges while the next cases are drawn. It stops drawing at
 *    the first case that failed or errored (no run judges cases past that one), and never draws
 *    more than a few windows ahead of the second pass.
 * 2. The second pass is the run itself. Its arbitrary hands out the values the first pass drew
 *    (nothing is generated twice), and its property awaits each case's outcome from the first pass
 *    instead of calling the adapter again; cases the first pass never reached, and every shrink
 *    step, run as in any run, one at a time.
 *
 * The verdicts are those of a run one request at a time: each case is judged on its own answer,
 * in the order it was drawn, and the first failing or erroring case is the one reported. A fault
 * that takes the process down faults every request in flight; the earliest of them is the one
 * reported, which for an adapter that answers one request at a time is the one it failed on.
 */

/** A pipelined chunk's first pass, as the run (the second pass) sees it. */
export interface Pipelined {
  /** The arbitrary of the run: the first pass's values, in order, then fresh draws. */
  arbitrary: fc.Arbitrary<unknown>;
  /** The outcome of run `run` once the first pass judged it; undefined when it never will. */
  outcome(run: number): Promise<CaseOutcome | undefined>;
  /** Resolves once the first pass drew run `run`, or draws no more: so the run is handed its value. */
  drawnOrEnded(run: number): Promise<void>;
  /** Ends the first pass; resolves once every request it sent was answered. */
  close(): Promise<void>;
}

/** Draws through `inner`, keeping each value in `drawn`. */
class RecordingArbitrary<T> extends fc.Arbitrary<T> {
  constructor(
    private readonly inner: fc.Arbitrary<T>,
    private readonly drawn: (fc.Value<T> | undefined)[],
  ) {
    super();
  }
  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<T> {
    const v = this.inner.generate(mrng, biasFactor);
    this.drawn.push(v);
    return v;
  }
  canShrinkWithoutContext(value: unknown): value is T {
    return this.inner.canShrinkWithoutContext(value);
  }
  shrink(value: T, context: unknown): fc.Stream<fc.Value<T>> {
    return this.inner.shrink(value, context);
  }
}

/**
 * Hands out `drawn` in order, then draws through `inner`. fast-check gives each run a random
 * generator of its own, so a run whose value is handed out leaves every later draw as it would
 * have been.
 */
class ReplayingArbitrary<T> extends fc.Arbitrary<T> {
  private next = 0;
  constructor(
    private readonly inner: fc.Arbitrary<T>,
    private readonly drawn: (fc.Value<T> | undefined)[],
    private readonly taken: (run: number) => void,
  ) {
    super();
  }
  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<T> {
    const i = this.next++;
    this.taken(i);
    const v = this.drawn[i];
    if (v === undefined) return this.inner.generate(mrng, biasFactor);
    this.drawn[i] = undefined; // handed out once: the run keeps what it needs
    return v;
  }
  canShrinkWithoutContext(value: unknown): value is T {
    return this.inner.canShrinkWithoutContext(value);
  }
  shrink(value: T, context: unknown): fc.Stream<fc.Value<T>> {
    return this.inner.shrink(value, context);
  }
}

/** How many cases the first pass may draw ahead of the run, per request of the window. */
const AHEAD_PER_REQUEST = 2;

/**
 * Starts the first pass of a pipelined chunk (see above) beside the run. It draws at most
 * `window` cases ahead of what has been judged, and at most `AHEAD_PER_REQUEST` windows ahead of
 * the run, so a chunk of a thousand cases never holds more than a few dozen. `stop` is asked before
 * each case; `onCase` is told as each case is judged. Undefined when the chunk is not pipelined:
 * the adapter takes one request at a time, or the check drives recovery sessions, whose calls
 * depend on the ones before.
 */
export function startPipeline(
  check: CheckDefinition,
  h: Harness,
  chunk: Chunk,
  hooks: { stop(): boolean; onCase(): void },
): Pipelined | undefined {
  const pipeline = check.requires.includes('recovery') ? undefined : pipelineOf(h);
  if (pipeline === undefined) return undefined;
  const { window, harness } = pipeline;
  const ahead = window * AHEAD_PER_REQUEST;
  const arbitrary = check.arbitrary(h.spec);
  const drawn: (fc.Value<unknown> | undefined)[] = [];
  const outcomes: (CaseOutcome | undefined)[] = [];
  const running = new Set<Promise<void>>();
  /** Cases sent (the first pass's property calls), and runs the second pass has drawn. */
  let sent = 0;
  let taken = 0;
  /** True once the first pass draws no more: a case failed or errored, the run stopped, or it ran out. */
  let ended = false;
  const waiting = new Set<() => void>();
  const notify = () => {
    for (const recheck of [...waiting]) recheck();
  };
  const until = (ready: () => boolean): Promise<void> =>
    ready()
      ? Promise.resolve()
      : new Promise((resolve) => {
          const recheck = () => {
            if (!ready()) return;
            waiting.delete(recheck);
            resolve();
          };
          waiting.add(recheck);
        });
  const property = fc.asyncProperty(new RecordingArbitrary(arbitrary, drawn), async (input: unknown) => {
    if (ended || hooks.stop()) throw new fc.PreconditionFailure(true); // no run judges a case past this one
    const i = sent++;
    const judged = executeCase(check, input, harness).then((o) => {
      outcomes[i] = o;
      if (o.status === 'failed' || o.status === 'errored') ended = true; // a case that passed or judged nothing goes on
      running.delete(judged);
      notify();
      try {
        hooks.onCase();
      } catch {
        // A progress display that throws says nothing about the case: it is judged all the same.
      }
    });
    running.add(judged);
    await until(() => ended || (running.size < window && sent - taken < ahead));
    return true;
  });
  const first = fc
    .check(property, { seed: chunk.seed, numRuns: chunk.numRuns })
    .catch(() => undefined) // a generator that threw: the run draws that case afresh and reports it
    .then(() => {
      ended = true;
      notify();
    });
  return {
    arbitrary: new ReplayingArbitrary(arbitrary, drawn, (run) => {
      taken = run + 1;
      notify();
    }),
    async outcome(run) {
      await until(() => outcomes[run] !== undefined || (ended && run >= sent));
      return outcomes[run];
    },
    drawnOrEnded: (run) => until(() => ended || drawn.length > run),
    async close() {
      ended = true;
      notify();
      await first;
      await Promise.all(running);
    },
  };
}
