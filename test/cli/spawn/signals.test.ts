import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, root } from '../../helpers/built.js';
import { HOSTILE } from '../../adapters/process/gallery.js';
import { startCli } from '../../helpers/cli.js';

let dir: string;

beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'uaix-signal-'));
}, 180_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** True while a process with this pid exists and is not a zombie. */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = `/proc/${pid}/stat`;
  return !existsSync(stat) || readFileSync(stat, 'utf8').split(') ')[1]?.[0] !== 'Z';
}

async function until(cond: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('a run interrupted by a signal (a real CLI process and its adapter process)', () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`${signal}: writes a report of what finished, marked incomplete, exits 1 at once, and leaves no adapter process`, async () => {
      const out = join(dir, signal);
      const pidFile = join(dir, `${signal}.pids`);
      const logFile = join(dir, `${signal}.log`);
      // hang.mjs never answers toKeyless: the wire suite's first check hangs until the signal.
      const command = `${process.execPath} ${join(HOSTILE, 'hang.mjs')}`;
      const cli = startCli(
        [
          '--adapter-cmd',
          command,
          '--suite',
          'envelope,integrity,wire',
          '--runs',
          '5',
          '--seed',
          '3',
          '--timeout',
          '60000',
          '--out',
          out,
        ],
        root,
        { HOSTILE_PID_FILE: pidFile, HOSTILE_LOG_FILE: logFile },
      );
      let stderr = '';
      cli.stderr.on('data', (b) => (stderr += b));
      const exited = new Promise<number | null>((r) => cli.once('exit', (code) => r(code)));
      await until(() => existsSync(logFile) && readFileSync(logFile, 'utf8').includes('toKeyless'), 30_000);
      const [pid] = readFileSync(pidFile, 'utf8').trim().split('\n').map(Number);
      expect(running(pid!)).toBe(true);
      const t0 = Date.now();
      cli.kill(signal);
      const code = await exited;
      expect({ code, fast: Date.now() - t0 < 5000 }, stderr).toEqual({ code: 1, fast: true });
      const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
      expect(report.incomplete).toBe(true);
      expect(report.adapter.spec).toBe(`cmd:${command}`);
      // Everything before the hung wire check finished and is reported; the hung check is not.
      const ids: string[] = report.checks.map((c: { id: string }) => c.id);
      expect(ids.some((id) => id.startsWith('WIRE-'))).toBe(false);
      expect(report.checks.find((c: { id: string }) => c.id === 'INT-CHECKSUM')?.status).toBe('failed');
      expect(running(pid!)).toBe(false);
    }, 60_000);
  }

  it('a SIGINT after the report is written, while the adapter closes, leaves no lock in --out (the run still exits on its own)', async () => {
    const out = join(dir, 'late');
    const adapter = join(dir, 'slow-close.mjs');
    // Serves the gallery's answers, and never exits when its stdin closes: closing it takes the grace.
    writeFileSync(
      adapter,
      `import { serve } from ${JSON.stringify(join(HOSTILE, 'lib.mjs'))};\nsetInterval(() => {}, 1000);\nserve();\n`,
    );
    const cli = startCli(
      [
        '--adapter-cmd',
        `${process.execPath} ${adapter}`,
        '--check',
        'WIRE-ROUNDTRIP',
        '--runs',
        '2',
        '--seed',
        '1',
        '--out',
        out,
      ],
      root,
    );
    let stderr = '';
    cli.stderr.on('data', (b) => (stderr += b));
    const exited = new Promise<number | null>((r) => cli.once('exit', (code) => r(code)));
    await until(() => existsSync(join(out, '.uaix-conformance.json')) || cli.exitCode !== null, 60_000);
    cli.kill('SIGINT');
    const code = await exited;
    expect([0, 1], stderr).toContain(code);
    expect(existsSync(join(out, 'report.json'))).toBe(true);
    expect(existsSync(join(out, '.uaix-conformance.lock'))).toBe(false);
  }, 60_000);
});
