/**
 * The report model, `uaix-conformance-report/3`: what a run found, as `report.json` holds it and
 * every other published format renders it. Versioned; its JSON Schema is `schemas/report.schema.json`.
 * Format 2 added the gate (`gate`, each check's `expectation`) and the machine the run ran on
 * (`environment`); format 3 added the `not-judged` status (a check none of whose cases said
 * anything about its rule for this implementation), and a failure's structured `reason` and
 * `params`. A format-1 or format-2 report is read into the same shape, without those fields.
 * Pure data and pure functions, nothing else.
 */
import type { AdapterInfo } from '../contract/adapter.js';

/** The report format this build writes; bumped when a reader of the previous format would misread a report. */
export const REPORT_FORMAT = 'uaix-conformance-report/3';

/**
 * The formats `readReport` loads: format 2 is format 3 without `not-judged` checks and failure
 * reasons; format 1 is format 2 without the gate and the environment.
 */
export const READABLE_REPORT_FORMATS = [
  'uaix-conformance-report/1',
  'uaix-conformance-report/2',
  REPORT_FORMAT,
] as const;

/** A format id a report may carry in memory: the one this build writes, or an older one it read. */
export type ReportFormat = (typeof READABLE_REPORT_FORMATS)[number];

/** How much a check's failure matters: a MUST failure fails the run, a SHOULD failure warns. */
export type Severity = 'MUST' | 'SHOULD';

/** The outcome of one check: the discriminant of `CheckReport`. */
export type CheckStatus = 'passed' | 'failed' | 'errored' | 'skipped' | 'not-judged';

/** Every check status, in the order reports count them. */
export const CHECK_STATUSES: readonly CheckStatus[] = ['passed', 'failed', 'errored', 'skipped', 'not-judged'];

/** What a failed check carries so that anyone can see and replay the failure. */
export interface FailureRecord {
  /**
   * What went wrong, as a stable name (format 3; absent in older reports), e.g. `accepted` (an
   * input that breaks the rule was accepted). The message is built from it and `params`.
   */
  reason?: string;
  /** The structured parameters of the failure (format 3), JSON-safe: what `message` is built from. */
  params?: Record<string, unknown>;
  /** One sentence: what went wrong, built from `reason` and `params`. */
  message: string;
  /** The shrunk case, JSON-safe (see `show` of the check). */
  counterexample: unknown;
  /** What a conforming implementation answers, in words or as a value. */
  expected: unknown;
  /** What the implementation answered. */
  actual: unknown;
  /** fast-check seed of the chunk that failed (derived from the run seed and the check id). */
  seed: number;
  /** fast-check path of the shrunk case, counted from the first case of the check. */
  path: string;
  /** Shrink steps fast-check took from the first failing case. */
  shrinks: number;
  /** One command line that replays exactly this case. */
  replay: string;
  /** Set when shrinking stopped early (its time budget, or the adapter faulting): why; the counterexample is the smallest found. */
  shrinkCut?: string;
  /** Set when the counterexample, run again, was answered differently: the implementation is flaky. */
  flaky?: FlakyRecord;
  /**
   * A JSON Pointer into `counterexample` at the part of the case that breaks the rule (the member a
   * mutation changed, or where a removed one was), when the check knows it: what the terminal highlights.
   */
  focus?: string;
}

/** One answer to the counterexample: what the case came to. */
export type FlakyAnswer =
  | { outcome: 'failed'; message: string; actual: unknown }
  | { outcome: 'passed' }
  | { outcome: 'errored'; message: string }
  | { outcome: 'not-judged'; message: string };

/** A counterexample answered differently when run again: the first answer and the first that differed. */
export interface FlakyRecord {
  /** Replays tried. */
  replays: number;
  /** Which replay (1-based) answered differently. */
  differedAt: number;
  answers: [FlakyAnswer, FlakyAnswer];
}

/** What an errored check carries: the implementation could not answer (or the case could not be judged). */
export interface ErrorRecord {
  message: string;
  /** The case the implementation could not answer, JSON-safe. */
  input?: unknown;
  /** Format 3: the fast-check path of that case, counted from the first case of the check (a fault is never shrunk). */
  path?: string;
  /** Format 3: one command line that runs exactly that case again. */
  replay?: string;
  /** What the pack saw: the raw answer, a stderr tail, an exit code... */
  evidence?: unknown;
  /** Format 3: what the case's run was seen to do up to the fault (a recovery session's steps). */
  seen?: unknown;
}

/** How much a check tried: a pass says how much was tested. */
export interface Evidence {
  /** Cases executed (before shrinking). */
  cases: number;
  /**
   * Format 3, only when some were: cases that said nothing about the rule for this implementation
   * (see `NotJudgedCheck`). A check all of whose cases were not judged is `not-judged`.
   */
  notJudged?: number;
  /** Tag counts over the generated cases (`valid`, `adversarial`, `family:*`, `profile:*`...), in key order. */
  tags: Record<string, number>;
}

/** One chunk of a check's runs, as a shard ran it (see `chunksOf` in `src/engine/chunks.ts`). */
export interface ChunkPart {
  chunk: number;
  status: 'passed' | 'failed' | 'errored';
  cases: number;
  /** As `Evidence.notJudged`: only when some were. */
  notJudged?: number;
  tags: Record<string, number>;
  durationMs: number;
}

/** One entry of an expectations file (`schemas/expectations.schema.json`): a known failure or skip. */
export interface Expectation {
  /** A check id or a glob over ids. */
  check: string;
  outcome: 'fail' | 'skip';
  reason: string;
  issue?: string;
  /** YYYY-MM-DD, inclusive. */
  expires?: string;
}

/**
 * What came of an entry for one check it matched: `expected` (it explains the check's failure or
 * skip), `unexpected-pass` (it says fail or skip, the check passed), `stale` (expired, or it
 * explains nothing of what happened).
 */
export type ExpectationResult = 'expected' | 'unexpected-pass' | 'stale';

/** A check's expectation: the entry that matched it, as written, and what came of it. */
export interface CheckExpectation {
  entry: Expectation;
  result: ExpectationResult;
  /** For `unexpected-pass` and `stale`: why, in words (e.g. `expired on 2026-01-31`). */
  why?: string;
  /** True when this entry is one of the gate's stale entries: it fails the gate unless `--allow-stale`. */
  gating: boolean;
}

/** The gate's outcome as report.json carries it (format 2): what `--expect` decided, by check id. */
export interface GateRecord {
  /** The expectations file as the user named it. */
  file: string;
  ok: boolean;
  allowStale: boolean;
  /** MUST checks that failed or errored and no entry explains: what fails the gate. */
  newFailures: string[];
  /** SHOULD checks that failed or errored and no entry explains: reported, never gating. */
  newShouldFailures: string[];
  /** Checks skipped without an entry: reported, never gating. */
  unexpectedSkips: string[];
  /** Failed, errored or skipped checks an entry explains. */
  expected: { check: string; entry: Expectation }[];
  /** Entries that no longer explain anything, or whose time is up. */
  stale: { entry: Expectation; why: string }[];
  /** Entries that match no check of this run (another selection or shard). */
  untouched: Expectation[];
}

/** The machine a run ran on (format 2). Differs between machines: excluded from determinism comparisons, like timing. */
export interface Environment {
  /** `process.version`, e.g. `v20.11.1`. */
  node: string;
  /** Platform and architecture, e.g. `linux x64`. */
  platform: string;
  /** Operating system name and release, e.g. `Linux 6.1.0-18-amd64`. */
  os: string;
}

/** What every check entry holds, whatever its status. */
interface CheckReportBase {
  /** Stable check id, e.g. `ENV-EXPIRED`. */
  id: string;
  title: string;
  suite: string;
  severity: Severity;
  /** Seed document and section the check enforces. */
  specRef: string;
  /** The seed clause the check enforces, in the pack's own words (added within format 1: older reports lack it). */
  statement?: string;
  /** Adapter members the check calls. */
  requires: string[];
  /** Spec decisions (docs/spec-decisions.md) the check relies on. */
  decisions: string[];
  /** Cases executed (before shrinking). */
  runs: number;
  evidence: Evidence;
  /**
   * Only in a shard's report, for a check whose runs span several chunks: the chunks this shard ran,
   * in order. `merge` combines them into the unsharded entry and drops this field.
   */
  parts?: ChunkPart[];
  /** Format 2, only in a gated run (`--expect`) and only when an entry of the file matched this check: the entry and what came of it. */
  expectation?: CheckExpectation;
  /** Timing: excluded from determinism comparisons. */
  durationMs: number;
}

/** A check every case of which the implementation answered correctly. */
export interface PassedCheck extends CheckReportBase {
  status: 'passed';
}

/** A check the implementation answered wrongly: the shrunk case and how to replay it. */
export interface FailedCheck extends CheckReportBase {
  status: 'failed';
  failure: FailureRecord;
}

/** A check the implementation could not answer: what it did instead. */
export interface ErroredCheck extends CheckReportBase {
  status: 'errored';
  error: ErrorRecord;
}

/** A check that did not run: the adapter lacks a member it needs. */
export interface SkippedCheck extends CheckReportBase {
  status: 'skipped';
  skipReason: string;
}

/**
 * A check that ran, and none of whose cases said anything about its rule for this implementation
 * (format 3): every case was one the implementation's behaviour left unjudged (a recovery fault it
 * was never exposed to, because it did no work). Neither passed nor failed; a run that judged
 * nothing else exits as a run that judged nothing.
 */
export interface NotJudgedCheck extends CheckReportBase {
  status: 'not-judged';
  /** Why, in words: the message of the last case's reason. */
  notJudged: { reason: string; message: string };
}

/** One check's entry in a report, discriminated by `status`. */
export type CheckReport = PassedCheck | FailedCheck | ErroredCheck | SkippedCheck | NotJudgedCheck;

/** Status counts of a report. */
export interface Summary {
  total: number;
  passed: number;
  failed: number;
  errored: number;
  skipped: number;
  /** Format 3 (0 in an older report read): checks that ran and judged nothing. */
  notJudged: number;
  /** MUST checks that failed or errored: what the exit code looks at. */
  mustFailed: number;
}

/** A run's report. */
export interface Report {
  format: ReportFormat;
  tool: { name: string; version: string };
  /** The implementation, as its `describe()` answered, and how the user named the adapter. */
  adapter: AdapterInfo & { spec: string };
  /** Format 2: the machine the run ran on (a merge keeps it when every shard ran on the same). */
  environment?: Environment;
  run: {
    seed: number;
    /** Cases per check asked for. */
    runs: number;
    timeoutMs: number;
    /** The validators' clock. */
    now: string;
    selection: { suites: string[]; checks: string[] };
    /** Shrink time per failing check chunk (ms), after which the best counterexample so far is reported. */
    shrinkBudgetMs?: number;
    /**
     * The reproducibility stamp: sha256 of the build (tool version and code), the chunk size, the
     * catalog (ids, severities, spec refs, required members) and the spec data (see `catalogStamp`
     * in `src/engine/stamp.ts`). Equal stamps and seeds mean equal cases.
     */
    catalogHash: string;
    /** Timing: excluded from determinism comparisons. */
    startedAt: string;
    /** Timing: excluded from determinism comparisons. */
    durationMs: number;
    /** Present only in the report of one shard of a sharded run (`--shard i/n`); `merge` removes it. */
    shard?: { index: number; count: number };
  };
  /** True when the run was interrupted before every selected check finished. */
  incomplete: boolean;
  checks: CheckReport[];
  summary: Summary;
  /** Format 2, only in a gated run or merge (`--expect`): the gate's outcome. */
  gate?: GateRecord;
  /**
   * Only in the report of a run against a live service (`--adapter-url`, format 3):
   * how the network behaved and how the run held back. Differs between runs, like timing.
   */
  network?: NetworkRecord;
}

/** What a run against a live service reports of the network (docs/protocol.md, "The HTTP binding"). */
export interface NetworkRecord {
  /** Answers 429, or 503 with `Retry-After`, that were waited out, the request then sent again. */
  throttled: number;
  /** How long the run held its requests back for them (ms, wall clock; overlapping waits count once). */
  waitedMs: number;
  /** Requests sent again after their connection dropped before the whole answer came. */
  resent: number;
  /** `--read-only`: only the members that change nothing on the service were called. */
  readOnly: boolean;
  /** `--max-rate`: requests per second at most, when the run bounded them. */
  maxRate?: number;
}

/** The message of a failed or errored check; undefined for the others. */
export function problemOf(c: CheckReport): string | undefined {
  return c.status === 'failed' ? c.failure.message : c.status === 'errored' ? c.error.message : undefined;
}

/** Counts statuses. */
export function summarize(checks: readonly CheckReport[]): Summary {
  const s: Summary = {
    total: checks.length,
    passed: 0,
    failed: 0,
    errored: 0,
    skipped: 0,
    notJudged: 0,
    mustFailed: 0,
  };
  for (const c of checks) {
    if (c.status === 'not-judged') s.notJudged += 1;
    else s[c.status] += 1;
    if (c.severity === 'MUST' && (c.status === 'failed' || c.status === 'errored')) s.mustFailed += 1;
  }
  return s;
}

/** Tag counts in key order, so that equal evidence serializes equally. */
export function sortedTags(tags: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(tags).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** A check's evidence: `notJudged` only when some cases judged nothing (so that older reports read alike). */
export function evidenceOf(cases: number, notJudged: number, tags: Record<string, number>): Evidence {
  return notJudged > 0 ? { cases, notJudged, tags } : { cases, tags };
}

/**
 * The status of an entry every chunk of which passed: `not-judged` when it ran cases and not one of
 * them judged anything, else `passed`.
 */
export function judgedStatus(evidence: Evidence): 'passed' | 'not-judged' {
  return evidence.cases > 0 && evidence.notJudged === evidence.cases ? 'not-judged' : 'passed';
}
