import { runChecks } from '../src/api/run.js';
import type { Adapter } from '../src/contract/adapter.js';
import { createIsolatedAdapter } from '../src/adapters/isolated.js';
import { processControl } from '../src/adapters/process/index.js';
import { referenceAdapter } from '../src/adapters/reference.js';
import { IN_FLIGHT } from '../src/engine/harness.js';
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
  // What the transport says of the adapter (it crosses a process, its deadlines, the requests it takes at once) goes with it.
  for (const key of Object.getOwnPropertySymbols(adapter))
    Object.defineProperty(wrapped, key, Object.getOwnPropertyDescriptor(adapter, key)!);
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

/** The same adapter, said to take one request at a time: how a run without pipelining drives it. */
function oneAtATime(adapter: Adapter): Adapter {
  const wrapped: Record<PropertyKey, unknown> = { ...adapter };
  for (const key of Object.getOwnPropertySymbols(adapter))
    if (key !== IN_FLIGHT) Object.defineProperty(wrapped, key, Object.getOwnPropertyDescriptor(adapter, key)!);
  Object.defineProperty(wrapped, IN_FLIGHT, { value: 1, enumerable: false });
  return wrapped as unknown as Adapter;
}

/**
 * The cost of isolation (issues 5, 13 and 16): the envelope suite through the reference as
 * `--adapter reference` runs it by default, isolated in a child process speaking uaix-adapter/1
 * with requests pipelined (the pack's own server takes 16 at once), against the same child driven
 * one request at a time, and against the reference in process (`--in-process`), at the default
 * --runs. All three are measured in this run, alternating (in, one at a time, pipelined; five
 * rounds) so that warm-up and machine load fall on all alike; the median of each is compared (the
 * child's start-up is outside the timed runs, and printed apart).
 */
export async function benchProcess(): Promise<void> {
  const t0 = performance.now();
  const child = await createIsolatedAdapter('reference');
  const startMs = performance.now() - t0;
  const single = oneAtATime(child);
  const rounds = Number(process.env.BENCH_PROCESS_ROUNDS ?? 5);
  try {
    const runs: Record<'in' | 'single' | 'piped', number[]> = { in: [], single: [], piped: [] };
    let calls = 0;
    for (let i = 0; i < rounds; i++) {
      const a = await timeSuite(referenceAdapter);
      const b = await timeSuite(single);
      const c = await timeSuite(child);
      if ([a, b, c].some((r) => r.passed !== envelopeSuite.length))
        throw new Error(
          `bench: the reference did not pass the envelope suite (${a.passed}/${b.passed}/${c.passed} of ${envelopeSuite.length})`,
        );
      runs.in.push(a.ms);
      runs.single.push(b.ms);
      runs.piped.push(c.ms);
      calls = c.calls;
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    const show = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');
    const ratio = median(runs.piped) / median(runs.in);
    const rtIn = await roundTrips(referenceAdapter, 2000);
    const rtOut = await roundTrips(child, 2000);
    console.log(
      `\nOut-of-process adapter (envelope suite, ${envelopeSuite.length} checks, --runs ${RUNS}, seed ${SEED}, ${calls} adapter calls per run, ${rounds} rounds):`,
    );
    console.log(`| adapter | median run (ms) | runs (ms) |\n| --- | ---: | --- |`);
    console.log(`| reference, in process | ${median(runs.in).toFixed(0)} | ${show(runs.in)} |`);
    console.log(
      `| reference, isolated, one request at a time | ${median(runs.single).toFixed(0)} | ${show(runs.single)} |`,
    );
    console.log(
      `| reference, isolated, pipelined (the default) | ${median(runs.piped).toFixed(0)} | ${show(runs.piped)} |`,
    );
    console.log(`  isolated one at a time / in-process = ${(median(runs.single) / median(runs.in)).toFixed(3)}`);
    console.log(
      `  isolated pipelined / in-process = ${ratio.toFixed(3)} (goal <= 1.2): ${ratio <= 1.2 ? 'met' : 'NOT met'}; the child's start and describe: ${startMs.toFixed(0)} ms, once per run`,
    );
    console.log(
      `  one small computeChecksum call: ${rtIn.toFixed(0)} calls/s in process, ${rtOut.toFixed(0)} round trips/s through the child (${(1e6 / rtOut).toFixed(0)} µs each)`,
    );
  } finally {
    await processControl(child)!.close();
  }
}
