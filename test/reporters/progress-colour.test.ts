import { describe, expect, it } from 'vitest';
import type { CheckReport } from '../../src/model/report.js';
import { createProgressReporter, formatProgress, type ProgressStream } from '../../src/reporters/progress.js';
import { palette } from '../../src/reporters/terminal-style.js';

const SGR = /\x1b\[\d+m/g;

function stream(isTTY: boolean): ProgressStream & { out: string } {
  const s = { out: '', isTTY, columns: 100, write: (c: string) => (s.out += c) };
  return s;
}

function result(status: CheckReport['status']): CheckReport {
  return {
    id: 'ENV-A',
    title: 'A',
    suite: 'envelope',
    severity: 'MUST',
    specRef: '001',
    requires: [],
    decisions: [],
    status,
    runs: 1,
    evidence: { cases: 1, tags: {} },
    durationMs: 3,
  } as CheckReport;
}

/** Draws a run of one failed check, verbose, and returns what was written. */
function draw(env: Record<string, string | undefined>): string {
  const s = stream(true);
  const p = createProgressReporter({ stream: s, stdoutIsTTY: true, env, verbose: true, clock: () => 0, tickMs: 0 });
  p.onCheckStart({ id: 'ENV-A' }, 0, 1);
  p.onCheckEnd(result('failed'), 0, 1);
  p.onRunEnd();
  return s.out;
}

describe('the progress line in colour', () => {
  it('colours the failure counts and the status of a finished check on a terminal', () => {
    const out = draw({});
    expect(out).toContain('\x1b[31mFAIL\x1b[39m ENV-A (1 case, 3 ms)');
    expect(out).toContain('1/1 check · \x1b[31m1 failed\x1b[39m · 0:00');
  });

  it('is plain with NO_COLOR', () => {
    const out = draw({ NO_COLOR: '1' });
    expect(out).not.toMatch(SGR);
    expect(out).toContain('FAIL ENV-A (1 case, 3 ms)');
  });

  it('adds colour only to a line that was not cut, so that it never grows past the width', () => {
    const state = { done: 1, total: 2, failed: 1, errored: 1, current: 'ENV-A', elapsedMs: 0 };
    const on = formatProgress(state, 100, palette(true));
    expect(on).toMatch(SGR);
    expect(on.replace(SGR, '')).toBe(formatProgress(state, 100));
    const cut = formatProgress({ ...state, current: 'X'.repeat(200) }, 60, palette(true));
    expect(cut).not.toMatch(SGR);
    expect([...cut]).toHaveLength(59);
  });
});
