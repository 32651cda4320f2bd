import { spawn, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { POOL_INTERRUPT_BUDGET } from '../src/api/workers.js';
import { packageRoot } from '../src/io/package.js';

/** One figure of the workers bench: the full pack at `runs` cases per check, and issue 16's goal for the ratio. */
interface WorkersTask {
  runs: number;
  goal: number;
}

const BIN = join(packageRoot, 'bin', 'uaix-conformance.js');
/** The environment of every timed run: CI, so that no progress bar draws. */
const RUN_ENV = { ...process.env, CI: 'true' };

/** The built CLI's arguments for the full pack against the in-process reference with `workers` instances. */
const packArgs = (runs: number, workers: number) => [
  BIN,
  '--adapter',
  'reference',
  '--in-process',
  '--seed',
  '1',
  '--runs',
  String(runs),
  '--workers',
  String(workers),
  '--no-reports',
  '-q',
];

/** Wall time (ms) of the built CLI running the full pack against the in-process reference with `workers` instances (`node` given `nodeArgs`). */
function packWallMs(runs: number, workers: number, nodeArgs: string[] = []): number {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [...nodeArgs, ...packArgs(runs, workers)], { stdio: 'ignore', env: RUN_ENV });
  if (r.status !== 0) throw new Error(`bench workers: the run with --workers ${workers} exited ${r.status}`);
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

/** Wall time (ms) of two serial runs (`--workers 1`, `node` given `nodeArgs`) started at once, as two processes. */
async function twoSerialRunsMs(runs: number, nodeArgs: string[]): Promise<number> {
  const t0 = process.hrtime.bigint();
  const one = () =>
    new Promise<void>((resolve, reject) =>
      spawn(process.execPath, [...nodeArgs, ...packArgs(runs, 1)], { stdio: 'ignore', env: RUN_ENV }).once(
        'exit',
        (code) => (code === 0 ? resolve() : reject(new Error(`bench workers: a serial run exited ${code}`))),
      ),
    );
  await Promise.all([one(), one()]);
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Wall time (ms) of `threads` worker threads each spinning through the same fixed loop. */
async function spinMs(threads: number): Promise<number> {
  const loop = `let x = 0; for (let i = 0; i < 3e8; i++) x = (x + i) % 7; require('node:worker_threads').parentPort.postMessage(x);`;
  const t0 = process.hrtime.bigint();
  await Promise.all(
    Array.from(
      { length: threads },
      () =>
        new Promise((resolve, reject) =>
          new Worker(loop, { eval: true }).once('message', resolve).once('error', reject),
        ),
    ),
  );
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

/**
 * The machine's parallel capacity right now: two threads' time for a fixed CPU loop each over one
 * thread's time (1 = two cores free; 2 = one core's worth, other processes have the rest). The
 * pool's ratio cannot beat it, so the bench prints it beside the goal.
 */
async function spinRatio(): Promise<number> {
  const one = await spinMs(1);
  return (await spinMs(2)) / one;
}

/**
 * `--workers 2` against `--workers 1` on the full pack, in paired, interleaved rounds (each round
 * runs both, alternating which goes first, so a machine that slows down slows both alike); the
 * figure is the median over the rounds of the two-worker time divided by that round's serial time.
 * R=1000 (minutes per round) runs only with `BENCH_WORKERS_DEEP=1`.
 */
export async function benchWorkers(rounds = Number(process.env.BENCH_WORKERS_ROUNDS ?? 3)): Promise<void> {
  const tasks: WorkersTask[] = [
    { runs: 100, goal: 0.6 },
    ...(process.env.BENCH_WORKERS_DEEP === '1' ? [{ runs: 1000, goal: 0.55 }] : []),
  ];
  const spin = await spinRatio();
  console.log(
    `\nWorkers (full pack, reference in process, ${rounds} interleaved rounds, ${availableParallelism()} cores; two spinning threads take ${spin.toFixed(2)}x one's time, 1.00 when two cores are free):`,
  );
  console.log(
    '| runs | --workers 1 (median ms) | --workers 2 (median ms) | x --workers 1 (median) | goal |\n| ---: | ---: | ---: | ---: | ---: |',
  );
  for (const t of tasks) {
    const one: number[] = [];
    const two: number[] = [];
    const ratios: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const pair =
        i % 2 === 0
          ? [packWallMs(t.runs, 1), packWallMs(t.runs, 2)]
          : [packWallMs(t.runs, 2), packWallMs(t.runs, 1)].reverse();
      one.push(pair[0]!);
      two.push(pair[1]!);
      ratios.push(pair[1]! / pair[0]!);
    }
    const r = median(ratios);
    console.log(
      `| ${t.runs} | ${median(one).toFixed(0)} | ${median(two).toFixed(0)} | ${r.toFixed(2)} | <= ${t.goal} ${r <= t.goal ? 'met' : 'NOT met'} |`,
    );
  }
  // What the machine gives this work on two cores: two whole serial runs at once against one alone,
  // each tuned as a pool's threads are. A pool's threads share the machine as these two processes
  // do (and a pool also starts a thread and warms it up).
  const tuned = [`--interrupt-budget=${POOL_INTERRUPT_BUDGET}`];
  const together: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const alone = packWallMs(100, 1, tuned);
    together.push((await twoSerialRunsMs(100, tuned)) / alone);
  }
  const capacity = median(together);
  console.log(
    `Two serial runs at R=100 with the pool's V8 tuning, started at once, take ${capacity.toFixed(2)}x one alone (median of ${rounds} rounds; 1.00 when this work runs on two cores as fast as on one).`,
  );
}
