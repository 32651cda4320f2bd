import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { main } from '../../src/cli/main.js';

/** The built CLI (npm test builds before it tests); spawned only where exit status, signals, terminals or packaging are the point. */
export const BIN = fileURLToPath(new URL('../../bin/uaix-conformance.js', import.meta.url));
/**
 * The package entry, for adapter modules that in-process tests write: the sources, which the test
 * runner loads (so the adapter and the CLI under test share one copy of the pack, and coverage
 * sees the sources). A spawned CLI needs the built entry, `BUILT_ENTRY`.
 */
export const ENTRY = fileURLToPath(new URL('../../src/index.ts', import.meta.url));
/** The built package entry, for adapter modules that a spawned CLI loads. */
export const BUILT_ENTRY = fileURLToPath(new URL('../../dist/src/index.js', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A fresh folder to run a command in. */
export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'uaix-cli-'));
}

/** Which of the two outputs look like a terminal (`isTTY`) to the command: neither, unless asked. */
export interface Terminal {
  out?: boolean;
  err?: boolean;
}

class Collect extends Writable {
  text = '';
  readonly columns = 100;
  constructor(readonly isTTY: boolean) {
    super();
  }
  override _write(chunk: Buffer | string, _enc: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

/** Runs the CLI in this process, through `main(argv, io)`, as a shell in `cwd` would. */
export async function cli(args: string[], cwd: string = tempDir(), terminal: Terminal = {}): Promise<CliResult> {
  const out = new Collect(terminal.out === true);
  const err = new Collect(terminal.err === true);
  const code = await main(args, { out, err, cwd });
  return { code, stdout: out.text, stderr: err.text };
}

/** Runs the built CLI as a child process (c8 sees it through NODE_V8_COVERAGE). */
export function spawnCli(
  args: string[],
  cwd: string = tempDir(),
  env: Record<string, string> = {},
  timeoutMs = 120_000,
): CliResult {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, CI: 'true', ...env },
    timeout: timeoutMs,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Starts the built CLI without waiting (signals tests). */
export function startCli(args: string[], cwd: string, env: Record<string, string> = {}) {
  return spawn(process.execPath, [BIN, ...args], {
    cwd,
    env: { ...process.env, CI: 'true', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Bad input: exit 2, exactly one line on stderr, no stack trace. */
export function expectUsageError(r: CliResult, pattern: RegExp): void {
  expect(r.code, r.stderr).toBe(2);
  const lines = r.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
  expect(r.stderr).not.toMatch(/\n\s+at /);
}

export function readJson(file: string): any {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** A report without its timing fields and the machine it ran on: what must be identical between two equal runs. */
export function withoutTiming(report: any): string {
  const copy = structuredClone(report);
  delete copy.environment;
  delete copy.run.startedAt;
  delete copy.run.durationMs;
  for (const c of copy.checks) delete c.durationMs;
  return JSON.stringify(copy);
}

/** An adapter module that re-exports the built reference adapter (the form users write). */
export const REFERENCE_MODULE = `import { referenceAdapter } from ${JSON.stringify(ENTRY)};\nexport default referenceAdapter;\n`;

/** The reference adapter's own module: what the tests' broken adapters build on (it loads in a fraction of the package entry's time). */
export const REFERENCE_ENTRY = fileURLToPath(new URL('../../src/adapters/reference.ts', import.meta.url));
/**
 * The built reference adapter's module: what broken adapters build on when a child process or a
 * worker thread loads them, which run the build and have no TypeScript loader.
 */
export const BUILT_REFERENCE_ENTRY = fileURLToPath(new URL('../../dist/src/adapters/reference.js', import.meta.url));

/** An adapter module that ignores expiry (fails ENV-EXPIRED, passes everything else), built on `entry`. */
export function brokenExpiry(entry: string = REFERENCE_ENTRY): string {
  return `import { referenceAdapter } from ${JSON.stringify(entry)};
export default { ...referenceAdapter, describe: () => ({ name: 'accepts expired', version: '1' }),
  validateEnvelope: (p, c) => referenceAdapter.validateEnvelope(p, { now: '1970-01-01T00:00:00Z' }) };
`;
}

/** The expiry-blind adapter for in-process runs. */
export const BROKEN_EXPIRY = brokenExpiry();
/** The expiry-blind adapter for a spawned CLI (on the built reference). */
export const BUILT_BROKEN_EXPIRY = brokenExpiry(
  fileURLToPath(new URL('../../dist/src/adapters/reference.js', import.meta.url)),
);

/** The checks the report-reading commands work on: fast, one of them (ENV-EXPIRED) failing on BROKEN_EXPIRY. */
export const QUICK = [
  '--check',
  'ENV-EXPIRED',
  '--check',
  'ENV-SEED-FIXTURES',
  '--check',
  'WIRE-ROUNDTRIP',
  '--seed',
  '4',
  '--runs',
  '20',
];

/**
 * A folder holding the broken adapter (`bad.mjs`) and the report of a failing run of it
 * (`bad/report.json`), and of the reference adapter (`good/report.json`) over the same checks and seed.
 */
export async function failingRun(): Promise<string> {
  const dir = tempDir();
  writeFileSync(join(dir, 'bad.mjs'), BROKEN_EXPIRY);
  const bad = await cli(['--adapter', './bad.mjs', ...QUICK, '--out', 'bad'], dir);
  expect(bad.code, bad.stderr).toBe(1);
  const good = await cli(['--adapter', 'reference', ...QUICK, '--out', 'good'], dir);
  expect(good.code, good.stderr).toBe(0);
  return dir;
}
