import { describe, expect, it } from 'vitest';
import type { Report } from '../../../src/model/report.js';
import { renderBadgeSvg } from '../../../src/reporters/site/badge-svg.js';
import { adapterKindOf } from '../../../src/contract/adapter-spec.js';
import { buildSite, cellStatusOf, slugOf } from '../../../src/reporters/site/model.js';
import { renderCheckPage, renderIndexPage } from '../../../src/reporters/site/pages.js';
import { HOSTILE, hostileReport, plainReport } from '../fixture-report.js';

/** A plain report of `name` at `version`, started at `startedAt`, with the given ids failing. */
function report(
  name: string,
  version: string,
  startedAt: string,
  failing: string[] = [],
  catalogHash = `sha256:${'a'.repeat(64)}`,
): Report {
  const r = plainReport(4, failing);
  return { ...r, adapter: { ...r.adapter, name, version }, run: { ...r.run, startedAt, catalogHash } };
}

describe('the site model', () => {
  it('the adapter kind is read from adapter.spec as loadAdapter reads it', () => {
    expect(
      ['reference', './a.mjs', 'my-folder', 'cmd:python3 adapter.py', 'uas-verify-cmd:uas-verify --json'].map(
        adapterKindOf,
      ),
    ).toEqual(['reference', 'module', 'module', 'command', 'uas-verify']);
  });

  it('keys are lower-case ASCII, never empty, and unique even when names slug alike', () => {
    expect(slugOf('Ünïcode Impl!! 2.0')).toBe('unicode-impl-2-0');
    expect(slugOf(HOSTILE[0])).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(slugOf('***', 'x')).toBe('x');
    const site = buildSite([
      { report: report('A b', '1', '2026-01-01T00:00:00.000Z'), source: 'a.json' },
      { report: report('a-b', '1', '2026-01-02T00:00:00.000Z'), source: 'b.json' },
      { report: report('a-b', '1', '2026-01-03T00:00:00.000Z'), source: 'c.json' },
    ]);
    expect(site.implementations.map((i) => [i.name, i.key])).toEqual([
      ['A b', 'a-b'],
      ['a-b', 'a-b-2'],
    ]);
    expect(site.runs.map((r) => r.key)).toEqual(['a-b-1', 'a-b-2-1', 'a-b-2-1-2']);
  });

  it('runs are oldest first whatever the order given; the matrix column is the newest; the newest build comes first', () => {
    const site = buildSite([
      { report: report('acme', '3.0.0', '2026-03-01T00:00:00.000Z', [], `sha256:${'b'.repeat(64)}`), source: 'c.json' },
      { report: report('acme', '2.0.0', '2026-02-01T00:00:00.000Z', ['ENV-C1']), source: 'b.json' },
      { report: report('acme', '1.0.0', '2026-01-01T00:00:00.000Z'), source: 'a.json' },
    ]);
    expect(site.implementations[0]!.runs.map((r) => r.source)).toEqual(['a.json', 'b.json', 'c.json']);
    expect(site.groups.map((g) => g.runs.map((r) => r.source))).toEqual([['c.json'], ['a.json', 'b.json']]);
    expect(site.groups[1]!.columns.map((r) => r.source)).toEqual(['b.json']);
    const [, second, third] = site.history[0]!.steps;
    expect(second!.diff!.regressed.map((e) => e.id)).toEqual(['ENV-C1']);
    expect(third!.diff).toMatchObject({ catalogChanged: true, fixed: [{ id: 'ENV-C1' }] });
  });

  it('a failure is "expected" only when the report says its expectation explains it', () => {
    const [failed] = plainReport(1, ['ENV-C0']).checks;
    const entry = { check: 'ENV-C0', outcome: 'fail' as const, reason: 'known' };
    expect(cellStatusOf(failed)).toBe('failed');
    expect(cellStatusOf({ ...failed!, expectation: { entry, result: 'expected', gating: false } })).toBe('expected');
    expect(cellStatusOf({ ...failed!, expectation: { entry, result: 'stale', why: 'expired', gating: true } })).toBe(
      'failed',
    );
    expect(cellStatusOf(undefined)).toBe('absent');
  });
});

/** The markup of a page with its escaped text taken out: attribute values emptied, text between tags dropped. */
function markupOf(html: string): string {
  return html.replace(/"[^"]*"/g, '""').replace(/>[^<]*</g, '><');
}

describe('the site pages and badges escape what reports hold', () => {
  const site = buildSite([
    {
      report: { ...hostileReport(), run: { ...hostileReport().run, catalogHash: `sha256:${'e'.repeat(64)}` } },
      source: `<b>${HOSTILE[0]}</b>.json`,
    },
  ]);

  it('no markup of a report reaches the pages as markup', () => {
    for (const html of [
      renderIndexPage(site),
      ...site.checkIds.map((id) => renderCheckPage(site, id, new Map([['D-ENV-01', HOSTILE[1]]]))),
    ]) {
      expect(markupOf(html)).not.toMatch(/<(script|img|iframe)\b|\son[a-z]+=|href="javascript/i);
      expect(html).toContain('&lt;script&gt;');
    }
  });

  it('the SVG badge holds its label and message as escaped text', () => {
    const svg = renderBadgeSvg({ schemaVersion: 1, label: HOSTILE[0], message: HOSTILE[2], color: 'red' });
    expect(markupOf(svg)).not.toMatch(/<script\b|\son[a-z]+=|<svg\b[\s\S]*<svg\b/i);
    expect(svg).toContain('&lt;script&gt;document.title=&#39;XSS&#39;');
    expect(svg).toContain('fill="#e05d44"');
  });
});
