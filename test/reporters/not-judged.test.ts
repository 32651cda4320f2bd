import { describe, expect, it } from 'vitest';
import { emptyRunLine, EXIT, exitCodeOf } from '../../src/cli/exit.js';
import { schemaValidator } from '../../src/io/json-file.js';
import { type CheckReport, REPORT_FORMAT, type Report, summarize } from '../../src/model/report.js';
import { ratioText, verdictOf } from '../../src/model/verdict.js';
import { badgeOf } from '../../src/reporters/badge.js';
import { renderHtml } from '../../src/reporters/html.js';
import { renderJunit } from '../../src/reporters/junit.js';
import { renderMarkdown } from '../../src/reporters/markdown.js';
import { renderSummary } from '../../src/reporters/terminal.js';

/** A report of `checks`, as a run writes it. */
function reportOf(checks: CheckReport[]): Report {
  return {
    format: REPORT_FORMAT,
    tool: { name: 'uaix-conformance', version: '0.0.0-test' },
    adapter: { name: 'idle agent', version: '1', spec: './idle.mjs' },
    run: {
      seed: 1,
      runs: 20,
      timeoutMs: 10_000,
      now: '2026-06-01T00:00:00Z',
      selection: { suites: [], checks: [] },
      catalogHash: `sha256:${'0'.repeat(64)}`,
      startedAt: '2026-06-01T00:00:00.000Z',
      durationMs: 1,
    },
    incomplete: false,
    checks,
    summary: summarize(checks),
  };
}

const head = (id: string) => ({
  id,
  title: `Title of ${id}`,
  suite: 'recovery',
  severity: 'MUST' as const,
  specRef: '000 §Scenario',
  requires: ['recovery'],
  decisions: ['D-REC-01'],
  runs: 20,
  durationMs: 3,
});
const passed: CheckReport = { ...head('REC-A'), status: 'passed', evidence: { cases: 20, notJudged: 5, tags: {} } };
const vacuous: CheckReport = {
  ...head('REC-B'),
  status: 'not-judged',
  evidence: { cases: 20, notJudged: 20, tags: {} },
  notJudged: { reason: 'never-faulted', message: 'no fault was ever delivered: the agent sent nothing' },
};

describe('a check that judged nothing, in every format', () => {
  const r = reportOf([passed, vacuous]);

  it('report.json: valid format 3, counted apart from passed', () => {
    const validate = schemaValidator('report');
    expect(validate(JSON.parse(JSON.stringify(r))), JSON.stringify(validate.errors)).toBe(true);
    expect(r.summary).toMatchObject({ total: 2, passed: 1, notJudged: 1, failed: 0, skipped: 0 });
    // Not in an older format.
    expect(validate(JSON.parse(JSON.stringify({ ...r, format: 'uaix-conformance-report/2' })))).toBe(false);
  });

  it('the verdict warns, and the ratio leaves it unpassed', () => {
    expect(verdictOf(r)).toMatchObject({ state: 'warn', ran: 2, passed: 1 });
    expect(ratioText(r)).toBe('1/2 passed, 1 not judged');
    expect(badgeOf(r)).toMatchObject({ message: '1/2 passed, 1 not judged', color: 'yellow' });
  });

  it('the exit code: 0 while something else was judged; 4 (nothing judged) when not-judged and skipped checks are all there is', () => {
    expect(exitCodeOf(r)).toBe(EXIT.ok);
    const none = reportOf([vacuous]);
    expect(verdictOf(none).state).toBe('empty');
    expect(exitCodeOf(none)).toBe(EXIT.empty);
    expect(exitCodeOf(none, undefined, { allowEmpty: true })).toBe(EXIT.ok);
    expect(emptyRunLine(none)).toBe(
      'uaix-conformance: nothing was judged: the one selected check ran and judged nothing (not judged); exit 4 (pass --allow-empty to accept a run that judges nothing)\n',
    );
  });

  it('the terminal names it and says why, always (as it does a failure)', () => {
    const out = renderSummary(r);
    expect(out).toContain(
      'VOID REC-B [MUST] Title of REC-B\n     not judged: no fault was ever delivered: the agent sent nothing',
    );
    expect(out).not.toContain('REC-A');
    expect(out).toContain('2 checks: 1 passed, 0 failed, 0 errored, 0 skipped, 1 not judged');
  });

  it('summary.md: a column and a list of its own, apart from failures', () => {
    const md = renderMarkdown(r);
    expect(md).toContain('| Suite | Passed | Failed | Errored | Skipped | Not judged |');
    expect(md).toContain('| recovery | 1 | 0 | 0 | 0 | 1 |');
    expect(md).toContain('Checks that judged nothing (1)');
    expect(md).toContain('`REC-B`: `no fault was ever delivered: the agent sent nothing`');
    expect(md).not.toContain('Failures and errors');
  });

  it('report.html: its status, its reason, a filter and a legend entry', () => {
    const html = renderHtml(r);
    expect(html).toContain('<span class="status not-judged">NOT JUDGED</span>');
    expect(html).toContain('Not judged: no fault was ever delivered: the agent sent nothing');
    expect(html).toContain('id="f-not-judged"');
    expect(html).toContain('<li class="not-judged">1 not judged</li>');
  });

  it('junit.xml: a skip whose message says it judged nothing', () => {
    const xml = renderJunit(r);
    expect(xml).toContain('skipped="1"');
    expect(xml).toMatch(/<skipped message="not judged: no fault was ever delivered: the agent sent nothing"/);
  });

  it('a report without any reads as before: no not-judged column, count or legend', () => {
    const plain = reportOf([passed]);
    expect(renderMarkdown(plain)).toContain('| Suite | Passed | Failed | Errored | Skipped |\n');
    expect(renderSummary(plain)).toContain('1 check: 1 passed, 0 failed, 0 errored, 0 skipped (seed');
    expect(renderHtml(plain)).not.toContain('not judged');
  });
});
