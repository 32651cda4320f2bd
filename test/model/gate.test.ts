import { describe, expect, it } from 'vitest';
import type { CheckStatus, Severity } from '../../src/model/report.js';
import {
  EXPECTATIONS_FORMAT,
  evaluateGate,
  expectedCounts,
  gateReport,
  updateExpectations,
  type Expectation,
} from '../../src/model/gate.js';
import { REPORT_FORMAT, summarize, type CheckReport, type Report } from '../../src/model/report.js';
import { schemaValidator } from '../../src/io/json-file.js';

function check(id: string, status: CheckStatus, severity: Severity = 'MUST'): CheckReport {
  return {
    id,
    title: id,
    suite: 'envelope',
    severity,
    specRef: '001 §x',
    requires: ['validateEnvelope'],
    decisions: [],
    status,
    runs: status === 'skipped' ? 0 : 10,
    evidence: { cases: status === 'skipped' ? 0 : 10, tags: {} },
    ...(status === 'failed'
      ? {
          failure: {
            message: `${id} broke`,
            counterexample: 1,
            expected: 1,
            actual: 2,
            seed: 1,
            path: '0',
            shrinks: 0,
            replay: 'x',
          },
        }
      : {}),
    ...(status === 'errored' ? { error: { message: `${id} threw` } } : {}),
    ...(status === 'skipped' ? { skipReason: 'adapter does not implement toKeyless' } : {}),
    durationMs: 1,
  };
}

function report(checks: CheckReport[], incomplete = false): Report {
  return {
    format: REPORT_FORMAT,
    tool: { name: 'uaix-conformance', version: '0' },
    adapter: { name: 'a', version: '1', spec: './a' },
    run: {
      seed: 1,
      runs: 10,
      timeoutMs: 1000,
      now: '2026-06-01T00:00:00Z',
      selection: { suites: [], checks: [] },
      catalogHash: `sha256:${'a'.repeat(64)}`,
      startedAt: '2026-01-01T00:00:00.000Z',
      durationMs: 1,
    },
    incomplete,
    checks,
    summary: summarize(checks),
  };
}

const file = (expectations: Expectation[]) => ({ format: EXPECTATIONS_FORMAT, expectations }) as const;
const TODAY = '2026-06-15';

describe('evaluateGate', () => {
  const r = report([
    check('ENV-A', 'failed'),
    check('ENV-B', 'errored'),
    check('ENV-C', 'passed'),
    check('WIRE-A', 'skipped'),
    check('ERR-S', 'failed', 'SHOULD'),
  ]);

  it('passes a run whose failures and skips are all expected; a glob covers several checks', () => {
    const g = evaluateGate(
      r,
      file([
        { check: 'ENV-*', outcome: 'fail', reason: 'r' },
        { check: 'WIRE-A', outcome: 'skip', reason: 'r' },
      ]),
      { today: TODAY },
    );
    expect(g.ok).toBe(true);
    expect(g.expected.map((e) => e.check.id)).toEqual(['ENV-A', 'ENV-B', 'WIRE-A']);
    expect(g.newShouldFailures.map((c) => c.id)).toEqual(['ERR-S']);
  });

  it('fails on a MUST failure no entry explains; SHOULD failures and skips without entries do not gate', () => {
    const g = evaluateGate(r, file([{ check: 'ENV-A', outcome: 'fail', reason: 'r' }]), { today: TODAY });
    expect(g.ok).toBe(false);
    expect(g.newFailures.map((c) => c.id)).toEqual(['ENV-B']);
    expect(g.unexpectedSkips.map((c) => c.id)).toEqual(['WIRE-A']);
  });

  it('an entry that explains nothing it matches is stale; an expired entry is stale but still explains', () => {
    const entries: Expectation[] = [
      { check: 'ENV-C', outcome: 'fail', reason: 'fixed since' },
      { check: 'ENV-A', outcome: 'skip', reason: 'wrong outcome' },
      { check: 'ENV-*', outcome: 'fail', reason: 'old', expires: '2026-06-14' },
    ];
    const g = evaluateGate(r, file(entries), { today: TODAY });
    expect(g.stale.map((s) => [s.entry.check, s.why])).toEqual([
      ['ENV-C', 'expected to fail, but it passed'],
      ['ENV-A', 'expected to skip, but it failed'],
      ['ENV-*', 'expired on 2026-06-14'],
    ]);
    expect(g.newFailures).toEqual([]);
    expect(g.ok).toBe(false);
    expect(evaluateGate(r, file(entries), { today: TODAY, allowStale: true }).ok).toBe(true);
  });

  it('the expiry day itself still holds', () => {
    const g = evaluateGate(r, file([{ check: 'ENV-*', outcome: 'fail', reason: 'r', expires: TODAY }]), {
      today: TODAY,
    });
    expect(g.stale).toEqual([]);
  });

  it('entries outside the run are left alone, unless they match no check of the catalog at all', () => {
    const g = evaluateGate(
      r,
      file([
        { check: 'UAS-*', outcome: 'fail', reason: 'r' },
        { check: 'ENV-TYPO', outcome: 'fail', reason: 'r' },
      ]),
      {
        today: TODAY,
        catalogIds: ['ENV-A', 'ENV-B', 'UAS-X'],
      },
    );
    expect(g.untouched.map((e) => e.check)).toEqual(['UAS-*']);
    expect(g.stale.map((s) => [s.entry.check, s.why])).toEqual([['ENV-TYPO', 'matches no check of the catalog']]);
  });

  it('an interrupted run never passes the gate', () => {
    expect(evaluateGate(report([check('ENV-C', 'passed')], true), file([]), { today: TODAY }).ok).toBe(false);
  });
});

describe('updateExpectations', () => {
  it('keeps what still holds word for word, keeps untouched entries, drops the rest, adds exact ids', () => {
    const r = report([
      check('ENV-A', 'failed'),
      check('ENV-B', 'errored'),
      check('ENV-C', 'passed'),
      check('WIRE-A', 'skipped'),
    ]);
    const prev = file([
      { check: 'ENV-A', outcome: 'fail', reason: 'human words', issue: 'https://example.org/1', expires: '2030-01-01' },
      { check: 'ENV-C', outcome: 'fail', reason: 'fixed since' },
      { check: 'UAS-*', outcome: 'skip', reason: 'not in this run' },
    ]);
    const u = updateExpectations(r, prev, { today: TODAY });
    expect(u.file.expectations).toEqual([
      { check: 'ENV-A', outcome: 'fail', reason: 'human words', issue: 'https://example.org/1', expires: '2030-01-01' },
      { check: 'UAS-*', outcome: 'skip', reason: 'not in this run' },
      { check: 'ENV-B', outcome: 'fail', reason: `recorded by --update-expect on ${TODAY}: ENV-B threw` },
      {
        check: 'WIRE-A',
        outcome: 'skip',
        reason: `recorded by --update-expect on ${TODAY}: adapter does not implement toKeyless`,
      },
    ]);
    expect(u.removed.map((s) => s.entry.check)).toEqual(['ENV-C']);
    expect(u.untouched.map((e) => e.check)).toEqual(['UAS-*']);
    expect(evaluateGate(r, u.file, { today: TODAY }).ok).toBe(true);
  });
});

describe('gateReport: the gate recorded in the report (format 2)', () => {
  const r = report([
    check('ENV-A', 'failed'),
    check('ENV-B', 'errored'),
    check('ENV-C', 'passed'),
    check('WIRE-A', 'skipped'),
    check('WIRE-B', 'failed'),
    check('ERR-S', 'failed', 'SHOULD'),
  ]);
  const entries: Expectation[] = [
    { check: 'ENV-*', outcome: 'fail', reason: 'envelopes', issue: 'https://example.org/1' },
    { check: 'WIRE-A', outcome: 'skip', reason: 'no keyless', expires: '2026-06-14' },
    { check: 'WIRE-B', outcome: 'skip', reason: 'wrong outcome' },
    { check: 'UAS-*', outcome: 'fail', reason: 'elsewhere' },
  ];
  const { report: gated, result } = gateReport(r, file(entries), { file: 'known.json', today: TODAY });
  const x = (id: string) => gated.checks.find((c) => c.id === id)!.expectation;

  it('gives each check an entry matched its expectation, and no other check one', () => {
    expect(x('ENV-A')).toEqual({ entry: entries[0], result: 'expected', gating: false });
    expect(x('ENV-B')).toEqual({ entry: entries[0], result: 'expected', gating: false });
    // The glob explains its other checks, so it is not stale: this pass is marked, and does not gate.
    expect(x('ENV-C')).toEqual({
      entry: entries[0],
      result: 'unexpected-pass',
      why: 'expected to fail, but it passed',
      gating: false,
    });
    expect(x('WIRE-A')).toEqual({ entry: entries[1], result: 'stale', why: 'expired on 2026-06-14', gating: true });
    expect(x('WIRE-B')).toEqual({
      entry: entries[2],
      result: 'stale',
      why: 'expected to skip, but it failed',
      gating: true,
    });
    expect(x('ERR-S')).toBeUndefined();
  });

  it('records the gate by check id, as evaluateGate decided it', () => {
    expect(gated.gate).toEqual({
      file: 'known.json',
      ok: result.ok,
      allowStale: false,
      newFailures: result.newFailures.map((c) => c.id),
      newShouldFailures: result.newShouldFailures.map((c) => c.id),
      unexpectedSkips: result.unexpectedSkips.map((c) => c.id),
      expected: result.expected.map((e) => ({ check: e.check.id, entry: e.entry })),
      stale: result.stale,
      untouched: [entries[3]],
    });
    expect(result).toEqual(evaluateGate(r, file(entries), { today: TODAY }));
    expect(gated.gate!.newFailures).toEqual(['WIRE-B']);
  });

  it('keeps every other field and the key order of a check (expectation before the timing field), and is valid against the schema', () => {
    const { expectation: _x, ...rest } = gated.checks[0]!;
    expect(rest).toEqual(r.checks[0]);
    expect(Object.keys(gated.checks[0]!).slice(-2)).toEqual(['expectation', 'durationMs']);
    const validate = schemaValidator('report');
    expect(validate(JSON.parse(JSON.stringify(gated))), JSON.stringify(validate.errors)).toBe(true);
    // Format 1 has no gate (nor format 3's not-judged count): the same report stamped format 1 is invalid.
    const { notJudged: _n, ...summary1 } = r.summary;
    expect(
      validate(JSON.parse(JSON.stringify({ ...gated, summary: summary1, format: 'uaix-conformance-report/1' }))),
    ).toBe(false);
    expect(validate(JSON.parse(JSON.stringify({ ...r, summary: summary1, format: 'uaix-conformance-report/1' })))).toBe(
      true,
    );
    expect(validate(JSON.parse(JSON.stringify({ ...r, format: 'uaix-conformance-report/1' })))).toBe(false);
  });

  it('counts expected results by status', () => {
    expect(expectedCounts(gated)).toEqual({ failed: 1, errored: 1, skipped: 0, 'not-judged': 0 });
    expect(expectedCounts(r)).toEqual({ failed: 0, errored: 0, skipped: 0, 'not-judged': 0 });
  });
});
