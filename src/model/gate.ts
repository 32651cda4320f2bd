import { checkMatcher } from '../contract/glob.js';
import {
  problemOf,
  type CheckExpectation,
  type CheckReport,
  type Expectation,
  type GateRecord,
  type Report,
} from './report.js';

export type { Expectation } from './report.js';

export const EXPECTATIONS_FORMAT = 'uaix-conformance-expectations/1';

export interface ExpectationsFile {
  $schema?: string;
  format: typeof EXPECTATIONS_FORMAT;
  expectations: Expectation[];
}

/** A stale entry: it no longer explains anything, or its time is up. */
export interface StaleEntry {
  entry: Expectation;
  why: string;
}

/** The gate's verdict on a report. */
export interface GateResult {
  ok: boolean;
  /** MUST checks that failed or errored and no entry explains: what fails the gate. */
  newFailures: CheckReport[];
  /** SHOULD checks that failed or errored and no entry explains: reported, never gating. */
  newShouldFailures: CheckReport[];
  /**
   * Checks skipped (the adapter lacks a member) or not judged (none of their cases said anything
   * about the rule) without an entry: reported, never gating.
   */
  unexpectedSkips: CheckReport[];
  /** Failed, errored or skipped checks an entry explains. */
  expected: { check: CheckReport; entry: Expectation }[];
  stale: StaleEntry[];
  /** Entries that match no check of this run (another selection or shard): left alone. */
  untouched: Expectation[];
  /** The report was interrupted: a gate never passes half a run. */
  incomplete: boolean;
}

/** Today as YYYY-MM-DD (UTC). */
export function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/** A `fail` entry explains a failed or errored check; a `skip` entry one that was skipped or judged nothing. */
function explains(entry: Expectation, c: CheckReport): boolean {
  return entry.outcome === 'fail'
    ? c.status === 'failed' || c.status === 'errored'
    : c.status === 'skipped' || c.status === 'not-judged';
}

interface Matched {
  entry: Expectation;
  checks: CheckReport[];
  explained: CheckReport[];
  expired: boolean;
}

function matchEntries(report: Report, file: ExpectationsFile, today: string): Matched[] {
  return file.expectations.map((entry) => {
    const isMatch = checkMatcher(entry.check);
    const checks = report.checks.filter((c) => isMatch(c.id));
    return {
      entry,
      checks,
      explained: checks.filter((c) => explains(entry, c)),
      expired: entry.expires !== undefined && today > entry.expires,
    };
  });
}

/**
 * Applies expectations to a report. `catalogIds` (every id the installed pack knows) lets an entry
 * that matches no check at all, a typo most likely, be reported as stale.
 */
export function evaluateGate(
  report: Report,
  file: ExpectationsFile,
  options: { today?: string; allowStale?: boolean; catalogIds?: readonly string[] } = {},
): GateResult {
  const today = options.today ?? todayUtc();
  const matched = matchEntries(report, file, today);
  const stale: StaleEntry[] = [];
  const untouched: Expectation[] = [];
  for (const m of matched) {
    if (m.expired) stale.push({ entry: m.entry, why: `expired on ${m.entry.expires}` });
    else if (m.checks.length === 0) {
      const isMatch = checkMatcher(m.entry.check);
      const inCatalog = options.catalogIds === undefined || options.catalogIds.some((id) => isMatch(id));
      if (inCatalog) untouched.push(m.entry);
      else stale.push({ entry: m.entry, why: 'matches no check of the catalog' });
    } else if (m.explained.length === 0) {
      const now = [...new Set(m.checks.map((c) => c.status))].join('/');
      stale.push({
        entry: m.entry,
        why: `expected to ${m.entry.outcome}, but ${m.checks.length === 1 ? 'it' : 'they'} ${now}`,
      });
    }
  }
  const expected: GateResult['expected'] = [];
  const newFailures: CheckReport[] = [];
  const newShouldFailures: CheckReport[] = [];
  const unexpectedSkips: CheckReport[] = [];
  for (const c of report.checks) {
    if (c.status === 'passed') continue;
    const hit = matched.find((m) => m.explained.includes(c));
    if (hit) expected.push({ check: c, entry: hit.entry });
    else if (c.status === 'skipped' || c.status === 'not-judged') unexpectedSkips.push(c);
    else if (c.severity === 'MUST') newFailures.push(c);
    else newShouldFailures.push(c);
  }
  const ok = !report.incomplete && newFailures.length === 0 && (options.allowStale === true || stale.length === 0);
  return {
    ok,
    newFailures,
    newShouldFailures,
    unexpectedSkips,
    expected,
    stale,
    untouched,
    incomplete: report.incomplete,
  };
}

/** Options of `gateReport`: `evaluateGate`'s, and the expectations file as the user named it. */
export interface GateReportOptions {
  /** The expectations file as the user named it (`--expect <file>`): what report.json records. */
  file: string;
  today?: string;
  allowStale?: boolean;
  catalogIds?: readonly string[];
}

/** True when `a` and `b` are the same entry of a file (the same fields, written the same way). */
function sameEntry(a: Expectation, b: Expectation): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * What came of the entries of `file` for one check: the entry that explains it (the one the gate
 * counts), else the first that matched it; undefined when none matched. `stale` is the gate's list:
 * an entry on it fails the gate unless `--allow-stale`.
 */
function expectationOf(
  c: CheckReport,
  matched: readonly Matched[],
  stale: readonly StaleEntry[],
): CheckExpectation | undefined {
  const mine = matched.filter((m) => m.checks.includes(c));
  const m = mine.find((x) => x.explained.includes(c)) ?? mine[0];
  if (!m) return undefined;
  const gating = stale.some((s) => sameEntry(s.entry, m.entry));
  if (m.expired)
    return {
      entry: m.entry,
      result: 'stale',
      why: `expired on ${m.entry.expires}${c.status === 'passed' ? ', and the check passed' : ''}`,
      gating,
    };
  if (m.explained.includes(c)) return { entry: m.entry, result: 'expected', gating };
  if (c.status === 'passed')
    return { entry: m.entry, result: 'unexpected-pass', why: `expected to ${m.entry.outcome}, but it passed`, gating };
  return { entry: m.entry, result: 'stale', why: `expected to ${m.entry.outcome}, but it ${c.status}`, gating };
}

/** A check entry with its expectation, placed before the timing field as the runner orders keys. */
function withExpectation(c: CheckReport, expectation: CheckExpectation | undefined): CheckReport {
  if (!expectation) return c;
  const { durationMs, expectation: _old, ...rest } = c;
  return { ...rest, expectation, durationMs } as CheckReport;
}

/** The gate's outcome by check id, as report.json records it. */
export function gateRecordOf(g: GateResult, options: { file: string; allowStale?: boolean }): GateRecord {
  return {
    file: options.file,
    ok: g.ok,
    allowStale: options.allowStale === true,
    newFailures: g.newFailures.map((c) => c.id),
    newShouldFailures: g.newShouldFailures.map((c) => c.id),
    unexpectedSkips: g.unexpectedSkips.map((c) => c.id),
    expected: g.expected.map((e) => ({ check: e.check.id, entry: e.entry })),
    stale: g.stale.map((s) => ({ entry: s.entry, why: s.why })),
    untouched: g.untouched,
  };
}

/**
 * Applies expectations to a report and records the outcome in it (format 2): each check an entry
 * matched gets its `expectation`, the report its `gate`. The verdict is `evaluateGate`'s, unchanged:
 * the exit code and the gate's text come from `result`.
 */
export function gateReport(
  report: Report,
  file: ExpectationsFile,
  options: GateReportOptions,
): { report: Report; result: GateResult } {
  const result = evaluateGate(report, file, options);
  const matched = matchEntries(report, file, options.today ?? todayUtc());
  const checks = report.checks.map((c) => withExpectation(c, expectationOf(c, matched, result.stale)));
  return { report: { ...report, checks, gate: gateRecordOf(result, options) }, result };
}

/** Expected results of a report by status: how many of its failed, errored, skipped and not-judged checks an entry explains. */
export function expectedCounts(report: Readonly<Report>): {
  failed: number;
  errored: number;
  skipped: number;
  'not-judged': number;
} {
  const n = { failed: 0, errored: 0, skipped: 0, 'not-judged': 0 };
  for (const c of report.checks) if (c.expectation?.result === 'expected' && c.status !== 'passed') n[c.status] += 1;
  return n;
}

/** An entry as one phrase: `ENV-* (fail: reason, issue)`. */
export function entryText(e: Expectation): string {
  return `${e.check} (${e.outcome}: ${e.reason}${e.issue ? `, ${e.issue}` : ''})`;
}

/**
 * A check's expectation in one line, as every format shows it: `expected failure: <reason> (<issue>)`
 * (or `expected skip: ...`), `unexpected pass: <why>; <entry>`, `stale expectation: <why>; <entry>`.
 */
export function expectationLine(c: CheckReport, x: CheckExpectation): string {
  if (x.result === 'expected')
    return `expected ${c.status === 'skipped' || c.status === 'not-judged' ? 'skip' : 'failure'}: ${x.entry.reason}${x.entry.issue ? ` (${x.entry.issue})` : ''}`;
  return `${x.result === 'unexpected-pass' ? 'unexpected pass' : 'stale expectation'}: ${x.why ?? ''}; entry ${entryText(x.entry)}`;
}

/**
 * True when a check's expectation fails the gate: its entry is stale and `--allow-stale` was not
 * given. Such a check stands out in every format (a failure in junit.xml), whatever its status.
 */
export function failsGate(report: Readonly<Report>, c: CheckReport): boolean {
  return c.expectation?.gating === true && report.gate?.allowStale !== true;
}

/**
 * True when the gate accepts a check's failure or skip: an entry explains it and nothing about that
 * entry fails the gate. What junit.xml marks skipped, so that a CI test tab matches the job's green.
 */
export function acceptedByGate(report: Readonly<Report>, c: CheckReport): boolean {
  return c.status !== 'passed' && report.gate?.expected.some((e) => e.check === c.id) === true && !failsGate(report, c);
}

/** What `--update-expect` did. */
export interface ExpectationsUpdate {
  file: ExpectationsFile;
  added: Expectation[];
  removed: StaleEntry[];
  /** Entries kept although this run did not touch them. */
  untouched: Expectation[];
}

/**
 * The expectations that make this report pass the gate, built on `previous`: entries that still
 * explain a check are kept word for word (reason, issue, expiry), entries this run did not touch
 * are kept and listed, entries this run shows are no longer true are removed and listed, and every
 * unexplained failure or skip gets a new entry naming its exact id.
 */
export function updateExpectations(
  report: Report,
  previous: ExpectationsFile,
  options: { today?: string } = {},
): ExpectationsUpdate {
  const today = options.today ?? todayUtc();
  const matched = matchEntries(report, previous, today);
  const kept: Expectation[] = [];
  const removed: StaleEntry[] = [];
  const untouched: Expectation[] = [];
  for (const m of matched) {
    if (m.checks.length === 0) {
      untouched.push(m.entry);
      kept.push(m.entry);
    } else if (m.explained.length > 0) kept.push(m.entry);
    else removed.push({ entry: m.entry, why: `no longer ${m.entry.outcome === 'fail' ? 'fails' : 'skipped'}` });
  }
  const explained = new Set(matched.filter((m) => m.explained.length > 0).flatMap((m) => m.explained.map((c) => c.id)));
  const added: Expectation[] = [];
  for (const c of report.checks) {
    if (c.status === 'passed' || explained.has(c.id)) continue;
    const why =
      c.status === 'skipped'
        ? c.skipReason
        : c.status === 'not-judged'
          ? c.notJudged.message
          : (problemOf(c) ?? c.status);
    added.push({
      check: c.id,
      outcome: c.status === 'skipped' || c.status === 'not-judged' ? 'skip' : 'fail',
      reason: `recorded by --update-expect on ${today}: ${why}`.slice(0, 500),
    });
  }
  const file: ExpectationsFile = {
    ...(previous.$schema ? { $schema: previous.$schema } : {}),
    format: EXPECTATIONS_FORMAT,
    expectations: [...kept, ...added],
  };
  return { file, added, removed, untouched };
}
