/**
 * `index.json` of a results site: the matrix as data, so that others can build on it. Its JSON
 * Schema is `schemas/site-index.schema.json`; fields are only ever added within format 1.
 */
import { jsonChunks } from '../json.js';
import type { AdapterKind } from '../../contract/adapter-spec.js';
import {
  badgeFiles,
  cellStatusOf,
  checkPage,
  suiteCounts,
  type CellStatus,
  type Site,
  type SiteRun,
  type SuiteCounts,
} from './model.js';

/**
 * Counts as index.json writes them: `notJudged` (added within format 1) only when some check judged
 * nothing, so that a site of reports without any reads as before.
 */
function countsJson(n: SuiteCounts): CountsJson {
  const { 'not-judged': notJudged, ...rest } = n;
  return notJudged > 0 ? { ...rest, notJudged } : rest;
}

/** A run's or a suite's counts in index.json. */
export type CountsJson = Omit<SuiteCounts, 'not-judged'> & { notJudged?: number };

/** The format id of `index.json`. */
export const SITE_INDEX_FORMAT = 'uaix-conformance-site/1';

/** One report of the site, as `index.json` lists it. */
export interface SiteIndexRun {
  key: string;
  implementation: string;
  source: string;
  adapter: { name: string; version: string; capabilityLevel?: string; spec: string; kind: AdapterKind };
  tool: { name: string; version: string };
  group: string;
  catalogHash: string;
  seed: number;
  runs: number;
  startedAt: string;
  incomplete: boolean;
  shard?: { index: number; count: number };
  summary: CountsJson;
}

/** The site's data. */
export interface SiteIndex {
  format: typeof SITE_INDEX_FORMAT;
  tool: { name: string; version: string };
  implementations: { key: string; name: string; runs: string[]; badge: { json: string; svg: string } }[];
  runs: SiteIndexRun[];
  groups: {
    key: string;
    toolVersion: string;
    catalogHash: string;
    columns: string[];
    suites: { name: string; counts: Record<string, CountsJson> }[];
    checks: {
      id: string;
      suite: string;
      title: string;
      severity: string;
      specRef: string;
      page: string;
      results: Record<string, CellStatus>;
    }[];
    onlyHere: string[];
    definedDifferently: string[];
  }[];
  history: {
    implementation: string;
    steps: {
      run: string;
      previous?: string;
      catalogChanged?: boolean;
      regressed?: string[];
      fixed?: string[];
      passed: Record<string, number>;
    }[];
  }[];
}

function indexRun(run: SiteRun): SiteIndexRun {
  const { report: r } = run;
  return {
    key: run.key,
    implementation: run.implementation,
    source: run.source,
    adapter: {
      name: r.adapter.name,
      version: r.adapter.version,
      ...(r.adapter.capabilityLevel !== undefined ? { capabilityLevel: r.adapter.capabilityLevel } : {}),
      spec: r.adapter.spec,
      kind: run.kind,
    },
    tool: { name: r.tool.name, version: r.tool.version },
    group: run.group,
    catalogHash: r.run.catalogHash,
    seed: r.run.seed,
    runs: r.run.runs,
    startedAt: r.run.startedAt,
    incomplete: r.incomplete,
    ...(r.run.shard ? { shard: { ...r.run.shard } } : {}),
    summary: countsJson(suiteCounts(run)),
  };
}

/** Passed checks per suite of a run. */
function passedBySuite(run: SiteRun): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of run.report.checks) out[c.suite] = (out[c.suite] ?? 0) + (c.status === 'passed' ? 1 : 0);
  return out;
}

/** The site as data. `tool` is the pack that built the site. */
export function siteIndexOf(site: Site, tool: { name: string; version: string }): SiteIndex {
  return {
    format: SITE_INDEX_FORMAT,
    tool,
    implementations: site.implementations.map((i) => ({
      key: i.key,
      name: i.name,
      runs: i.runs.map((r) => r.key),
      badge: badgeFiles(i),
    })),
    runs: site.runs.map(indexRun),
    groups: site.groups.map((g) => {
      const byId = g.columns.map((c) => new Map(c.report.checks.map((k) => [k.id, k])));
      return {
        key: g.key,
        toolVersion: g.toolVersion,
        catalogHash: g.catalogHash,
        columns: g.columns.map((c) => c.key),
        suites: g.suites.map((s) => ({
          name: s.name,
          counts: Object.fromEntries(g.columns.map((c) => [c.key, countsJson(suiteCounts(c, s.name))])),
        })),
        checks: g.suites.flatMap((s) =>
          s.checks.map((d) => ({
            id: d.id,
            suite: d.suite,
            title: d.title,
            severity: d.severity,
            specRef: d.specRef,
            page: checkPage(d.id),
            results: Object.fromEntries(g.columns.map((c, i) => [c.key, cellStatusOf(byId[i]!.get(d.id))])),
          })),
        ),
        onlyHere: [...g.onlyHere],
        definedDifferently: [...g.definedDifferently],
      };
    }),
    history: site.history.map((h) => ({
      implementation: h.implementation.key,
      steps: h.steps.map((s) => ({
        run: s.run.key,
        ...(s.previous && s.diff
          ? {
              previous: s.previous.key,
              catalogChanged: s.diff.catalogChanged,
              regressed: s.diff.regressed.map((e) => e.id),
              fixed: s.diff.fixed.map((e) => e.id),
            }
          : {}),
        passed: passedBySuite(s.run),
      })),
    })),
  };
}

/** `index.json`'s text (serialized piece by piece, never through a patched `toJSON`). */
export function renderSiteIndex(index: SiteIndex): string {
  return `${[...jsonChunks(index, 2)].join('')}\n`;
}
