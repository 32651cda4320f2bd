import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { main } from '../../src/cli/main.js';

/** The built CLI (npm test builds before it tests); spawned only where exit status, signals, terminals or packaging are the point. */
export const BIN = fileURLToPath(new URL('../../bin/uaix-conformance.js', import.meta.url));
/** The built package entry, for adapter modules that tests write. */
export const ENTRY = fileURLToPath(new URL('../../dist/src/index.js', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A fresh folder to run a command in. */
export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'uaix-cli-'));
}

class Collect extends Writable {
  text = '';
  override _write(chunk: Buffer | string, _enc: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

/** Runs the CLI in this process, through `main(argv, io)`, as a shell in `cwd` would. */
export async function cli(args: string[], cwd: string = tempDir()): Promise<CliResult> {
  const out = new Collect();
  const err = new Collect();
  const code = await main(args, { out, err, cwd });
  return { code, stdout: out.text, stderr: err.text };
}

/** Runs the built CLI as a child process (c8 sees it through NODE_V8_COVERAGE). */
export function spawnCli(args: string[], cwd: string = tempDir(), env: Record<string, string> = {}, timeoutMs = 120_000): CliResult {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', env: { ...process.env, CI: 'true', ...env }, timeout: timeoutMs });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Starts the built CLI without waiting (signals tests). */
export function startCli(args: string[], cwd: string, env: Record<string, string> = {}) {
  return spawn(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, CI: 'true', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
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
