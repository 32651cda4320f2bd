import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The built CLI (npm test builds before it tests). */
export const BIN = fileURLToPath(new URL('../../bin/uaix-conformance.js', import.meta.url));
/** The built package entry, for adapter modules written by tests. */
export const ENTRY = fileURLToPath(new URL('../../dist/src/index.js', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI as a child process (c8 sees it through NODE_V8_COVERAGE). */
export function cli(args: string[], cwd: string = tempDir(), env: Record<string, string> = {}, timeoutMs = 120_000): CliResult {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', env: { ...process.env, CI: 'true', ...env }, timeout: timeoutMs });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'uaix-cli-'));
}
