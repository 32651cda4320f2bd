import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_HELP } from '../../src/cli/usage.js';
import { readDecisionSummaries } from '../../src/io/decisions-doc.js';
import { firstSchemaError, schemaValidator } from '../../src/io/json-file.js';
import { MANIFEST } from '../../src/io/report-files.js';
import { diffReports } from '../../src/model/diff.js';
import type { CheckReport, Report } from '../../src/model/report.js';
import { renderBadge } from '../../src/reporters/badge.js';
import { displayJson, displayText, escapeHtmlText } from '../../src/reporters/escape.js';
import { cli, expectUsageError } from '../helpers/cli.js';
import { makeSiteReports, readJsonFile, type SiteReports } from '../reporters/site/reports.js';

/** The reports in the order the site is given them, relative to the reports' folder. */
const NAMES = ['ref/report.json', 'bad/report.json', 'acme1/report.json', 'acme2/report.json', 'old.json'];

let rep: SiteReports;
let reports: Record<string, Report>;
let siteOut: { code: number | null; stdout: string; stderr: string };
let index: any;
const site = (file: string) => join(rep.dir, 'site', file);
const read = (file: string) => readFileSync(site(file), 'utf8');

beforeAll(async () => {
  rep = await makeSiteReports();
  reports = Object.fromEntries(NAMES.map((n) => [n, readJsonFile(join(rep.dir, n)) as Report]));
  siteOut = await cli(['site', ...NAMES, '--out', 'site'], rep.dir);
  index = readJsonFile(site('index.json'));
}, 60_000);

/** The run key `index.json` gives the report at `name`. */
function keyOf(name: string): string {
  const r = reports[name]!;
  const run = index.runs.find((x: any) => x.source === name);
  expect(run.adapter).toMatchObject({ name: r.adapter.name, version: r.adapter.version, spec: r.adapter.spec });
  return run.key;
}

function checkOf(name: string, id: string): CheckReport {
  return reports[name]!.checks.find((c) => c.id === id)!;
}

describe('uaix-conformance site', () => {
  it('builds the site from every report: index.json validates against its schema and lists every file written', () => {
    expect(siteOut.stderr).toBe('');
    expect(siteOut.code).toBe(0);
    const validate = schemaValidator('site-index');
    expect(validate(index), firstSchemaError(validate.errors)).toBe(true);
    const names = new Set(Object.values(reports).map((r) => r.adapter.name));
    const ids = new Set(Object.values(reports).flatMap((r) => r.checks.map((c) => c.id)));
    const expected = [
      'index.html',
      'index.json',
      ...[...ids].map((id) => `check-${id}.html`),
      ...index.implementations.flatMap((i: any) => [i.badge.json, i.badge.svg]),
    ].sort();
    expect(index.implementations.map((i: any) => i.name).sort()).toEqual([...names].sort());
    expect(
      readJsonFile(site(MANIFEST))
        .files.map((f: any) => f.name)
        .sort(),
    ).toEqual(expected);
    expect(
      readdirSync(join(rep.dir, 'site'))
        .filter((f) => f !== MANIFEST)
        .sort(),
    ).toEqual(expected);
    expect(siteOut.stdout).toBe(
      `site: site/index.html: ${NAMES.length} reports of ${names.size} implementations, 2 matrices, ${expected.length} files\n`,
    );
  });

  it('a matrix per pack version and catalog stamp: one column per implementation, its newest report there, never mixed', () => {
    const [current, older] = index.groups;
    expect(index.groups).toHaveLength(2);
    expect(current.catalogHash).toBe(reports['ref/report.json']!.run.catalogHash);
    expect(current.columns.sort()).toEqual(
      ['ref/report.json', 'bad/report.json', 'acme2/report.json'].map(keyOf).sort(),
    );
    // A report of format 1 (an older pack's) loads and gets its own matrix.
    expect(reports['old.json']!.format).toBe('uaix-conformance-report/1');
    expect(older).toMatchObject({
      toolVersion: '0.0.9',
      catalogHash: reports['old.json']!.run.catalogHash,
      columns: [keyOf('old.json')],
    });
    // What is not comparable between the two: the check the older pack lacks, the one it defines differently.
    expect(current.onlyHere).toEqual([rep.removedCheck]);
    expect(older.onlyHere).toEqual([]);
    expect(current.definedDifferently).toEqual([rep.changedCheck]);
    expect(older.definedDifferently).toEqual([rep.changedCheck]);
  });

  it('each cell is the status of the check in that report; an expected failure is "expected"; a check not selected is "absent"', () => {
    const [current] = index.groups;
    const cells = (id: string) => current.checks.find((c: any) => c.id === id).results;
    expect(cells('ENV-EXPIRED')).toEqual({
      [keyOf('ref/report.json')]: 'passed',
      [keyOf('bad/report.json')]: 'failed',
      [keyOf('acme2/report.json')]: 'expected',
    });
    expect(checkOf('acme2/report.json', 'ENV-EXPIRED')).toMatchObject({
      status: 'failed',
      expectation: { result: 'expected' },
    });
    for (const name of ['acme2/report.json', 'bad/report.json']) {
      const selected = new Set(reports[name]!.checks.map((c) => c.id));
      const notSelected = reports['ref/report.json']!.checks.filter((c) => !selected.has(c.id));
      expect(notSelected.length).toBeGreaterThan(0);
      for (const c of notSelected) expect(cells(c.id)[keyOf(name)], c.id).toBe('absent');
    }
    for (const name of ['ref/report.json', 'bad/report.json']) {
      for (const c of reports[name]!.checks)
        if (c.id !== 'ENV-EXPIRED') expect(cells(c.id)[keyOf(name)], c.id).toBe(c.status);
    }
    const envelope = current.suites.find((s: any) => s.name === 'envelope').counts[keyOf('bad/report.json')];
    const badEnvelope = reports['bad/report.json']!.checks.filter((c) => c.suite === 'envelope');
    expect(envelope).toMatchObject({
      passed: badEnvelope.filter((c) => c.status === 'passed').length,
      failed: 1,
      total: badEnvelope.length,
    });
  });

  it('history: the reports of one implementation oldest first, the regression between them as diffReports finds it', () => {
    const passed = (name: string) => {
      const out: Record<string, number> = {};
      for (const c of reports[name]!.checks) out[c.suite] = (out[c.suite] ?? 0) + (c.status === 'passed' ? 1 : 0);
      return out;
    };
    const step = (older: string, newer: string) => {
      const d = diffReports(reports[older]!, reports[newer]!);
      return {
        run: keyOf(newer),
        previous: keyOf(older),
        catalogChanged: d.catalogChanged,
        regressed: d.regressed.map((e) => e.id),
        fixed: d.fixed.map((e) => e.id),
        passed: passed(newer),
      };
    };
    const implKey = (name: string) => index.implementations.find((i: any) => i.name === name).key;
    expect(index.history).toEqual([
      {
        implementation: implKey('acme'),
        steps: [
          { run: keyOf('acme1/report.json'), passed: passed('acme1/report.json') },
          step('acme1/report.json', 'acme2/report.json'),
        ],
      },
      {
        implementation: implKey(reports['ref/report.json']!.adapter.name),
        steps: [{ run: keyOf('old.json'), passed: passed('old.json') }, step('old.json', 'ref/report.json')],
      },
    ]);
    expect(index.history[0].steps[1]).toMatchObject({ catalogChanged: false, regressed: ['ENV-EXPIRED'] });
    expect(index.history[1].steps[1]).toMatchObject({ catalogChanged: true, regressed: [] });
    const html = read('index.html');
    const rows = html.match(/<tr class="step regressed">.*?<\/tr>/gs) ?? [];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain('2.0.0');
    expect(rows[0]).toContain(
      `<a href="check-ENV-EXPIRED.html#run-${keyOf('acme2/report.json')}"><code>ENV-EXPIRED</code></a>`,
    );
    expect(html).toContain('another catalog stamp: the cases differ, not only the implementation');
  });

  it('index.html: the matrices apart, saying which checks are not comparable; cells link to the run on the check page; no script', () => {
    const html = read('index.html');
    expect(html.match(/<section class="group" id="group-g\d">/g)).toEqual([
      '<section class="group" id="group-g1">',
      '<section class="group" id="group-g2">',
    ]);
    const g1 = html.slice(html.indexOf('id="group-g1"'), html.indexOf('id="group-g2"'));
    expect(g1).toContain('Not comparable with the other 1 matrix');
    expect(g1).toContain(
      `<details><summary>1 check only here</summary><p><a href="check-${rep.removedCheck}.html"><code>${rep.removedCheck}</code></a></p></details>`,
    );
    expect(g1).toContain(
      `<details><summary>1 check defined differently elsewhere (severity, spec reference, requirements or statement)</summary><p><a href="check-${rep.changedCheck}.html"><code>${rep.changedCheck}</code></a></p></details>`,
    );
    expect(g1).toContain(`<td class="cell failed"><a href="check-ENV-EXPIRED.html#run-${keyOf('bad/report.json')}"`);
    expect(g1).toContain(
      `<td class="cell expected"><a href="check-ENV-EXPIRED.html#run-${keyOf('acme2/report.json')}"`,
    );
    // One summary row per suite of the matrix, with each column's counts.
    const suites = [...new Set(reports['ref/report.json']!.checks.map((c) => c.suite))];
    expect(g1.match(/<tr class="suite-row">/g)).toHaveLength(suites.length);
    for (const page of readdirSync(join(rep.dir, 'site')).filter((f) => f.endsWith('.html')))
      expect(read(page), page).not.toMatch(/<script|\son[a-z]+=/i);
  });

  it("says the truth in each suite bar's accessible label: what passed of what ran, then what failed, was skipped or judged nothing", () => {
    const html = read('index.html');
    const labels = [...html.matchAll(/<svg class="bar"[^>]*aria-label="([^"]+)"/g)].map((m) => m[1]!);
    expect(labels.length).toBeGreaterThan(0);
    for (const l of labels)
      expect(l).toMatch(/^[a-z ]+: \d+ of \d+ passed(, \d+ (failed|errored|expected to fail|not judged|skipped))*$/);
    // The expiry-blind adapter fails ENV-EXPIRED: its envelope row says so, never "passed" alone.
    expect(labels.some((l) => l.startsWith('envelope:') && / \d+ failed/.test(l))).toBe(true);
  });

  it('a page per check: statement, spec reference, decisions, and per implementation the failure and its replay', () => {
    const page = read('check-ENV-EXPIRED.html');
    const c = checkOf('bad/report.json', 'ENV-EXPIRED');
    expect(c.status).toBe('failed');
    if (c.status !== 'failed') return;
    expect(page).toContain(escapeHtmlText(c.statement!));
    expect(page).toContain(escapeHtmlText(c.specRef));
    const decisions = readDecisionSummaries();
    expect(c.decisions.length).toBeGreaterThan(0);
    for (const d of c.decisions)
      expect(page).toContain(`<li><code>${d}</code>: ${escapeHtmlText(decisions.get(d)!)}</li>`);
    const entry = page.slice(page.indexOf(`id="run-${keyOf('bad/report.json')}"`));
    expect(entry).toContain(escapeHtmlText(c.failure.message));
    // The case as JSON, its changed member marked as the terminal marks it.
    expect(entry.replace(/<\/?mark[^>]*>/g, '')).toContain(
      escapeHtmlText(displayJson(c.failure.counterexample, 20_000)),
    );
    expect(c.failure.focus).toBe('/packet/delivery/expires_at');
    expect(entry).toMatch(/<mark class="focus">\s*&quot;expires_at&quot;: &quot;[^<]+<\/mark>/);
    expect(entry).toContain(escapeHtmlText(displayText(c.failure.replay)));
    expect(page).toContain(
      `id="run-${keyOf('acme2/report.json')}"><div class="run-head"><span class="status expected">EXPECTED</span>`,
    );
    expect(page).toContain('Expected: the clock is ignored · https://example.invalid/issues/1');
    // A check another pack build defines differently says so where that build's runs are.
    expect(read(`check-${rep.changedCheck}.html`)).toContain('<div class="in-build"><p class="ref">In this build:');
  });

  it('one badge per implementation, of its newest report: the shields.io endpoint JSON and an SVG', () => {
    for (const impl of index.implementations) {
      const newest = index.runs.find((r: any) => r.key === impl.runs[impl.runs.length - 1]);
      const report = reports[newest.source]!;
      expect(read(impl.badge.json)).toBe(renderBadge(report));
      const { label, message } = JSON.parse(read(impl.badge.json));
      const svg = read(impl.badge.svg);
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg).toContain(`<title>${escapeHtmlText(`${label}: ${message}`)}</title>`);
      expect(svg).not.toMatch(/<script|href=/);
    }
  });

  it('rebuilding into the site folder replaces the site (files of removed reports go), keeps the files it did not write', async () => {
    const dir = join(rep.dir, 'site');
    writeFileSync(join(dir, 'CNAME'), 'results.example.invalid\n');
    const before = index.implementations.map((i: any) => i.badge.svg);
    const r = await cli(['site', 'ref/report.json', '--out', 'site'], rep.dir);
    expect(r.code, r.stderr).toBe(0);
    const now = readJsonFile(site('index.json'));
    expect(now.runs.map((x: any) => x.source)).toEqual(['ref/report.json']);
    for (const f of before.filter((f: string) => f !== now.implementations[0].badge.svg))
      expect(existsSync(site(f)), f).toBe(false);
    expect(readFileSync(join(dir, 'CNAME'), 'utf8')).toBe('results.example.invalid\n');
    const listed = readJsonFile(site(MANIFEST)).files.map((f: any) => f.name);
    expect(
      readdirSync(dir)
        .filter((f) => f !== MANIFEST && f !== 'CNAME')
        .sort(),
    ).toEqual(listed.sort());
    // Put the full site back for the tests that read it.
    expect((await cli(['site', ...NAMES, '--out', 'site'], rep.dir)).code).toBe(0);
  });

  it('a report given twice is one report', async () => {
    const r = await cli(['site', 'ref/report.json', './ref/report.json', '--out', 'twice'], rep.dir);
    expect(r.stdout).toMatch(/^site: twice\/index\.html: 1 report of 1 implementation, 1 matrix, \d+ files\n$/);
  });
});

describe('uaix-conformance site: bad input is one line and exit 2', () => {
  it('no report, no --out, a missing file, a file that is no report, an unknown option', async () => {
    expectUsageError(
      await cli(['site', '--out', 'x'], rep.dir),
      /^uaix-conformance: site needs at least one report\.json/,
    );
    expectUsageError(await cli(['site', 'ref/report.json'], rep.dir), /^uaix-conformance: site needs --out <dir>/);
    expectUsageError(
      await cli(['site', 'missing.json', '--out', 'x'], rep.dir),
      /^uaix-conformance: report missing\.json: no such file$/,
    );
    writeFileSync(join(rep.dir, 'other.json'), '{"a":1}');
    expectUsageError(
      await cli(['site', 'other.json', '--out', 'x'], rep.dir),
      /other\.json is not a uaix-conformance report/,
    );
    expectUsageError(
      await cli(['site', 'ref/report.json', '--out', 'x', '--outt'], rep.dir),
      /Unknown option '--outt'/,
    );
    expect(existsSync(join(rep.dir, 'x'))).toBe(false);
  });

  it('--out is a file, a folder the site did not write (unless --force), a run report folder, the folder of a report it reads', async () => {
    writeFileSync(join(rep.dir, 'afile'), 'mine');
    expectUsageError(
      await cli(['site', 'ref/report.json', '--out', 'afile'], rep.dir),
      /^uaix-conformance: the output folder afile is a file, not a folder/,
    );
    mkdirSync(join(rep.dir, 'mine'));
    writeFileSync(join(rep.dir, 'mine', 'notes.txt'), 'my notes');
    expectUsageError(
      await cli(['site', 'ref/report.json', '--out', 'mine'], rep.dir),
      /^uaix-conformance: the output folder mine is not empty and was not written by uaix-conformance site: refusing to write there \(use --force/,
    );
    expect(readdirSync(join(rep.dir, 'mine'))).toEqual(['notes.txt']);
    const forced = await cli(['site', 'ref/report.json', '--out', 'mine', '--force'], rep.dir);
    expect(forced.code, forced.stderr).toBe(0);
    expect(readFileSync(join(rep.dir, 'mine', 'notes.txt'), 'utf8')).toBe('my notes');
    expect(existsSync(join(rep.dir, 'mine', 'index.html'))).toBe(true);
    expectUsageError(
      await cli(['site', 'ref/report.json', '--out', 'bad'], rep.dir),
      /^uaix-conformance: the output folder bad holds a run's reports, not a site/,
    );
    expectUsageError(
      await cli(['site', 'ref/report.json', 'bad/report.json', '--out', 'bad', '--force'], rep.dir),
      /^uaix-conformance: --out bad holds bad\/report\.json, a report the site is built from/,
    );
    expect(readJsonFile(join(rep.dir, 'bad', 'report.json'))).toEqual(reports['bad/report.json']);
  });

  it('site --help prints its options and an example', async () => {
    const r = await cli(['site', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${COMMAND_HELP.site}\n`);
    expect(r.stdout).toMatch(/Example:\n {2}uaix-conformance site /);
  });
});
