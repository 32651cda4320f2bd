import { describe, expect, it } from 'vitest';
import {
  createProgressReporter,
  formatProgress,
  progressEnabled,
  type ProgressStream,
} from '../../src/reporters/progress.js';
import type { CheckReport } from '../../src/model/report.js';

/** The layout tests compare plain text: colour is off (colour itself: progress-colour.test.ts). */
const PLAIN_ENV = { NO_COLOR: '1' };

function tty(columns = 100): ProgressStream & { out: string } {
  const s = { out: '', isTTY: true, columns, write: (c: string) => (s.out += c) };
  return s;
}

function result(id: string, status: CheckReport['status']): CheckReport {
  return {
    id,
    title: id,
    suite: 'envelope',
    severity: 'MUST',
    specRef: '001',
    requires: [],
    decisions: [],
    status,
    runs: 20,
    evidence: { cases: 20, tags: {} },
    durationMs: 7,
  };
}

describe('progressEnabled', () => {
  const base = { stream: { isTTY: true, write() {} }, stdoutIsTTY: true, env: {} };
  it('draws only when stderr and stdout are terminals, CI is unset and --quiet is not given', () => {
    expect(progressEnabled(base)).toBe(true);
    expect(progressEnabled({ ...base, stream: { isTTY: false, write() {} } })).toBe(false);
    expect(progressEnabled({ ...base, stream: { write() {} } })).toBe(false);
    expect(progressEnabled({ ...base, stdoutIsTTY: false })).toBe(false);
    expect(progressEnabled({ ...base, env: { CI: 'true' } })).toBe(false);
    expect(progressEnabled({ ...base, env: { CI: '1' } })).toBe(false);
    expect(progressEnabled({ ...base, env: { TERM: 'dumb' } })).toBe(false);
    expect(progressEnabled({ ...base, quiet: true })).toBe(false);
  });

  it('takes CI=false, CI=0 and an empty CI as "not CI"', () => {
    for (const CI of ['false', '0', '']) expect(progressEnabled({ ...base, env: { CI } })).toBe(true);
  });
});

describe('formatProgress', () => {
  it('shows checks done, failures so far, elapsed time and the running check', () => {
    expect(
      formatProgress({ done: 8, total: 16, failed: 1, errored: 2, current: 'ENV-EXPIRED', elapsedMs: 65_400 }),
    ).toBe('████████░░░░░░░░ 8/16 checks · 1 failed, 2 errored · 1:05 · ENV-EXPIRED');
    expect(formatProgress({ done: 0, total: 4, failed: 0, errored: 0, elapsedMs: 3_723_000 })).toBe(
      '░░░░░░░░░░░░░░░░ 0/4 checks · no failures · 1:02:03',
    );
  });

  it('never wraps: the line is cut one column short of the terminal width', () => {
    const line = formatProgress(
      { done: 1, total: 2, failed: 0, errored: 0, current: 'X'.repeat(200), elapsedMs: 0 },
      50,
    );
    expect([...line]).toHaveLength(49);
  });
});

describe('createProgressReporter', () => {
  it('redraws one line in place and clears it at the end', () => {
    const stream = tty();
    let t = 0;
    const p = createProgressReporter({ stream, stdoutIsTTY: true, env: PLAIN_ENV, clock: () => t, tickMs: 0 });
    p.onCheckStart({ id: 'ENV-A' }, 0, 2);
    t = 1500;
    p.onCheckEnd(result('ENV-A', 'failed'), 0, 2);
    p.onCheckStart({ id: 'ENV-B' }, 1, 2);
    p.onCheckEnd(result('ENV-B', 'passed'), 1, 2);
    p.onRunEnd();
    const frames = stream.out.split('\r\x1b[2K').filter(Boolean);
    expect(frames).toEqual([
      '░░░░░░░░░░░░░░░░ 0/2 checks · no failures · 0:00 · ENV-A',
      '████████░░░░░░░░ 1/2 checks · 1 failed · 0:01',
      '████████░░░░░░░░ 1/2 checks · 1 failed · 0:01 · ENV-B',
      '████████████████ 2/2 checks · 1 failed · 0:01',
    ]);
    expect(stream.out.endsWith('\r\x1b[2K')).toBe(true);
    expect(stream.out).not.toContain('\n');
  });

  it('with --verbose also leaves one line per finished check above the progress line', () => {
    const stream = tty();
    const p = createProgressReporter({
      stream,
      stdoutIsTTY: true,
      env: PLAIN_ENV,
      verbose: true,
      clock: () => 0,
      tickMs: 0,
    });
    p.onCheckStart({ id: 'ENV-A' }, 0, 1);
    p.onCheckEnd(result('ENV-A', 'errored'), 0, 1);
    p.onRunEnd();
    expect(stream.out).toContain('\r\x1b[2KERR  ENV-A (20 cases, 7 ms)\n');
  });

  it('counts cases and shows shrinking while a check runs, redrawing at most once per tick', () => {
    const stream = tty();
    let t = 0;
    const p = createProgressReporter({ stream, stdoutIsTTY: true, env: PLAIN_ENV, clock: () => t, tickMs: 1000 });
    p.onCheckStart({ id: 'ENV-SLOW' }, 0, 1);
    for (let i = 0; i < 300; i++) {
      t += 10; // a synchronous adapter: no timer can fire, only the case hook can redraw
      p.onCase('ENV-SLOW', false);
    }
    p.onCase('ENV-SLOW', true);
    t += 1000;
    p.onCase('ENV-SLOW', true);
    p.onRunEnd();
    const frames = stream.out.split('\r\x1b[2K').filter(Boolean);
    expect(frames).toEqual([
      '░░░░░░░░░░░░░░░░ 0/1 check · no failures · 0:00 · ENV-SLOW',
      '░░░░░░░░░░░░░░░░ 0/1 check · no failures · 0:01 · ENV-SLOW case 100',
      '░░░░░░░░░░░░░░░░ 0/1 check · no failures · 0:02 · ENV-SLOW case 200',
      '░░░░░░░░░░░░░░░░ 0/1 check · no failures · 0:03 · ENV-SLOW case 300',
      '░░░░░░░░░░░░░░░░ 0/1 check · no failures · 0:04 · ENV-SLOW shrinking',
    ]);
  });

  it('writes nothing at all when disabled', () => {
    const stream = tty();
    const p = createProgressReporter({ stream, stdoutIsTTY: true, env: { CI: 'true' }, tickMs: 10 });
    p.onCheckStart({ id: 'ENV-A' }, 0, 1);
    p.onCase('ENV-A', false);
    p.onCheckEnd(result('ENV-A', 'failed'), 0, 1);
    p.onRunEnd();
    expect(p.enabled).toBe(false);
    expect(stream.out).toBe('');
  });

  it('ticks the elapsed time while a long check runs', async () => {
    const stream = tty();
    let t = 0;
    const p = createProgressReporter({ stream, stdoutIsTTY: true, env: PLAIN_ENV, clock: () => t, tickMs: 5 });
    p.onCheckStart({ id: 'SLOW' }, 0, 1);
    t = 2000;
    await new Promise((r) => setTimeout(r, 40));
    p.onRunEnd();
    expect(stream.out).toContain('0/1 check · no failures · 0:02 · SLOW');
  });
});
