import { runChecks } from '../src/api/run.js';
import type { Adapter } from '../src/contract/adapter.js';
import { createIsolatedAdapter } from '../src/adapters/isolated.js';
import { processControl } from '../src/adapters/process/index.js';
import { referenceAdapter } from '../src/adapters/reference.js';
import { envelopeSuite } from '../suites/envelope/index.js';

const RUNS = Number(process.env.BENCH_PROCESS_RUNS ?? 100); // the CLI's default --runs
const SEED = 42;

/** Counts adapter calls, so the figures say what one round trip costs. */
function counted(adapter: Adapter): { adapter: Adapter; calls: () => number } {
  let n = 0;
  const wrapped: Record<string, unknown> = { describe: () => adapter.describe() };
  for (const [k, v] of Object.entries(adapter)) {
    if (k !== 'describe' && typeof v === 'function')
      wrapped[k] = (...a: unknown[]) => {
        n += 1;
        return (v as (...x: unknown[]) => unknown)(...a);
      };
  }
  return { adapter: wrapped as unknown as Adapter, calls: () => n };
}

async function timeSuite(adapter: Adapter): Promise<{ ms: number; calls: number; passed: number }> {
  const c = counted(adapter);
  const t0 = performance.now();
  const report = await runChecks({ checks: envelopeSuite, adapter: c.adapter, seed: SEED, runs: RUNS });
  return { ms: performance.now() - t0, calls: c.calls(), passed: report.summary.passed };
}

/** Round trips per second of one small call, in process and through the child. */
async function roundTrips(adapter: Adapter, n: number): Promise<number> {
  const packet = { uai_version: '1.0', body: { text: 'ping' }, integrity: { checksum: 'x' } };
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await adapter.computeChecksum!(packet);
  return n / ((performance.now() - t0) / 1000);
}

/**
 * The cost of isolation (issues 5 and 13): the envelope suite through the reference as `--adapter
 * reference` runs it by default, isolated in a child process speaking uaix-adapter/1, against the
 * same reference in process (`--in-process`), at the default --runs. Both are measured in this run,
 * alternating (in, child, three times) so that warm-up and machine load fall on both alike; the best
 * of each is compared (the child's start-up is outside the timed runs, and printed apart).
 */
export async function benchProcess(): Promise<void> {
  const t0 = performance.now();
  const child = await createIsolatedAdapter('reference');
  const startMs = performance.now() - t0;
  try {
    const inRuns: number[] = [];
    const outRuns: number[] = [];
    let calls = 0;
    for (let i = 0; i < 3; i++) {
      const a = await timeSuite(referenceAdapter);
      const b = await timeSuite(child);
      if (a.passed !== envelopeSuite.length || b.passed !== envelopeSuite.length) throw new Error(`bench: the reference did not pass the envelope suite (${a.passed}/${b.passed} of ${envelopeSuite.length})`);
      inRuns.push(a.ms);
      outRuns.push(b.ms);
      calls = b.calls;
    }
    const best = (xs: number[]) => Math.min(...xs);
    const ratio = best(outRuns) / best(inRuns);
    const rtIn = await roundTrips(referenceAdapter, 2000);
    const rtOut = await roundTrips(child, 2000);
    console.log(`\nOut-of-process adapter (envelope suite, ${envelopeSuite.length} checks, --runs ${RUNS}, seed ${SEED}, ${calls} adapter calls per run):`);
    console.log(`| adapter | best run (ms) | runs (ms) |\n| --- | ---: | --- |`);
    console.log(`| reference, in process | ${best(inRuns).toFixed(0)} | ${inRuns.map((x) => x.toFixed(0)).join(', ')} |`);
    console.log(`| reference, isolated (the default: child process, uaix-adapter/1) | ${best(outRuns).toFixed(0)} | ${outRuns.map((x) => x.toFixed(0)).join(', ')} |`);
    console.log(`  isolated / in-process = ${ratio.toFixed(3)} (goal <= 2): ${ratio <= 2 ? 'met' : 'NOT met'}; the child's start and describe: ${startMs.toFixed(0)} ms, once per run`);
    console.log(`  one small computeChecksum call: ${rtIn.toFixed(0)} calls/s in process, ${rtOut.toFixed(0)} round trips/s through the child (${(1e6 / rtOut).toFixed(0)} µs each)`);
  } finally {
    await processControl(child)!.close();
  }
}
