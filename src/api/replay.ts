import type { Adapter } from '../contract/adapter.js';
import { UsageError } from '../contract/errors.js';
import type { CheckDefinition } from '../engine/check.js';
import { toJsonSafe } from '../engine/json-safe.js';
import { replayCase, type ReplayOutcome } from '../engine/replay.js';
import { TOOL } from '../io/package.js';
import type { CheckReport, Report } from '../model/report.js';
import type { SpecData } from '../spec/index.js';
import { packCatalog, stampOf } from './catalog.js';
import { runChecks } from './run.js';

/**
 * Refuses a report made by another catalog, other generators or other spec data: its seeds and
 * paths would name other cases, and a replay would test something else while claiming to reproduce
 * the failure.
 */
export function assertSameCatalog(report: Report, spec: SpecData, what: string): void {
  const here = stampOf(packCatalog().checks, spec);
  if (report.run.catalogHash !== here) {
    throw new UsageError(
      `${what}: the report was made by another check catalog, other generators or other spec data (report: tool ${report.tool.version}, ${report.run.catalogHash.slice(0, 19)}; installed: tool ${TOOL.version}, ${here.slice(0, 19)}); use the tool version and spec folder that made it`,
    );
  }
}

/** The replay view of a finished check entry. */
export function replayOutcomeOfEntry(c: CheckReport): ReplayOutcome {
  if (c.status === 'passed') return { status: 'fixed' };
  if (c.status === 'failed')
    return { status: 'failing', message: c.failure.message, expected: c.failure.expected, actual: c.failure.actual };
  if (c.status === 'not-judged') return { status: 'not-judged', message: c.notJudged.message };
  return { status: 'errored', message: c.status === 'errored' ? c.error.message : c.skipReason };
}

/** What to replay: one check's case at `path`, or (no path: an errored check) the check's cases in order. */
export interface ReplayRequest {
  check: CheckDefinition;
  adapter: Adapter;
  adapterSpec: string;
  seed: number;
  runs: number;
  timeoutMs: number;
  now: string;
  spec: SpecData;
  path?: string;
  /** The counterexample the report shows at `path`, to make sure the generators still give that case. */
  expectedCase?: unknown;
}

/** What a replay did, and the case it replayed as reports show it (none when an errored check was re-run whole). */
export interface ReplayResult {
  outcome: ReplayOutcome;
  case?: {
    /** The case as `show` shows it, JSON-safe: what a report's counterexample holds. */
    shown: unknown;
    /** JSON Pointer into `shown` at the part that breaks the rule, when the check knows it (`focus`). */
    focus?: string;
  };
}

/**
 * Replays one case once (FIXED or STILL FAILING), or without a path re-runs the check's cases in
 * order (an errored check has no path: its fault is re-run by the same cases).
 */
export async function replay(r: ReplayRequest): Promise<ReplayOutcome> {
  return (await replayWithCase(r)).outcome;
}

/** `replay`, with the case it replayed, for the terminal to show as a run shows a failure. */
export async function replayWithCase(r: ReplayRequest): Promise<ReplayResult> {
  if (r.path === undefined) {
    const report = await runChecks({
      checks: [r.check],
      adapter: r.adapter,
      adapterSpec: r.adapterSpec,
      seed: r.seed,
      runs: r.runs,
      timeoutMs: r.timeoutMs,
      now: r.now,
      spec: r.spec,
    });
    return { outcome: replayOutcomeOfEntry(report.checks[0]!) };
  }
  const { input, outcome } = await replayCase(r.check, r.adapter, {
    seed: r.seed,
    runs: r.runs,
    path: r.path,
    now: r.now,
    timeoutMs: r.timeoutMs,
    spec: r.spec,
  });
  const shown = toJsonSafe(r.check.show ? r.check.show(input) : input);
  if (r.expectedCase !== undefined && JSON.stringify(shown) !== JSON.stringify(r.expectedCase)) {
    throw new UsageError(
      `the generators give another case at path ${r.path} than the report shows: the report comes from other generators or spec data`,
    );
  }
  const focus = r.check.focus?.(input);
  return { outcome, case: { shown, ...(focus !== undefined ? { focus } : {}) } };
}
