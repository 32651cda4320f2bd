import fc from 'fast-check';
import { packCatalog } from '../src/api/catalog.js';
import { runChecks } from '../src/api/run.js';
import { referenceAdapter } from '../src/adapters/reference.js';
import type { CheckDefinition } from '../src/engine/check.js';
import { bundledSpec } from '../src/spec/index.js';

/** Issue 16's goal: per case at large R, the runner at most this many times raw generation of the same arbitraries. */
const GOAL = 1.3;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function msOf(f: () => unknown): number;
function msOf(f: () => Promise<unknown>): Promise<number>;
function msOf(f: () => unknown): number | Promise<number> {
  const t0 = performance.now();
  const r = f();
  return r instanceof Promise ? r.then(() => performance.now() - t0) : performance.now() - t0;
}

/**
 * Per case at large R, in one process: each suite's checks run against the in-process reference
 * (the runner: generation, the harness's copies and prototype guard, the reference, the judge,
 * no shrinking, since the reference passes) against fast-check sampling the same arbitraries
 * with the same seed and runs (raw generation). Paired rounds, the suites interleaved; each figure
 * is the median of runner time over raw time. What the reference and the judges do counts on the
 * runner's side: a recovery case is a whole agent session, so its suite cannot come near raw
 * generation, and the bench prints the suites apart.
 */
export async function benchPerCase(
  rounds = Number(process.env.BENCH_PERCASE_ROUNDS ?? 3),
  runs = Number(process.env.BENCH_PERCASE_RUNS ?? 200),
): Promise<void> {
  const spec = bundledSpec();
  const bySuite = new Map<string, CheckDefinition[]>();
  for (const c of packCatalog().checks) bySuite.set(c.suite, [...(bySuite.get(c.suite) ?? []), c]);
  const suites = [...bySuite.keys()];
  const arbitraries = new Map(suites.map((s) => [s, bySuite.get(s)!.map((c) => c.arbitrary(spec))]));
  // Build what is built once (validators, lazily cached arbitraries) before timing.
  await runChecks({ checks: packCatalog().checks, adapter: referenceAdapter, seed: 0, runs: 5 });
  const ratios = new Map<string, number[]>(suites.map((s) => [s, []]));
  const totals = { raw: [] as number[], runner: [] as number[] };
  for (let round = 1; round <= rounds; round++) {
    let raw = 0;
    let runner = 0;
    for (const s of suites) {
      const seed = 1000 + round;
      const r = msOf(() => {
        for (const a of arbitraries.get(s)!) fc.sample(a, { seed, numRuns: runs });
      });
      const u = await msOf(() => runChecks({ checks: bySuite.get(s)!, adapter: referenceAdapter, seed, runs }));
      ratios.get(s)!.push(u / r);
      raw += r;
      runner += u;
    }
    totals.raw.push(raw);
    totals.runner.push(runner);
  }
  console.log(
    `\nPer case at R=${runs}, in one process (${rounds} paired rounds; runner / raw generation of the same arbitraries, median):`,
  );
  console.log('| suite | checks | x raw generation |\n| --- | ---: | ---: |');
  for (const s of suites) console.log(`| ${s} | ${bySuite.get(s)!.length} | ${median(ratios.get(s)!).toFixed(2)} |`);
  const whole = median(totals.runner.map((u, i) => u / totals.raw[i]!));
  console.log(
    `| whole pack | ${packCatalog().checks.length} | ${whole.toFixed(2)} (goal <= ${GOAL}: ${whole <= GOAL ? 'met' : 'NOT met'}) |`,
  );
}
