/**
 * The report model, `uaix-conformance-report/1`: what a run found, as `report.json` holds it and
 * every other published format renders it. Versioned: fields are only ever added within format 1;
 * its JSON Schema is `schemas/report.schema.json`. Pure data and pure functions, nothing else.
 */
import type { AdapterInfo } from '../contract/adapter.js';

/** The report format id; bumped only on an incompatible change. */
export const REPORT_FORMAT = 'uaix-conformance-report/1';

/** How much a check's failure matters: a MUST failure fails the run, a SHOULD failure warns. */
export type Severity = 'MUST' | 'SHOULD';

/** The outcome of one check: the discriminant of `CheckReport`. */
export type CheckStatus = 'passed' | 'failed' | 'errored' | 'skipped';

/** What a failed check carries so that anyone can see and replay the failure. */
export interface FailureRecord {
  /** One sentence: what went wrong. */
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
}

/** One answer to the counterexample: what the case came to. */
export type FlakyAnswer = { outcome: 'failed'; message: string; actual: unknown } | { outcome: 'passed' } | { outcome: 'errored'; message: string };

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
  /** What the pack saw: the raw answer, a stderr tail, an exit code... */
  evidence?: unknown;
}

/** How much a check tried: a pass says how much was tested. */
export interface Evidence {
  /** Cases executed (before shrinking). */
  cases: number;
  /** Tag counts over the generated cases (`valid`, `adversarial`, `family:*`, `profile:*`...), in key order. */
  tags: Record<string, number>;
}

/** One chunk of a check's runs, as a shard ran it (see `chunksOf` in `src/engine/chunks.ts`). */
export interface ChunkPart {
  chunk: number;
  status: 'passed' | 'failed' | 'errored';
  cases: number;
  tags: Record<string, number>;
  durationMs: number;
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

/** One check's entry in a report, discriminated by `status`. */
export type CheckReport = PassedCheck | FailedCheck | ErroredCheck | SkippedCheck;

/** Status counts of a report. */
export interface Summary {
  total: number;
  passed: number;
  failed: number;
  errored: number;
  skipped: number;
  /** MUST checks that failed or errored: what the exit code looks at. */
  mustFailed: number;
}

/** A run's report. */
export interface Report {
  format: typeof REPORT_FORMAT;
  tool: { name: string; version: string };
  /** The implementation, as its `describe()` answered, and how the user named the adapter. */
  adapter: AdapterInfo & { spec: string };
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
}

/** The message of a failed or errored check; undefined for the others. */
export function problemOf(c: CheckReport): string | undefined {
  return c.status === 'failed' ? c.failure.message : c.status === 'errored' ? c.error.message : undefined;
}

/** Counts statuses. */
export function summarize(checks: readonly CheckReport[]): Summary {
  const s: Summary = { total: checks.length, passed: 0, failed: 0, errored: 0, skipped: 0, mustFailed: 0 };
  for (const c of checks) {
    s[c.status] += 1;
    if (c.severity === 'MUST' && (c.status === 'failed' || c.status === 'errored')) s.mustFailed += 1;
  }
  return s;
}

/** Tag counts in key order, so that equal evidence serializes equally. */
export function sortedTags(tags: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(tags).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
