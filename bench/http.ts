import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createHttpAdapter, httpControl } from '../src/adapters/http/http-adapter.js';
import { createIsolatedAdapter } from '../src/adapters/isolated.js';
import { processControl } from '../src/adapters/process/index.js';
import { runChecks } from '../src/api/run.js';
import type { Adapter } from '../src/contract/adapter.js';
import { envelopeSuite } from '../suites/envelope/index.js';

const RUNS = Number(process.env.BENCH_HTTP_RUNS ?? 100); // the CLI's default --runs
const SEED = 42;

/** The reference served over the HTTP binding in a child process of its own, as the stdio binding serves it. */
async function startHttpReference(): Promise<{ url: string; stop: () => void }> {
  const main = fileURLToPath(new URL('../src/adapters/http/serve-main.js', import.meta.url));
  const child = spawn(process.execPath, [main, 'reference'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('\n')) resolve(out.trim());
    });
    child.once('exit', (code) => reject(new Error(`bench: the HTTP reference exited (${code})`)));
  });
  return { url, stop: () => child.kill() };
}

async function timeSuite(adapter: Adapter): Promise<{ ms: number; passed: number }> {
  const t0 = performance.now();
  const report = await runChecks({ checks: envelopeSuite, adapter, seed: SEED, runs: RUNS });
  return { ms: performance.now() - t0, passed: report.summary.passed };
}

/** Round trips per second of one small call, one at a time. */
async function roundTrips(adapter: Adapter, n: number): Promise<number> {
  const packet = { uai_version: '1.0', body: { text: 'ping' }, integrity: { checksum: 'x' } };
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await adapter.computeChecksum!(packet);
  return n / ((performance.now() - t0) / 1000);
}

/**
 * The HTTP binding against the stdio binding (issue 38): the envelope suite through the reference
 * served in a child process over each binding, both declaring `inFlight` 16 (the pack's own
 * servers do), at the default --runs. Both are measured in this run, alternating (stdio, HTTP;
 * five rounds) so that warm-up and machine load fall on both alike; the medians are compared. The
 * same seed draws the same cases through both, so the ratio of the runs is the ratio per case.
 */
export async function benchHttp(): Promise<void> {
  const stdio = await createIsolatedAdapter('reference');
  const service = await startHttpReference();
  const http = await createHttpAdapter(service.url);
  const rounds = Number(process.env.BENCH_HTTP_ROUNDS ?? 5);
  try {
    const runs: Record<'stdio' | 'http', number[]> = { stdio: [], http: [] };
    for (let i = 0; i < rounds; i++) {
      const a = await timeSuite(stdio);
      const b = await timeSuite(http);
      if ([a, b].some((r) => r.passed !== envelopeSuite.length))
        throw new Error(`bench: the reference did not pass the envelope suite (${a.passed}/${b.passed})`);
      runs.stdio.push(a.ms);
      runs.http.push(b.ms);
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    const show = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');
    const cases = envelopeSuite.length * RUNS;
    const ratio = median(runs.http) / median(runs.stdio);
    const rtStdio = await roundTrips(stdio, 1000);
    const rtHttp = await roundTrips(http, 1000);
    console.log(
      `\nHTTP binding against stdio binding (envelope suite, ${envelopeSuite.length} checks, --runs ${RUNS}, seed ${SEED}, inFlight 16 both, ${rounds} rounds):`,
    );
    console.log('| binding | median run (ms) | per case (µs) | runs (ms) |\n| --- | ---: | ---: | --- |');
    for (const k of ['stdio', 'http'] as const)
      console.log(
        `| reference, ${k} | ${median(runs[k]).toFixed(0)} | ${((median(runs[k]) * 1000) / cases).toFixed(0)} | ${show(runs[k])} |`,
      );
    console.log(`  HTTP / stdio per case = ${ratio.toFixed(3)} (goal <= 1.3): ${ratio <= 1.3 ? 'met' : 'NOT met'}`);
    console.log(
      `  one small computeChecksum call, one at a time: ${rtStdio.toFixed(0)} round trips/s over stdio (${(1e6 / rtStdio).toFixed(0)} µs), ${rtHttp.toFixed(0)} over HTTP (${(1e6 / rtHttp).toFixed(0)} µs)`,
    );
  } finally {
    await processControl(stdio)!.close();
    await httpControl(http)!.close();
    service.stop();
  }
}
