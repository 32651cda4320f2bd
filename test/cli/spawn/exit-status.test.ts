import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BIN,
  BUILT_BROKEN_EXPIRY as BROKEN_EXPIRY,
  expectUsageError,
  readJson,
  spawnCli,
  tempDir,
} from '../../helpers/cli.js';

/**
 * The exit status through a real process: what `bin/uaix-conformance.js` hands the shell is what
 * `main` returned, and a finished run leaves nothing that keeps the process alive. Every other
 * behaviour of the commands is tested in-process (test/cli/*.test.ts).
 */
describe('the built CLI, as a shell runs it', () => {
  it('exits 0 on its own after a run in which no MUST check failed, with the reports written', () => {
    const dir = tempDir();
    const r = spawnCli(
      ['--adapter', 'reference', '--check', 'ENV-SEED-FIXTURES', '--runs', '1', '--seed', '1', '--out', 'out'],
      dir,
      {},
      60_000,
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^1 check: 1 passed/m);
    expect(readJson(join(dir, 'out', 'report.json')).summary.passed).toBe(1);
  });

  it('exits 1 when a MUST check failed', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'bad.mjs'), BROKEN_EXPIRY);
    const r = spawnCli(
      ['--adapter', './bad.mjs', '--check', 'ENV-EXPIRED', '--runs', '5', '--seed', '4', '--no-reports'],
      dir,
      {},
      60_000,
    );
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toMatch(/^FAIL ENV-EXPIRED \[MUST\]/m);
  });

  it('exits 4 when every selected check was skipped (nothing judged), 0 with --allow-empty', () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'none.mjs'),
      "export default { describe: () => ({ name: 'none', version: '1' }), validateEnvelop: () => ({ valid: true }) };\n",
    );
    const args = ['--adapter', './none.mjs', '--check', 'ENV-EXPIRED', '--runs', '1', '--seed', '1', '--no-reports'];
    const r = spawnCli(args, dir, {}, 60_000);
    expect(r.code, r.stderr).toBe(4);
    expect(r.stderr).toMatch(/^uaix-conformance: nothing was judged: the one selected check was skipped/m);
    expect(spawnCli([...args, '--allow-empty'], dir, {}, 60_000).code).toBe(0);
  });

  it('a config module or an adapter module that never settles: one line saying what it waited for, exit 2 (never a bare 13)', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'uaix-conformance.config.mjs'), 'export default () => new Promise(() => {});\n');
    expectUsageError(
      spawnCli(['--adapter', 'reference', '--no-reports'], dir, {}, 60_000),
      /^uaix-conformance: the process ended while it waited for the config file uaix-conformance\.config\.mjs to load \(its module or its default function never settled\); nothing was judged or written after that$/,
    );
    const other = tempDir();
    writeFileSync(
      join(other, 'stuck.mjs'),
      "await new Promise(() => {});\nexport default { describe: () => ({ name: 'x', version: '1' }) };\n",
    );
    expectUsageError(
      spawnCli(['--adapter', './stuck.mjs', '--in-process', '--no-reports'], other, {}, 60_000),
      /^uaix-conformance: the process ended while it waited for the adapter \.\/stuck\.mjs to load \(its module never settled\); nothing was judged or written after that$/,
    );
  });

  it('a reader that closes the pipe early (list | head -1): exit 0, nothing on stderr, no EPIPE stack', async () => {
    const child = spawn(process.execPath, [BIN, 'list'], { cwd: tempDir(), stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy(); // the reader is gone before the first write
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  });

  it('exits 2 on a usage error, with one line on stderr and no stack trace, before writing anything', () => {
    const dir = tempDir();
    expectUsageError(
      spawnCli(['--adapter', 'reference', '--runs', 'many'], dir, {}, 60_000),
      /^uaix-conformance: --runs must be an integer, got "many"$/,
    );
    expect(existsSync(join(dir, 'reports'))).toBe(false);
  });
});
