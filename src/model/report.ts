import type { CheckStatus, Severity } from '../engine/check.js';
import type { AdapterInfo } from '../contract/adapter.js';

/** The report format id; bump only on incompatible change. */
export const REPORT_FORMAT = 'uaix-conformance-report/1';

/** What a failed check carries so that anyone can see and replay the failure. */
export interface FailureRecord {
  message: string;
  /** The shrunk case, JSON-safe. */
  counterexample: unknown;
  expected: unknown;
  actual: unknown;
  /** fast-check seed of this check (derived from the run seed and the check id). */
  seed: number;
  /** fast-check path of the shrunk case. */
  path: string;
  shrinks: number;
  /** One command that replays exactly this case. */
  replay: string;
}

export interface ErrorRecord {
  message: string;
  /** The case the adapter could not answer, JSON-safe. */
  input?: unknown;
  evidence?: unknown;
}

/** How much a check tried: a pass says how much was tested. */
export interface Evidence {
  cases: number;
  /** Tag counts over the generated cases (`valid`, `adversarial`, `family:*`, `profile:*`...). */
  tags: Record<string, number>;
}

export interface CheckReport {
  id: string;
  title: string;
  suite: string;
  severity: Severity;
  specRef: string;
  requires: string[];
  decisions: string[];
  status: CheckStatus;
  /** Cases executed (before shrinking). */
  runs: number;
  evidence: Evidence;
  failure?: FailureRecord;
  error?: ErrorRecord;
  skipReason?: string;
  /**
   * Only in a shard's report, for a check whose runs span several chunks: the chunks this shard ran,
   * in order. `merge` combines them into the unsharded entry and drops this field.
   */
  parts?: ChunkPart[];
  /** Timing: excluded from determinism comparisons. */
  durationMs: number;
}

/** One chunk of a check's runs, as a shard ran it (see `src/core/shard.ts`). */
export interface ChunkPart {
  chunk: number;
  status: 'passed' | 'failed' | 'errored';
  cases: number;
  tags: Record<string, number>;
  durationMs: number;
}

export interface Summary {
  total: number;
  passed: number;
  failed: number;
  errored: number;
  skipped: number;
  /** MUST checks that failed or errored: what the exit code looks at. */
  mustFailed: number;
}

export interface Report {
  format: typeof REPORT_FORMAT;
  tool: { name: string; version: string };
  adapter: AdapterInfo & { spec: string };
  run: {
    seed: number;
    runs: number;
    timeoutMs: number;
    now: string;
    selection: { suites: string[]; checks: string[] };
    /** The reproducibility stamp: sha256 of the tool version, the check catalog (ids, severities, spec refs), the chunk size and a fingerprint of the generators (see `hashCatalog`). */
    catalogHash: string;
    /** Timing: excluded from determinism comparisons. */
    startedAt: string;
    durationMs: number;
    /** Present only in the report of one shard of a sharded run (`--shard i/n`); `merge` removes it. */
    shard?: { index: number; count: number };
  };
  /** True when the run was interrupted before every selected check finished. */
  incomplete: boolean;
  checks: CheckReport[];
  summary: Summary;
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
