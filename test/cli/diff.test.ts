import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli, expectUsageError, failingRun, readJson } from '../helpers/cli.js';

let dir: string;
beforeAll(async () => {
  dir = await failingRun();
});

describe('diff <old report.json> <new report.json>', () => {
  it('a fixed check: Markdown, exit 0', async () => {
    const r = await cli(['diff', 'bad/report.json', 'good/report.json'], dir);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/\*\*0 regressed, 1 fixed, 0 changed, 0 new, 0 removed, 2 unchanged\.\*\*/);
    expect(r.stdout).toMatch(/## Fixed\n\n\| Check \|.*\n\|---.*\n\| `ENV-EXPIRED` \| MUST \| failed \| passed \|/);
  });

  it('a regression: exit 1; JSON on request', async () => {
    const r = await cli(['diff', 'good/report.json', 'bad/report.json', '--json'], dir);
    expect(r.code, r.stderr).toBe(1);
    const d = JSON.parse(r.stdout);
    expect(d.regressed.map((e: any) => [e.id, e.before, e.after])).toEqual([['ENV-EXPIRED', 'passed', 'failed']]);
    expect(d.catalogChanged).toBe(false);
  });

  it('aligns checks by id, never by position', async () => {
    const good = readJson(join(dir, 'good', 'report.json'));
    good.checks.reverse();
    good.checks = good.checks.filter((c: any) => c.id !== 'WIRE-ROUNDTRIP');
    writeFileSync(join(dir, 'reordered.json'), JSON.stringify(good));
    const d = JSON.parse((await cli(['diff', 'bad/report.json', 'reordered.json', '--json'], dir)).stdout);
    expect({
      fixed: d.fixed.map((e: any) => e.id),
      removed: d.removed.map((e: any) => e.id),
      unchanged: d.unchanged,
    }).toEqual({ fixed: ['ENV-EXPIRED'], removed: ['WIRE-ROUNDTRIP'], unchanged: 1 });
  });

  it('refuses bad input with one line and exit 2', async () => {
    expectUsageError(await cli(['diff', 'good/report.json'], dir), /diff takes two reports, old then new/);
    expectUsageError(await cli(['diff', 'good/report.json', 'nope.json'], dir), /report nope\.json: no such file/);
    writeFileSync(join(dir, 'not-report.json'), '{"format":"uaix-conformance-report/1","checks":[]}');
    expectUsageError(
      await cli(['diff', 'not-report.json', 'good/report.json'], dir),
      /not-report\.json is not a valid report: \/: must have required property/,
    );
  });
});

/** A report.json of an older version (format 1): the reference's own report before the format bump, trimmed to two checks a suite. */
const V1_REFERENCE = fileURLToPath(new URL('../fixtures/report-v1/reference.json', import.meta.url));

describe('diff of a format-1 report (an older version) and a format-2 one', () => {
  it('loads both and aligns them by id', async () => {
    const old = readJson(V1_REFERENCE);
    const now = readJson(join(dir, 'good', 'report.json'));
    expect([old.format, now.format]).toEqual(['uaix-conformance-report/1', 'uaix-conformance-report/3']);
    const r = await cli(['diff', V1_REFERENCE, 'good/report.json', '--json'], dir);
    expect(r.code, r.stderr).toBe(0);
    const d = JSON.parse(r.stdout);
    const oldIds: string[] = old.checks.map((c: any) => c.id);
    const newIds: string[] = now.checks.map((c: any) => c.id);
    expect(d.new.map((e: any) => e.id)).toEqual(newIds.filter((id) => !oldIds.includes(id)));
    expect(d.removed.map((e: any) => e.id)).toEqual(oldIds.filter((id) => !newIds.includes(id)));
    expect(d.catalogChanged).toBe(old.run.catalogHash !== now.run.catalogHash);
  });
});
