/**
 * The model of a results site (`uaix-conformance site`): any number of reports arranged as
 * implementations, the runs of each, comparability groups and history. Pure data and pure
 * functions; the pages (`pages.ts`) and `index.json` (`index-json.ts`) render from it.
 */
import { adapterKindOf, type AdapterKind } from '../../contract/adapter-spec.js';
import { diffReports, type ReportDiff } from '../../model/diff.js';
import type { CheckReport, Report } from '../../model/report.js';

/** How a report's adapter was named (`adapter.spec`): the bundled reference, a module, a command, a UAS verifier command. */

/** What a matrix cell shows: a check's status, `expected` for a failure the run's expectations explain, `absent` when the run did not select it. */
export type CellStatus = 'passed' | 'failed' | 'errored' | 'skipped' | 'not-judged' | 'expected' | 'absent';

/** Every cell status, in the order the filters and legends list them. */
export const CELL_STATUSES: readonly CellStatus[] = Object.freeze([
  'failed',
  'errored',
  'expected',
  'not-judged',
  'skipped',
  'passed',
  'absent',
]);

/** One report on the site. */
export interface SiteRun {
  /** Unique on the site, `[a-z0-9-]`: anchors and `index.json` name the run by it. */
  key: string;
  /** The implementation's key. */
  implementation: string;
  report: Report;
  /** The report's path as the user gave it. */
  source: string;
  kind: AdapterKind;
  /** The key of the run's comparability group. */
  group: string;
}

/** One implementation: every report whose `adapter.name` is its name, oldest first. */
export interface Implementation {
  /** Unique on the site, `[a-z0-9-]`: badge file names use it. */
  key: string;
  name: string;
  runs: SiteRun[];
}

/** A check as the catalog of a group defines it (taken from the first report of the group that has it). */
export type CheckDefinition = Pick<
  CheckReport,
  'id' | 'title' | 'suite' | 'severity' | 'specRef' | 'statement' | 'requires' | 'decisions'
>;

/**
 * Reports made by the same pack version with the same catalog stamp: their cases are drawn alike,
 * so they share one matrix. Reports of different groups are never mixed in one matrix.
 */
export interface SiteGroup {
  key: string;
  toolVersion: string;
  catalogHash: string;
  /** The matrix columns: the newest run of each implementation in this group, by implementation name. */
  columns: SiteRun[];
  /** Every run of the group, columns or older. */
  runs: SiteRun[];
  /** The group's checks by suite, in the order the reports list them. */
  suites: { name: string; checks: CheckDefinition[] }[];
  /** Check ids of this group that no other group has. */
  onlyHere: string[];
  /** Check ids another group defines differently (severity, spec reference, requirements or statement). */
  definedDifferently: string[];
}

/** One run in an implementation's history, with what changed since the run before it. */
export interface HistoryStep {
  run: SiteRun;
  previous?: SiteRun;
  /** The comparison with the run before (absent for the first). */
  diff?: ReportDiff;
}

/** The whole site. */
export interface Site {
  runs: SiteRun[];
  implementations: Implementation[];
  groups: SiteGroup[];
  /** Per implementation with more than one run: its runs oldest first, with regressions marked. */
  history: { implementation: Implementation; steps: HistoryStep[] }[];
  /** Every check id of every report, sorted: one page each. */
  checkIds: string[];
}

/** One report as the site command read it. */
export interface SiteInput {
  report: Report;
  /** Its path as the user gave it. */
  source: string;
}

/** A name as a key: lower-case ASCII letters and digits joined by `-`, never empty, at most 40 characters. */
export function slugOf(name: string, fallback = 'x'): string {
  const s = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '') // the accents NFKD split off: é is e
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return s === '' ? fallback : s;
}

/** `base`, or `base-2`, `base-3`... whichever is not taken yet (and takes it). */
function uniqueKey(base: string, taken: Set<string>): string {
  let key = base;
  for (let n = 2; taken.has(key); n += 1) key = `${base}-${n}`;
  taken.add(key);
  return key;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Reports oldest first: by start time, then version, then the order given (a stable sort). */
function chronological(inputs: readonly SiteInput[]): SiteInput[] {
  return [...inputs].sort(
    (a, b) =>
      byText(a.report.run.startedAt, b.report.run.startedAt) ||
      byText(a.report.adapter.version, b.report.adapter.version),
  );
}

/** The status a cell shows for a check of a run (`expected` when the report's expectations explain the failure). */
export function cellStatusOf(c: CheckReport | undefined): CellStatus {
  if (c === undefined) return 'absent';
  if ((c.status === 'failed' || c.status === 'errored') && c.expectation?.result === 'expected') return 'expected';
  return c.status;
}

/** What a report's expectations (`--expect`) say of a check, as its entry on a check page shows it. */
export interface ExpectationNote {
  /** `expected`: the entry explains the failure; `unexpected-pass` and `stale`: it no longer does. */
  result: string;
  reason: string;
  issue?: string;
  expires?: string;
  why?: string;
}

/** The expectation of a check, when the report carries one (format 2, a gated run); undefined for older reports. */
export function expectationOf(c: CheckReport): ExpectationNote | undefined {
  const e = c.expectation;
  if (e === undefined) return undefined;
  return {
    result: e.result,
    reason: e.entry.reason,
    ...(e.entry.issue !== undefined ? { issue: e.entry.issue } : {}),
    ...(e.entry.expires !== undefined ? { expires: e.entry.expires } : {}),
    ...(e.why !== undefined ? { why: e.why } : {}),
  };
}

/** A check's definition: the fields that are the same whoever runs it. */
export function definitionOf(c: CheckReport): CheckDefinition {
  return {
    id: c.id,
    title: c.title,
    suite: c.suite,
    severity: c.severity,
    specRef: c.specRef,
    ...(c.statement !== undefined ? { statement: c.statement } : {}),
    requires: [...c.requires],
    decisions: [...c.decisions],
  };
}

/** What makes two groups' definitions of a check the same check. */
function definitionText(d: CheckDefinition): string {
  return JSON.stringify([d.severity, d.specRef, d.requires, d.statement ?? null, d.suite]);
}

/** The key of a report's comparability group: the pack version and the catalog stamp. */
function groupKeyOf(r: Report): string {
  return `${r.tool.version}\n${r.run.catalogHash}`;
}

/** The suites of a group's runs, each with its checks, in first-seen order. */
function suitesOf(runs: readonly SiteRun[]): SiteGroup['suites'] {
  const suites = new Map<string, Map<string, CheckDefinition>>();
  for (const run of runs) {
    for (const c of run.report.checks) {
      const suite = suites.get(c.suite) ?? new Map<string, CheckDefinition>();
      suites.set(c.suite, suite);
      if (!suite.has(c.id)) suite.set(c.id, definitionOf(c));
    }
  }
  return [...suites].map(([name, checks]) => ({ name, checks: [...checks.values()] }));
}

/** Fills each group's `onlyHere` and `definedDifferently` against the other groups. */
function compareGroups(groups: SiteGroup[]): void {
  if (groups.length < 2) return;
  const defs = groups.map(
    (g) => new Map(g.suites.flatMap((s) => s.checks.map((c) => [c.id, definitionText(c)] as const))),
  );
  groups.forEach((g, i) => {
    const others = defs.filter((_, j) => j !== i);
    for (const [id, text] of defs[i]!) {
      if (others.every((o) => !o.has(id))) g.onlyHere.push(id);
      else if (others.some((o) => o.has(id) && o.get(id) !== text)) g.definedDifferently.push(id);
    }
    g.onlyHere.sort(byText);
    g.definedDifferently.sort(byText);
  });
}

/** The newest run of each implementation among `runs`, by implementation name. */
function newestPerImplementation(runs: readonly SiteRun[], implementations: readonly Implementation[]): SiteRun[] {
  const newest = new Map<string, SiteRun>();
  for (const r of runs) newest.set(r.implementation, r); // runs are oldest first
  return implementations.filter((i) => newest.has(i.key)).map((i) => newest.get(i.key)!);
}

/**
 * Arranges reports as a site: implementations by `adapter.name`, runs oldest first, groups by pack
 * version and catalog stamp (the group of the newest run first), history with `diffReports`
 * between consecutive runs of an implementation.
 */
export function buildSite(inputs: readonly SiteInput[]): Site {
  const ordered = chronological(inputs);
  const implKeys = new Set<string>();
  const byName = new Map<string, Implementation>();
  for (const name of [...new Set(ordered.map((i) => i.report.adapter.name))].sort(byText)) {
    byName.set(name, { key: uniqueKey(slugOf(name, 'implementation'), implKeys), name, runs: [] });
  }
  const groupKeys = [...new Set([...ordered].reverse().map((i) => groupKeyOf(i.report)))];
  const runKeys = new Set<string>();
  const runs: SiteRun[] = ordered.map(({ report, source }) => {
    const impl = byName.get(report.adapter.name)!;
    const run: SiteRun = {
      key: uniqueKey(`${impl.key}-${slugOf(report.adapter.version, 'v')}`, runKeys),
      implementation: impl.key,
      report,
      source,
      kind: adapterKindOf(report.adapter.spec),
      group: `g${groupKeys.indexOf(groupKeyOf(report)) + 1}`,
    };
    impl.runs.push(run);
    return run;
  });
  const implementations = [...byName.values()];
  const groups: SiteGroup[] = groupKeys.map((_, i) => {
    const inGroup = runs.filter((r) => r.group === `g${i + 1}`);
    const first = inGroup[0]!.report;
    return {
      key: `g${i + 1}`,
      toolVersion: first.tool.version,
      catalogHash: first.run.catalogHash,
      columns: newestPerImplementation(inGroup, implementations),
      runs: inGroup,
      suites: suitesOf(inGroup),
      onlyHere: [],
      definedDifferently: [],
    };
  });
  compareGroups(groups);
  const history = implementations
    .filter((i) => i.runs.length > 1)
    .map((implementation) => ({
      implementation,
      steps: implementation.runs.map((run, n): HistoryStep => {
        const previous = implementation.runs[n - 1];
        return previous ? { run, previous, diff: diffReports(previous.report, run.report) } : { run };
      }),
    }));
  const checkIds = [...new Set(runs.flatMap((r) => r.report.checks.map((c) => c.id)))].sort(byText);
  return { runs, implementations, groups, history, checkIds };
}

/** Status counts of one suite of one run: what the summary rows and the trend show. */
export interface SuiteCounts {
  passed: number;
  failed: number;
  errored: number;
  expected: number;
  skipped: number;
  'not-judged': number;
  /** Checks that ran (not skipped): those that judged nothing included. */
  ran: number;
  total: number;
}

/** Counts the cell statuses of a run's checks in one suite (or all suites when `suite` is undefined). */
export function suiteCounts(run: SiteRun, suite?: string): SuiteCounts {
  const n: SuiteCounts = {
    passed: 0,
    failed: 0,
    errored: 0,
    expected: 0,
    skipped: 0,
    'not-judged': 0,
    ran: 0,
    total: 0,
  };
  for (const c of run.report.checks) {
    if (suite !== undefined && c.suite !== suite) continue;
    const s = cellStatusOf(c) as Exclude<CellStatus, 'absent'>; // a check of the run is never absent
    n[s] += 1;
    n.total += 1;
    if (s !== 'skipped') n.ran += 1;
  }
  return n;
}

/** The page of a check (check ids are `[A-Z0-9-]` by the report schema). */
export function checkPage(id: string): string {
  return `check-${id}.html`;
}

/** The badge files of an implementation. */
export function badgeFiles(impl: Implementation): { json: string; svg: string } {
  return { json: `badge-${impl.key}.json`, svg: `badge-${impl.key}.svg` };
}

/** The anchor of a run's entry on a check page. */
export function runAnchor(run: SiteRun): string {
  return `run-${run.key}`;
}

/** The run an implementation's badge shows: its newest. */
export function newestRun(impl: Implementation): SiteRun {
  return impl.runs[impl.runs.length - 1]!;
}
