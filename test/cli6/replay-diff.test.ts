import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli, expectUsageError, failingRun, readJson } from './helpers.js';

let dir: string;
beforeAll(() => {
  dir = failingRun();
});

describe('replay', () => {
  it('says STILL FAILING (exit 1) against the adapter that failed, with the same expected and actual', () => {
    const r = cli(['replay', 'bad/report.json', 'ENV-EXPIRED'], dir);
    expect(r.code, r.stderr).toBe(1);
    const failure = readJson(join(dir, 'bad', 'report.json')).checks.find((c: any) => c.id === 'ENV-EXPIRED').failure;
    expect(r.stdout).toMatch(/^STILL FAILING ENV-EXPIRED \(seed 4, path /);
    expect(r.stdout).toContain(failure.message);
    expect(r.stdout).toContain(`actual:   ${JSON.stringify(failure.actual)}`);
  });

  it('says FIXED (exit 0) against a fixed adapter', () => {
    const r = cli(['replay', 'bad/report.json', 'ENV-EXPIRED', '--adapter', 'reference'], dir);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^FIXED ENV-EXPIRED: the case \(seed 4, path .*\) now passes/);
  });

  it('replays a case named by --seed and --path without a report', () => {
    const failure = readJson(join(dir, 'bad', 'report.json')).checks.find((c: any) => c.id === 'ENV-EXPIRED').failure;
    const r = cli(['replay', 'ENV-EXPIRED', '--adapter', './bad.mjs', '--seed', '4', '--runs', '20', '--path', failure.path], dir);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toMatch(/^STILL FAILING ENV-EXPIRED/);
  });

  it('refuses bad input with one line and exit 2', () => {
    expectUsageError(cli(['replay', 'missing.json', 'ENV-EXPIRED'], dir), /report missing\.json: no such file/);
    writeFileSync(join(dir, 'other.json'), '{"format":"something-else/1"}');
    expectUsageError(cli(['replay', 'other.json', 'ENV-EXPIRED'], dir), /other\.json is not a uaix-conformance report/);
    writeFileSync(join(dir, 'broken.json'), '{"format":');
    expectUsageError(cli(['replay', 'broken.json', 'ENV-EXPIRED'], dir), /broken\.json is not valid JSON/);
    expectUsageError(cli(['replay', 'bad/report.json', 'ENV-NOPE'], dir), /no check ENV-NOPE in this catalog/);
    expectUsageError(cli(['replay', 'bad/report.json', 'INT-CHECKSUM'], dir), /INT-CHECKSUM is not in bad\/report\.json/);
    expectUsageError(cli(['replay', 'bad/report.json', 'ENV-SEED-FIXTURES'], dir), /ENV-SEED-FIXTURES did not fail in this report \(it passed\); give --path/);
    expectUsageError(cli(['replay', 'ENV-EXPIRED', '--adapter', 'reference'], dir), /needs --seed/);
  });

  it('refuses, with a clear message, a report made by a different catalog', () => {
    const report = readJson(join(dir, 'bad', 'report.json'));
    report.run.catalogHash = `sha256:${'0'.repeat(64)}`;
    writeFileSync(join(dir, 'foreign.json'), JSON.stringify(report));
    expectUsageError(cli(['replay', 'foreign.json', 'ENV-EXPIRED'], dir), /replay refuses this report: the report was made by another check catalog, other generators or other spec data/);
  });
});

describe('diff', () => {
  it('a fixed check: Markdown, exit 0', () => {
    const r = cli(['diff', 'bad/report.json', 'good/report.json'], dir);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/\*\*0 regressed, 1 fixed, 0 changed, 0 new, 0 removed, 2 unchanged\.\*\*/);
    expect(r.stdout).toMatch(/## Fixed\n\n\| Check \|.*\n\|---.*\n\| `ENV-EXPIRED` \| MUST \| failed \| passed \|/);
  });

  it('a regression: exit 1; JSON on request', () => {
    const r = cli(['diff', 'good/report.json', 'bad/report.json', '--json'], dir);
    expect(r.code, r.stderr).toBe(1);
    const d = JSON.parse(r.stdout);
    expect(d.regressed.map((e: any) => [e.id, e.before, e.after])).toEqual([['ENV-EXPIRED', 'passed', 'failed']]);
    expect(d.catalogChanged).toBe(false);
  });

  it('aligns checks by id, never by position', () => {
    const good = readJson(join(dir, 'good', 'report.json'));
    good.checks.reverse();
    good.checks = good.checks.filter((c: any) => c.id !== 'WIRE-ROUNDTRIP');
    writeFileSync(join(dir, 'reordered.json'), JSON.stringify(good));
    const d = JSON.parse(cli(['diff', 'bad/report.json', 'reordered.json', '--json'], dir).stdout);
    expect({ fixed: d.fixed.map((e: any) => e.id), removed: d.removed.map((e: any) => e.id), unchanged: d.unchanged }).toEqual({ fixed: ['ENV-EXPIRED'], removed: ['WIRE-ROUNDTRIP'], unchanged: 1 });
  });

  it('refuses bad input with one line and exit 2', () => {
    expectUsageError(cli(['diff', 'good/report.json'], dir), /diff takes two reports, old then new/);
    expectUsageError(cli(['diff', 'good/report.json', 'nope.json'], dir), /report nope\.json: no such file/);
    writeFileSync(join(dir, 'not-report.json'), '{"format":"uaix-conformance-report/1","checks":[]}');
    expectUsageError(cli(['diff', 'not-report.json', 'good/report.json'], dir), /not-report\.json is not a valid report: \/: must have required property/);
  });
});
