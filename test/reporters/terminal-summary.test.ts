import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPORT_FORMAT, summarize, type CheckReport, type Report } from '../../src/model/report.js';
import { renderSummary, summaryOptionsFor, writtenLine } from '../../src/reporters/terminal.js';
import { palette } from '../../src/reporters/terminal-style.js';

/** A report of the given checks: the summary counts derived from them. */
function reportOf(checks: CheckReport[], runs = 20): Report {
  return {
    format: REPORT_FORMAT,
    tool: { name: 'uaix-conformance', version: '0.0.0' },
    adapter: { name: 'x', version: '1', spec: './x.mjs' },
    run: {
      seed: 7,
      runs,
      timeoutMs: 1000,
      now: '2026-01-01T00:00:00Z',
      selection: { suites: [], checks: [] },
      catalogHash: `sha256:${'0'.repeat(64)}`,
      startedAt: '2026-01-01T00:00:00.000Z',
      durationMs: 1,
    },
    incomplete: false,
    checks,
    summary: summarize(checks),
  } as Report;
}

const base = {
  title: 'A title',
  suite: 'envelope',
  severity: 'MUST',
  specRef: '001',
  requires: [],
  decisions: [],
  runs: 1,
  evidence: { cases: 1, tags: {} },
  durationMs: 1,
} as const;
const passed: CheckReport = { ...base, id: 'ENV-OK', status: 'passed' };
const failed: CheckReport = {
  ...base,
  id: 'ENV-BAD',
  status: 'failed',
  failure: {
    message: 'accepted it',
    counterexample: { packet: { a: 1, b: 'two' } },
    expected: { valid: false },
    actual: { valid: true },
    seed: 1,
    path: '3',
    shrinks: 0,
    replay: 'npx uaix-conformance --replay 3',
    focus: '/packet/b',
  },
};

describe('renderSummary', () => {
  it('shows each failure with its case, the changed member marked, the failure file, expected, actual and replay', () => {
    const text = renderSummary(reportOf([passed, failed]), { failureFile: (id) => `out/failures/${id}.json` });
    expect(text).toBe(
      [
        'FAIL ENV-BAD [MUST] A title',
        '     accepted it',
        '     counterexample (whole case: out/failures/ENV-BAD.json), > /packet/b changed:',
        '         {',
        '           "packet": {',
        '             "a": 1,',
        '       >     "b": "two"',
        '           }',
        '         }',
        '     expected: {"valid":false}',
        '     actual:   {"valid":true}',
        '     replay: npx uaix-conformance --replay 3',
        '     tried: 1 case',
        '2 checks: 1 passed, 1 failed, 0 errored, 0 skipped (seed 7, 20 runs)',
        '',
      ].join('\n'),
    );
  });

  it('says "1 check" and "1 run" in the singular', () => {
    expect(renderSummary(reportOf([passed], 1))).toBe(
      '1 check: 1 passed, 0 failed, 0 errored, 0 skipped (seed 7, 1 run)\n',
    );
  });

  it('colours statuses and counts with a palette that is on, and only adds colour', () => {
    const report = reportOf([passed, failed]);
    const on = renderSummary(report, { palette: palette(true) });
    expect(on).toContain('\x1b[31mFAIL\x1b[39m ENV-BAD');
    expect(on).toContain('\x1b[32m1 passed\x1b[39m');
    expect(on.replace(/\x1b\[\d+m/g, '')).toBe(renderSummary(report));
  });
});

describe('summaryOptionsFor', () => {
  it('takes the width of a terminal only, colour as the stream and environment say, and finds each failure file', () => {
    const files = ['out/report.json', join('out', 'failures', 'ENV-BAD.json')];
    const tty = summaryOptionsFor({ isTTY: true, columns: 60 }, {}, files);
    expect(tty.columns).toBe(60);
    expect(tty.palette!.enabled).toBe(true);
    expect(tty.failureFile!('ENV-BAD')).toBe(files[1]);
    expect(tty.failureFile!('ENV-OK')).toBeUndefined();
    const pipe = summaryOptionsFor({ isTTY: false, columns: 60 }, {}, files);
    expect(pipe.columns).toBeUndefined();
    expect(pipe.palette!.enabled).toBe(false);
  });
});

describe('writtenLine', () => {
  it('names the report files, and the failure files by their folder and count', () => {
    const files = ['out/report.json', 'out/junit.xml', ...['ENV-A', 'ENV-B'].map((id) => `out/failures/${id}.json`)];
    expect(writtenLine(files)).toBe('reports: out/report.json, out/junit.xml, out/failures/ (2 failure files)\n');
    expect(writtenLine(['r/report.json', 'r/failures/ENV-A.json'])).toBe(
      'reports: r/report.json, r/failures/ (1 failure file)\n',
    );
    expect(writtenLine(['r/report.json'])).toBe('reports: r/report.json\n');
  });
});
