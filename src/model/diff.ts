import { problemOf, type CheckReport, type CheckStatus, type Report } from './report.js';

/** One check's status in two reports (absent on one side for new and removed checks). */
export interface DiffEntry {
  id: string;
  title: string;
  severity: string;
  before?: CheckStatus;
  after?: CheckStatus;
  /** The failure or error message of the new report, when it has one. */
  message?: string;
}

/** Which run a report comes from. */
export interface ReportStamp {
  adapter: string;
  tool: string;
  seed: number;
  runs: number;
  catalogHash: string;
}

/** What changed between two reports, checks aligned by id (never by position). */
export interface ReportDiff {
  format: 'uaix-conformance-diff/1';
  from: ReportStamp;
  to: ReportStamp;
  /** The two reports were made by different catalogs or generators: cases differ, not only the implementation. */
  catalogChanged: boolean;
  /** Passed or skipped before, failed or errored now. */
  regressed: DiffEntry[];
  /** Failed or errored before, passed now. */
  fixed: DiffEntry[];
  /** Any other status change (to or from skipped, failed to errored...). */
  changed: DiffEntry[];
  /** Only in the new report. */
  new: DiffEntry[];
  /** Only in the old report. */
  removed: DiffEntry[];
  unchanged: number;
}

const bad = (s: CheckStatus | undefined) => s === 'failed' || s === 'errored';

function stamp(r: Report): ReportStamp {
  return {
    adapter: `${r.adapter.name} ${r.adapter.version}`,
    tool: r.tool.version,
    seed: r.run.seed,
    runs: r.run.runs,
    catalogHash: r.run.catalogHash,
  };
}

function entry(c: CheckReport, before: CheckReport | undefined, after: CheckReport | undefined): DiffEntry {
  const message = after ? problemOf(after) : undefined;
  return {
    id: c.id,
    title: c.title,
    severity: c.severity,
    ...(before ? { before: before.status } : {}),
    ...(after ? { after: after.status } : {}),
    ...(message ? { message } : {}),
  };
}

/** Compares two reports. */
export function diffReports(older: Report, newer: Report): ReportDiff {
  const oldById = new Map(older.checks.map((c) => [c.id, c]));
  const newById = new Map(newer.checks.map((c) => [c.id, c]));
  const d: ReportDiff = {
    format: 'uaix-conformance-diff/1',
    from: stamp(older),
    to: stamp(newer),
    catalogChanged: older.run.catalogHash !== newer.run.catalogHash,
    regressed: [],
    fixed: [],
    changed: [],
    new: [],
    removed: [],
    unchanged: 0,
  };
  for (const n of newer.checks) {
    const o = oldById.get(n.id);
    if (!o) d.new.push(entry(n, undefined, n));
    else if (o.status === n.status) d.unchanged += 1;
    else if (!bad(o.status) && bad(n.status)) d.regressed.push(entry(n, o, n));
    else if (bad(o.status) && n.status === 'passed') d.fixed.push(entry(n, o, n));
    else d.changed.push(entry(n, o, n));
  }
  for (const o of older.checks) if (!newById.has(o.id)) d.removed.push(entry(o, o, undefined));
  return d;
}
