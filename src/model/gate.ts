import picomatch from 'picomatch';
import { problemOf, type CheckReport, type Report } from './report.js';

export const EXPECTATIONS_FORMAT = 'uaix-conformance-expectations/1';

/** One known failure or skip. */
export interface Expectation {
  /** A check id or a glob over ids. */
  check: string;
  outcome: 'fail' | 'skip';
  reason: string;
  issue?: string;
  /** YYYY-MM-DD, inclusive. */
  expires?: string;
}

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
  /** Checks skipped without an entry (the adapter lacks a member): reported, never gating. */
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

function explains(entry: Expectation, c: CheckReport): boolean {
  return entry.outcome === 'fail' ? c.status === 'failed' || c.status === 'errored' : c.status === 'skipped';
}

interface Matched {
  entry: Expectation;
  checks: CheckReport[];
  explained: CheckReport[];
  expired: boolean;
}

function matchEntries(report: Report, file: ExpectationsFile, today: string): Matched[] {
  return file.expectations.map((entry) => {
    const isMatch = picomatch(entry.check);
    const checks = report.checks.filter((c) => isMatch(c.id));
    return { entry, checks, explained: checks.filter((c) => explains(entry, c)), expired: entry.expires !== undefined && today > entry.expires };
  });
}

/**
 * Applies expectations to a report. `catalogIds` (every id the installed pack knows) lets an entry
 * that matches no check at all, a typo most likely, be reported as stale.
 */
export function evaluateGate(report: Report, file: ExpectationsFile, options: { today?: string; allowStale?: boolean; catalogIds?: readonly string[] } = {}): GateResult {
  const today = options.today ?? todayUtc();
  const matched = matchEntries(report, file, today);
  const stale: StaleEntry[] = [];
  const untouched: Expectation[] = [];
  for (const m of matched) {
    if (m.expired) stale.push({ entry: m.entry, why: `expired on ${m.entry.expires}` });
    else if (m.checks.length === 0) {
      const inCatalog = options.catalogIds === undefined || options.catalogIds.some((id) => picomatch(m.entry.check)(id));
      if (inCatalog) untouched.push(m.entry);
      else stale.push({ entry: m.entry, why: 'matches no check of the catalog' });
    } else if (m.explained.length === 0) {
      const now = [...new Set(m.checks.map((c) => c.status))].join('/');
      stale.push({ entry: m.entry, why: `expected to ${m.entry.outcome}, but ${m.checks.length === 1 ? "it" : "they"} ${now}` });
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
    else if (c.status === 'skipped') unexpectedSkips.push(c);
    else if (c.severity === 'MUST') newFailures.push(c);
    else newShouldFailures.push(c);
  }
  const ok = !report.incomplete && newFailures.length === 0 && (options.allowStale === true || stale.length === 0);
  return { ok, newFailures, newShouldFailures, unexpectedSkips, expected, stale, untouched, incomplete: report.incomplete };
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
export function updateExpectations(report: Report, previous: ExpectationsFile, options: { today?: string } = {}): ExpectationsUpdate {
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
    const why = c.status === 'skipped' ? c.skipReason : (problemOf(c) ?? c.status);
    added.push({ check: c.id, outcome: c.status === 'skipped' ? 'skip' : 'fail', reason: `recorded by --update-expect on ${today}: ${why}`.slice(0, 500) });
  }
  const file: ExpectationsFile = { ...(previous.$schema ? { $schema: previous.$schema } : {}), format: EXPECTATIONS_FORMAT, expectations: [...kept, ...added] };
  return { file, added, removed, untouched };
}
