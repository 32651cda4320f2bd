import fc from 'fast-check';
import { AdapterFault, type CheckDefinition } from './check.js';
import { createHarness, describeThrown } from './harness.js';
import { toJsonSafe } from './json-safe.js';
import type { Adapter } from '../contract/adapter.js';
import { UsageError } from '../contract/errors.js';
import type { Report } from '../model/report.js';
import { CHUNK_RUNS, locatePath } from './chunks.js';
import { describeAdapter, hashCatalog } from './runner.js';
import { checkSeed } from './seed.js';
import { TOOL } from '../io/package.js';

/**
 * The case a check generates at a (global) fast-check path of a run: the exact input a report's
 * counterexample shows. fast-check walks the path before it evaluates anything, so the first value
 * the property sees is the case at the path.
 */
export function caseAt<T>(check: CheckDefinition<T>, runSeed: number, runs: number, path: string, chunkRuns = CHUNK_RUNS): T {
  const { chunk, path: local } = locatePath(runSeed, check.id, runs, path, chunkRuns);
  let found: { value: T } | undefined;
  fc.check(
    fc.property(check.arbitrary(), (v: T) => {
      found ??= { value: v };
      return true;
    }),
    { seed: chunk.seed, numRuns: chunk.numRuns, path: local },
  );
  if (!found) throw new UsageError(`path ${path} names no case of ${check.id}`);
  return found.value;
}

/** The first `n` cases a check generates in a run (its first chunk), for a fixture corpus. */
export function firstCases<T>(check: CheckDefinition<T>, runSeed: number, n: number): T[] {
  return fc.sample(check.arbitrary(), { seed: checkSeed(runSeed, check.id), numRuns: n });
}

/**
 * Refuses a report made by another catalog or other generators: its seeds and paths would name
 * other cases, and a replay would test something else while claiming to reproduce the failure.
 */
export function assertSameCatalog(report: Report, checks: readonly CheckDefinition[], what: string): void {
  const here = hashCatalog(checks);
  if (report.run.catalogHash !== here) {
    throw new UsageError(
      `${what}: the report was made by another check catalog or other generators (report: tool ${report.tool.version}, ${report.run.catalogHash.slice(0, 19)}; installed: tool ${TOOL.version}, ${here.slice(0, 19)}); use the tool version and --spec-dir that made it`,
    );
  }
}

/** What one replayed case did. */
export type ReplayOutcome =
  | { status: 'fixed' }
  | { status: 'failing'; message: string; expected: unknown; actual: unknown }
  | { status: 'errored'; message: string };

/** Whether an adapter has every member a check calls. */
export function missingMembers(check: CheckDefinition, adapter: Adapter): string[] {
  return check.requires.filter((r) => {
    const v = (adapter as unknown as Record<string, unknown>)[r];
    return r === 'recovery' ? v == null || typeof v !== 'object' : typeof v !== 'function';
  });
}

/**
 * Runs exactly one case: the one a run generated at `path`, through a fresh harness, once. (A
 * fast-check replay would go on to the case's shrink siblings when it passes, and could report a
 * neighbour's failure as the original's.)
 */
export async function replayCase(
  check: CheckDefinition,
  adapter: Adapter,
  opts: { seed: number; runs: number; path: string; now: string; timeoutMs: number; chunkRuns?: number },
): Promise<{ input: unknown; outcome: ReplayOutcome }> {
  const missing = missingMembers(check, adapter);
  if (missing.length) throw new UsageError(`the adapter does not implement ${missing.join(', ')}, which ${check.id} needs`);
  const input = caseAt(check, opts.seed, opts.runs, opts.path, opts.chunkRuns);
  const info = await describeAdapter(adapter, opts.timeoutMs);
  const h = createHarness(adapter, info, { timeoutMs: opts.timeoutMs, now: opts.now });
  try {
    const r = await check.run(input, h);
    return { input, outcome: r.pass ? { status: 'fixed' } : { status: 'failing', message: r.message, expected: toJsonSafe(r.expected), actual: toJsonSafe(r.actual) } };
  } catch (e) {
    return { input, outcome: { status: 'errored', message: e instanceof AdapterFault ? e.message : `the check could not run this case: ${describeThrown(e)}` } };
  }
}
