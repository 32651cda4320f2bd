import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCK, lockOutDir, writeReportFiles } from '../../src/io/report-files.js';

/**
 * The output folder when the process writing it dies: through real processes (the exit hook and a
 * SIGKILL are the point). The child runs the sources through tsx.
 */
const MODULE = fileURLToPath(new URL('../../src/io/report-files.ts', import.meta.url));
const TSX = createRequire(import.meta.url).resolve('tsx');

/** A child that locks `dir`, retires the old set, starts writing report.json, then does `then` mid-write. */
function child(dir: string, then: 'exit' | 'hang'): ReturnType<typeof spawn> {
  const script = `
import { writeSync } from 'node:fs';
import { lockOutDir, writeReportFiles } from ${JSON.stringify(MODULE)};
const lock = lockOutDir(${JSON.stringify(dir)});
lock.retirePrevious();
function* content() {
  yield '{"verdict":';
  writeSync(1, 'ready\\n');
  ${then === 'exit' ? 'process.exit(0);' : 'Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000);'}
  yield '"fail"}';
}
writeReportFiles(${JSON.stringify(dir)}, [{ name: 'report.json', content: content() }, { name: 'badge.json', content: '{}' }]);
`;
  return spawn(process.execPath, ['--import', TSX, '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Resolves with the child's exit once it said `ready` (and `onReady` ran). */
function run(
  p: ReturnType<typeof spawn>,
  onReady: () => void = () => undefined,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  let stderr = '';
  p.stderr!.on('data', (d) => (stderr += d));
  p.stdout!.on('data', (d) => {
    if (String(d).includes('ready')) onReady();
  });
  return new Promise((resolve) => p.on('exit', (code, signal) => resolve({ code, signal, stderr })));
}

/** A folder holding a previous run's green set. */
function greenFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'uaix-out-dies-'));
  writeReportFiles(dir, [
    { name: 'report.json', content: '{"verdict":"pass"}' },
    { name: 'badge.json', content: '{"color":"brightgreen"}' },
  ]);
  return dir;
}

describe('the output folder when its writer dies', () => {
  it('process.exit(0) in the middle of writing: no report of ours, no temp file, no lock (never the old green badge)', async () => {
    const dir = greenFolder();
    const r = await run(child(dir, 'exit'));
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(dir)).toEqual([]);
  }, 30_000);

  it('SIGKILL in the middle of writing leaves a temp file and a dead lock: the next run takes both over, and no old report is left', async () => {
    const dir = greenFolder();
    const p = child(dir, 'hang');
    const r = await run(p, () => p.kill('SIGKILL'));
    expect(r.signal).toBe('SIGKILL');
    expect(readdirSync(dir).sort()).toEqual([`.report.json.${p.pid}.tmp`, LOCK].sort());
    const lock = lockOutDir(dir);
    expect(readdirSync(dir)).toEqual([LOCK]);
    lock.release();
    expect(existsSync(join(dir, LOCK))).toBe(false);
  }, 30_000);
});
