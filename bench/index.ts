import { Bench } from 'tinybench';
import { benchEnvelope } from './envelope.js';
import { benchError } from './error.js';
import { benchHarness } from './harness.js';
import { benchHttp } from './http.js';
import { benchPerCase } from './per-case.js';
import { benchProcess } from './process.js';
import { benchRecovery } from './recovery.js';
import { benchStartup } from './startup.js';
import { benchUas } from './uas.js';
import { benchWorkers } from './workers.js';

/**
 * `npm run bench`: every figure is a rate measured in this run, and each target is printed as a
 * ratio against a baseline measured in the same run on the same machine, never as an absolute time.
 */
if (process.env.BENCH_SKIP_STARTUP !== '1') benchStartup();

const time = Number(process.env.BENCH_TIME_MS ?? 1500);
const bench = new Bench({ time, warmupTime: 300 });
const casesPerOp = await benchEnvelope(bench);
await benchError(bench);
await benchRecovery(bench);
benchHarness(bench);
await bench.run();

const rates: Record<string, number> = {};
console.log('\n| task | ops/s | cases/s |\n| --- | ---: | ---: |');
for (const task of bench.tasks) {
  const hz =
    task.result && 'throughput' in task.result
      ? (task.result as { throughput: { mean: number } }).throughput.mean
      : ((task.result as { hz?: number } | undefined)?.hz ?? 0);
  const perOp = casesPerOp[task.name] ?? 1;
  rates[task.name] = hz * perOp;
  console.log(`| ${task.name} | ${hz.toFixed(1)} | ${(hz * perOp).toFixed(0)} |`);
}
const r = (a: string, b: string) => (rates[a]! / rates[b]!).toFixed(3);
const runner = 'envelope: whole runner vs reference (cases/s)';
console.log('\nRatios (same run):');
console.log(`  runner / raw arbitraries      = ${r(runner, 'envelope: the same arbitraries alone (cases/s)')}`);
console.log(`  runner / ajv validator alone  = ${r(runner, 'envelope: ajv schema validator alone (cases/s)')}`);
console.log(`  runner / reference validator  = ${r(runner, 'envelope: reference validateEnvelope alone (cases/s)')}`);
const us = (name: string) => (1e6 / rates[name]!).toFixed(1);
console.log(
  `  harness per in-process call   = ${us('harness: an in-process call (copies and prototype guard)')} us, of which the prototype guard ${us('harness: the prototype guard alone (one comparison)')} us; marked as crossing a process: ${us('harness: the same call, marked as crossing a process')} us`,
);

if (process.env.BENCH_SKIP_PERCASE !== '1') await benchPerCase();
if (process.env.BENCH_SKIP_PROCESS !== '1') await benchProcess();
if (process.env.BENCH_SKIP_HTTP !== '1') await benchHttp();
if (process.env.BENCH_SKIP_WORKERS !== '1') await benchWorkers();
if (process.env.BENCH_SKIP_UAS !== '1') await benchUas({ gib: process.env.UAS_BENCH_GIB === '1' });
