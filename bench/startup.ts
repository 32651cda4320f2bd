import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { packageRoot } from '../src/io/package.js';

/** A command of the start-up bench: what it runs, and the goal its ratio to a bare node is held to. */
interface StartupTask {
  name: string;
  args: string[];
  /** Issue 16's goal, as a ratio to `node -e 0`; undefined when the figure is only reported. */
  goal?: number;
}

const BIN = join(packageRoot, 'bin', 'uaix-conformance.js');

const TASKS: readonly StartupTask[] = [
  { name: '--version', args: [BIN, '--version'], goal: 2 },
  { name: 'list', args: [BIN, 'list'], goal: 2 },
  { name: 'a usage error', args: [BIN, '--runs', 'x'] },
  {
    name: 'one check, one case (in process)',
    args: [
      BIN,
      '--adapter',
      'reference',
      '--check',
      'ENV-EXPIRED',
      '--runs',
      '1',
      '--seed',
      '1',
      '--no-reports',
      '--in-process',
    ],
    goal: 3,
  },
];

/** Wall time of one process, in milliseconds. */
function wallMs(args: string[]): number {
  const t0 = process.hrtime.bigint();
  spawnSync(process.execPath, args, { stdio: 'ignore', env: { ...process.env, CI: 'true' } });
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Start-up of the built CLI against a bare `node -e 0`, in paired, interleaved rounds (every round
 * runs the baseline and each command once, so a machine that slows down slows all alike); each
 * figure is the median over the rounds of the command's time divided by that round's baseline.
 */
export function benchStartup(rounds = Number(process.env.BENCH_STARTUP_ROUNDS ?? 15)): void {
  const ratios = new Map<string, number[]>(TASKS.map((t) => [t.name, []]));
  const bare: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const base = wallMs(['-e', '0']);
    bare.push(base);
    for (const t of TASKS) ratios.get(t.name)!.push(wallMs(t.args) / base);
  }
  console.log(`\nStart-up (${rounds} interleaved rounds; bare node -e 0: median ${median(bare).toFixed(0)} ms):`);
  console.log('| command | x bare node (median) | goal |\n| --- | ---: | ---: |');
  for (const t of TASKS) {
    const r = median(ratios.get(t.name)!);
    console.log(
      `| ${t.name} | ${r.toFixed(2)} | ${t.goal !== undefined ? `<= ${t.goal} ${r <= t.goal ? 'met' : 'NOT met'}` : '-'} |`,
    );
  }
}
