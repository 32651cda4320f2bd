import * as fc from 'fast-check';
import { missingMembers, type Adapter } from '../contract/adapter.js';
import { UsageError } from '../contract/errors.js';
import type { SpecData } from '../spec/index.js';
import type { CheckDefinition } from './check.js';
import { CHUNK_RUNS, locatePath } from './chunks.js';
import { executeCase, type CaseOutcome } from './execute.js';
import { createHarness, describeAdapter } from './harness.js';
import { toJsonSafe } from './json-safe.js';
import { checkSeed } from './seed.js';

function quote(arg: string): string {
  return /^[\w./:@=+-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** The one-line command that replays one case of one check (the `replay` of a failure record). */
export function replayCommand(adapterSpec: string, id: string, seed: number, path: string, runs: number): string {
  return [
    'npx',
    'uaix-conformance',
    '--adapter',
    adapterSpec,
    '--check',
    id,
    '--seed',
    String(seed),
    '--runs',
    String(runs),
    '--replay',
    path,
  ]
    .map(quote)
    .join(' ');
}

/**
 * The case a check generates at a (global) fast-check path of a run: the exact input a report's
 * counterexample shows. fast-check walks the path before it evaluates anything, so the first value
 * the property sees is the case at the path.
 */
export function caseAt<T>(
  check: CheckDefinition<T>,
  spec: SpecData,
  runSeed: number,
  runs: number,
  path: string,
  chunkRuns = CHUNK_RUNS,
): T {
  const { chunk, path: local } = locatePath(runSeed, check.id, runs, path, chunkRuns);
  let found: { value: T } | undefined;
  fc.check(
    fc.property(check.arbitrary(spec), (v: T) => {
      found ??= { value: v };
      return true;
    }),
    { seed: chunk.seed, numRuns: chunk.numRuns, path: local },
  );
  if (!found) throw new UsageError(`path ${path} names no case of ${check.id}`);
  return found.value;
}

/** The first `n` cases a check generates in a run (its first chunk), for a fixture corpus. */
export function firstCases<T>(check: CheckDefinition<T>, spec: SpecData, runSeed: number, n: number): T[] {
  return fc.sample(check.arbitrary(spec), { seed: checkSeed(runSeed, check.id), numRuns: n });
}

/** What one replayed case did: its outcome, expected and actual made JSON-safe. */
export type ReplayOutcome =
  | { status: 'fixed' }
  | { status: 'failing'; message: string; expected: unknown; actual: unknown }
  | { status: 'errored'; message: string }
  /** The case ran and said nothing about the rule (the implementation did no work it judges). */
  | { status: 'not-judged'; message: string };

/** The replay view of a case outcome. */
export function replayOutcomeOf(o: CaseOutcome): ReplayOutcome {
  if (o.status === 'passed') return { status: 'fixed' };
  if (o.status === 'failed')
    return { status: 'failing', message: o.message, expected: toJsonSafe(o.expected), actual: toJsonSafe(o.actual) };
  if (o.status === 'not-judged') return { status: 'not-judged', message: o.message };
  return { status: 'errored', message: o.message };
}

/**
 * Runs exactly one case: the one a run generated at `path`, through a fresh harness, once. (A
 * fast-check replay would go on to the case's shrink siblings when it passes, and could report a
 * neighbour's failure as the original's.)
 */
export async function replayCase(
  check: CheckDefinition,
  adapter: Adapter,
  opts: {
    seed: number;
    runs: number;
    path: string;
    now: string;
    timeoutMs: number;
    spec: SpecData;
    chunkRuns?: number;
  },
): Promise<{ input: unknown; outcome: ReplayOutcome }> {
  const missing = missingMembers(adapter, check.requires);
  if (missing.length)
    throw new UsageError(`the adapter does not implement ${missing.join(', ')}, which ${check.id} needs`);
  const input = caseAt(check, opts.spec, opts.seed, opts.runs, opts.path, opts.chunkRuns);
  const info = await describeAdapter(adapter, opts.timeoutMs);
  const h = createHarness(adapter, info, { timeoutMs: opts.timeoutMs, now: opts.now, spec: opts.spec });
  return { input, outcome: replayOutcomeOf(await executeCase(check, input, h)) };
}
