import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readReport } from '../../src/io/json-file.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli, expectUsageError, failingRun, QUICK, readJson } from '../helpers/cli.js';

const FORMAT = 'uaix-conformance-expectations/1';
let dir: string;
beforeAll(async () => {
  dir = await failingRun();
});

function expectations(name: string, entries: object[]): string {
  writeFileSync(join(dir, name), JSON.stringify({ format: FORMAT, expectations: entries }, null, 2));
  return name;
}

describe('--expect on a run', () => {
  it('a run that matches its expectations exits 0; every report file shows the failure as expected', async () => {
    const entry = {
      check: 'ENV-EXPIRED',
      outcome: 'fail',
      reason: 'expiry not implemented yet',
      issue: 'https://example.org/issues/7',
      expires: '2999-12-31',
    };
    const file = expectations('known.json', [entry]);
    const r = await cli(['--adapter', './bad.mjs', ...QUICK, '--out', 'gated', '--expect', file], dir);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/gate: PASSED \(1 expected, 0 new failures, 0 stale\)/);
    // report.json records the gate and each matched check (and is valid against the schema).
    const report = readReport(join(dir, 'gated', 'report.json'));
    expect(report.gate).toEqual({
      file,
      ok: true,
      allowStale: false,
      newFailures: [],
      newShouldFailures: [],
      unexpectedSkips: [],
      expected: [{ check: 'ENV-EXPIRED', entry }],
      stale: [],
      untouched: [],
    });
    expect(report.checks.filter((c) => c.expectation).map((c) => [c.id, c.status, c.expectation])).toEqual([
      ['ENV-EXPIRED', 'failed', { entry, result: 'expected', gating: false }],
    ]);
    const junit = readFileSync(join(dir, 'gated', 'junit.xml'), 'utf8');
    expect(junit).toContain(`<skipped message="expected failure: ${entry.reason} (${entry.issue})">`);
    expect(junit).not.toContain('<failure');
    const failed = report.summary.failed;
    expect(readFileSync(join(dir, 'gated', 'summary.md'), 'utf8')).toContain(`${failed} failed (${failed} expected)`);
    const html = readFileSync(join(dir, 'gated', 'report.html'), 'utf8');
    expect(html).toContain('<li class="check failed expected" id="check-ENV-EXPIRED">');
    expect(html).toContain(`<a href="${entry.issue}" rel="noreferrer">${entry.issue}</a> · expires ${entry.expires}`);
  });

  it('a new failure exits 1 and is named', async () => {
    const file = expectations('other.json', [{ check: 'WIRE-*', outcome: 'skip', reason: 'no keyless support' }]);
    const r = await cli(
      ['--adapter', './bad.mjs', ...QUICK, '--out', 'gated2', '--expect', file, '--allow-stale'],
      dir,
    );
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^NEW FAILURE ENV-EXPIRED \[MUST\] failed: accepted an envelope/m);
    expect(r.stdout).toMatch(/gate: FAILED/);
    // WIRE-ROUNDTRIP passed: an unexpected pass, allowed by --allow-stale, so junit.xml keeps it a pass with its expectation as a property.
    const junit = readFileSync(join(dir, 'gated2', 'junit.xml'), 'utf8');
    expect(junit).toMatch(
      /<testcase name="WIRE-ROUNDTRIP[^"]*"[^>]*>\s*<properties>\s*<property name="expectation" value="unexpected-pass"\/>[\s\S]*?<\/properties>\s*<\/testcase>/,
    );
    expect(junit).not.toContain('stale-expectation');
  });

  it('an expectations file with an unknown field, or missing, is a usage error before anything runs', async () => {
    const file = expectations('typo.json', [
      { check: 'ENV-EXPIRED', outcome: 'fail', reason: 'x', expiry: '2030-01-01' },
    ]);
    expectUsageError(
      await cli(['--adapter', './bad.mjs', ...QUICK, '--expect', file], dir),
      /expectations file typo\.json is invalid: \/expectations\/0: unknown field "expiry"/,
    );
    expectUsageError(
      await cli(['--adapter', './bad.mjs', ...QUICK, '--expect', 'nowhere.json'], dir),
      /expectations file nowhere\.json: no such file/,
    );
    expectUsageError(
      await cli(['--adapter', './bad.mjs', ...QUICK, '--allow-stale'], dir),
      /--allow-stale needs --expect <file>/,
    );
    expectUsageError(
      await cli(['--adapter', './bad.mjs', ...QUICK, '--shard', '3/2'], dir),
      /--shard: a shard is i\/n/,
    );
    expectUsageError(
      await cli(['--adapter', './bad.mjs', ...QUICK, '--shard', '1/2', '--expect', 'known.json'], dir),
      /--expect gates whole runs: run the shards without it, then: uaix-conformance merge/,
    );
    // Nothing ran: no report was written.
    expect(existsSync(join(dir, 'reports'))).toBe(false);
  });
});

describe('gate <report.json> --expect <file>', () => {
  it('an expected failure that now passes is stale: exit 1, or 0 with --allow-stale', async () => {
    const file = expectations('stale.json', [{ check: 'ENV-EXPIRED', outcome: 'fail', reason: 'was broken' }]);
    const r = await cli(['gate', 'good/report.json', '--expect', file], dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^STALE ENV-EXPIRED \(fail: was broken\): expected to fail, but it passed$/m);
    const allowed = await cli(['gate', 'good/report.json', '--expect', file, '--allow-stale'], dir);
    expect(allowed.code).toBe(0);
    expect(allowed.stdout).toMatch(/allowed by --allow-stale/);
  });

  it('an expired entry is stale even when the check still fails', async () => {
    const file = expectations('expired.json', [
      { check: 'ENV-EXP*', outcome: 'fail', reason: 'until the rewrite', expires: '2001-02-03' },
    ]);
    const r = await cli(['gate', 'bad/report.json', '--expect', file], dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/STALE ENV-EXP\* \(fail: until the rewrite\): expired on 2001-02-03/);
  });

  it('--update-expect writes the file, keeps reasons and entries the run did not touch, drops what is no longer true', async () => {
    const file = expectations('update.json', [
      {
        check: 'ENV-EXPIRED',
        outcome: 'fail',
        reason: 'the reason a human wrote',
        issue: 'https://example.org/issues/7',
      },
      { check: 'ERR-*', outcome: 'skip', reason: 'no error payload validator' },
      { check: 'WIRE-ROUNDTRIP', outcome: 'fail', reason: 'fixed since' },
    ]);
    const r = await cli(['gate', 'bad/report.json', '--expect', file, '--update-expect'], dir);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/expectations: removed WIRE-ROUNDTRIP \(no longer fails\)/);
    expect(r.stderr).toMatch(/expectations: kept 1 entry this run did not touch: ERR-\*/);
    expect(readJson(join(dir, file)).expectations).toEqual([
      {
        check: 'ENV-EXPIRED',
        outcome: 'fail',
        reason: 'the reason a human wrote',
        issue: 'https://example.org/issues/7',
      },
      { check: 'ERR-*', outcome: 'skip', reason: 'no error payload validator' },
    ]);
  });

  it('--update-expect creates a missing file from the report; the gate then passes', async () => {
    const r = await cli(['gate', 'bad/report.json', '--expect', 'new.json', '--update-expect'], dir);
    expect(r.code, r.stderr).toBe(0);
    const written = readJson(join(dir, 'new.json'));
    expect(written.expectations.map((e: any) => [e.check, e.outcome])).toEqual([['ENV-EXPIRED', 'fail']]);
    expect(written.expectations[0].reason).toMatch(
      /^recorded by --update-expect on \d{4}-\d{2}-\d{2}: accepted an envelope/,
    );
    expect((await cli(['gate', 'bad/report.json', '--expect', 'new.json'], dir)).code).toBe(0);
  });

  it('never writes over a file that is not an expectations file', async () => {
    writeFileSync(join(dir, 'notes.json'), '{"todo": ["buy milk"]}');
    expectUsageError(
      await cli(['gate', 'bad/report.json', '--expect', 'notes.json', '--update-expect'], dir),
      /expectations file notes\.json is invalid: \/: (must have required property|unknown field)/,
    );
    expect(readFileSync(join(dir, 'notes.json'), 'utf8')).toBe('{"todo": ["buy milk"]}');
  });

  it('refuses bad input with one line and exit 2', async () => {
    expectUsageError(await cli(['gate', '--expect', 'known.json'], dir), /gate takes one report\.json/);
    expectUsageError(await cli(['gate', 'good/report.json'], dir), /gate needs --expect/);
    expectUsageError(
      await cli(['gate', 'missing.json', '--expect', 'known.json'], dir),
      /report missing\.json: no such file/,
    );
    expect(existsSync(join(dir, 'missing.json'))).toBe(false);
  });
});

describe('--expect: the gate in the report files', () => {
  it('an unexpected pass is recorded, and fails junit.xml as it fails the gate (with --allow-stale: test/reporters/junit.test.ts)', async () => {
    const file = expectations('unexpected.json', [
      { check: 'ENV-EXPIRED', outcome: 'fail', reason: 'known' },
      { check: 'WIRE-ROUNDTRIP', outcome: 'fail', reason: 'fixed since' },
    ]);
    const strict = await cli(['--adapter', './bad.mjs', ...QUICK, '--out', 'unexpected', '--expect', file], dir);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toMatch(/^STALE WIRE-ROUNDTRIP \(fail: fixed since\): expected to fail, but it passed$/m);
    const report = readReport(join(dir, 'unexpected', 'report.json'));
    expect(report.checks.find((c) => c.id === 'WIRE-ROUNDTRIP')!.expectation).toEqual({
      entry: { check: 'WIRE-ROUNDTRIP', outcome: 'fail', reason: 'fixed since' },
      result: 'unexpected-pass',
      why: 'expected to fail, but it passed',
      gating: true,
    });
    expect(readFileSync(join(dir, 'unexpected', 'junit.xml'), 'utf8')).toMatch(
      /<testcase name="WIRE-ROUNDTRIP[^"]*"[^>]*>\s*<properties>[\s\S]*?<\/properties>\s*<failure message="unexpected pass: expected to fail, but it passed; entry WIRE-ROUNDTRIP \(fail: fixed since\)" type="stale-expectation"\/>/,
    );
  });

  it('--update-expect on a run: the reports record the file as rewritten from the run', async () => {
    const r = await cli(
      ['--adapter', './bad.mjs', ...QUICK, '--out', 'updated', '--expect', 'run-new.json', '--update-expect'],
      dir,
    );
    expect(r.code, r.stderr).toBe(0);
    const written = readJson(join(dir, 'run-new.json')).expectations;
    const report = readReport(join(dir, 'updated', 'report.json'));
    expect(report.gate!.expected.map((e) => e.entry)).toEqual(written);
  });
});

/** A report.json of an older version (format 1): the reference's own, before the format bump, trimmed. */
const V1_REFERENCE = fileURLToPath(new URL('../fixtures/report-v1/reference.json', import.meta.url));

describe('gate of a format-1 report (an older version)', () => {
  it('loads it and applies the expectations: an entry for a check that passed is stale', async () => {
    const old = readJson(V1_REFERENCE);
    const passed = old.checks.find((c: any) => c.status === 'passed').id;
    const file = expectations('v1.json', [{ check: passed, outcome: 'fail', reason: 'was broken' }]);
    const r = await cli(['gate', V1_REFERENCE, '--expect', file], dir);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toContain(`STALE ${passed} (fail: was broken): expected to fail, but it passed`);
    expect((await cli(['gate', V1_REFERENCE, '--expect', expectations('v1-empty.json', [])], dir)).code).toBe(
      old.summary.mustFailed > 0 ? 1 : 0,
    );
  });
});
