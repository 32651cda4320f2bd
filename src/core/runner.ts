import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { AdapterFault, type CheckDefinition, type Harness } from './check.js';
import { createHarness, describeThrown } from './harness.js';
import { toJsonSafe } from './json-safe.js';
import { REPORT_FORMAT, summarize, type CheckReport, type Report } from './report.js';
import { checkSeed } from './seed.js';
import { checkShape } from './shapes.js';
import { withTimeout } from './timeout.js';
import type { Adapter, AdapterCapability, AdapterInfo } from './types.js';
import { TOOL } from './version.js';
import { UsageError } from './errors.js';

/** Options of one run. */
export interface RunOptions {
  checks: readonly CheckDefinition[];
  adapter: Adapter;
  /** How the user named the adapter (for replay commands); defaults to `./adapter`. */
  adapterSpec?: string;
  seed: number;
  runs: number;
  /** Per-call timeout in ms (default 10 000). */
  timeoutMs?: number;
  /** The validators' clock (default `2026-06-01T00:00:00Z`). */
  now?: string;
  /** fast-check path: replay exactly one case (with one selected check). */
  replayPath?: string;
  /** Selection as the user gave it, for the report. */
  selection?: { suites: string[]; checks: string[] };
  /** Hash of the whole catalog; defaults to a hash of the selected checks. */
  catalogHash?: string;
  /** Called after each check (progress displays, incremental writers). */
  onCheck?: (result: CheckReport, index: number, total: number) => void;
  /** When it returns true the run stops between checks and the report is marked incomplete. */
  shouldStop?: () => boolean;
}

export const DEFAULT_NOW = '2026-06-01T00:00:00Z';
export const DEFAULT_TIMEOUT_MS = 10_000;

/** sha256 over what makes two runs comparable: tool version and each check's id, severity and spec ref. */
export function hashCatalog(checks: readonly CheckDefinition[]): string {
  const h = createHash('sha256').update(TOOL.version);
  for (const c of checks) h.update(`\n${c.id}|${c.severity}|${c.specRef}|${c.requires.join(',')}`);
  return `sha256:${h.digest('hex')}`;
}

function hasCapability(adapter: Adapter, cap: AdapterCapability): boolean {
  const v = (adapter as unknown as Record<string, unknown>)[cap];
  return cap === 'recovery' ? v != null && typeof v === 'object' : typeof v === 'function';
}

function quote(arg: string): string {
  return /^[\w./:@=+-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** The one-line command that replays one case of one check. */
export function replayCommand(adapterSpec: string, id: string, seed: number, path: string, runs: number): string {
  return ['npx', 'uaix-conformance', '--adapter', adapterSpec, '--check', id, '--seed', String(seed), '--runs', String(runs), '--replay', path]
    .map(quote)
    .join(' ');
}

/** Calls `describe()` with a timeout and checks its shape; an adapter that cannot describe itself is unusable. */
export async function describeAdapter(adapter: Adapter, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<AdapterInfo> {
  if (adapter == null || typeof adapter.describe !== 'function') throw new UsageError('the adapter has no describe() method');
  let info: unknown;
  try {
    info = await withTimeout(Promise.resolve().then(() => adapter.describe()), timeoutMs);
  } catch (e) {
    throw new UsageError(`the adapter's describe() failed: ${describeThrown(e)}`);
  }
  const problem = checkShape('adapterInfo', info);
  if (problem) throw new UsageError(`the adapter's describe() answered with a wrong shape: ${problem}`);
  return info as AdapterInfo;
}

/**
 * Runs one check as a fast-check property and turns the outcome into a report entry; undefined
 * when `shouldStop` interrupted it (a half-run check is never reported as passed).
 */
export async function runCheck(check: CheckDefinition, adapter: Adapter, h: Harness, opts: RunOptions): Promise<CheckReport | undefined> {
  const started = performance.now();
  const base = {
    id: check.id,
    title: check.title,
    suite: check.suite,
    severity: check.severity,
    specRef: check.specRef,
    requires: [...check.requires],
    decisions: [...(check.decisions ?? [])],
  };
  const missing = check.requires.filter((r) => !hasCapability(adapter, r));
  if (missing.length > 0) {
    return { ...base, status: 'skipped', runs: 0, evidence: { cases: 0, tags: {} }, skipReason: `adapter does not implement ${missing.join(', ')}`, durationMs: 0 };
  }
  const seed = checkSeed(opts.seed, check.id);
  const show = (input: unknown) => toJsonSafe(check.show ? check.show(input) : input);
  const tags: Record<string, number> = {};
  let cases = 0;
  let fault: { message: string; input: unknown; evidence?: unknown } | undefined;
  let lastFailure: { input: unknown; message: string; expected: unknown; actual: unknown } | undefined;

  let interrupted = false;
  const property = fc.asyncProperty(check.arbitrary(), async (input: unknown) => {
    if (interrupted || opts.shouldStop?.()) {
      interrupted = true;
      return true; // let fast-check wind down; this check's result is discarded
    }
    const shrinking = lastFailure !== undefined;
    if (fault && !shrinking) return true; // the adapter already broke down: stop exercising it
    if (!shrinking) {
      cases += 1;
      for (const t of check.tags?.(input) ?? []) tags[t] = (tags[t] ?? 0) + 1;
    }
    try {
      const r = await check.run(input, h);
      if (r.pass) return true;
      lastFailure = { input, message: r.message, expected: r.expected, actual: r.actual };
      return false;
    } catch (e) {
      // A fault while shrinking means that smaller case says nothing: keep the failure found.
      if (!shrinking && !fault) {
        const message = e instanceof AdapterFault ? e.message : `the check could not run this case: ${describeThrown(e)}`;
        fault = { message, input, evidence: e instanceof AdapterFault ? e.evidence : undefined };
      }
      return true;
    }
  });
  const details = await fc.check(property, {
    seed,
    numRuns: opts.runs,
    ...(opts.replayPath !== undefined ? { path: opts.replayPath } : {}),
  });
  if (interrupted) return undefined;
  const durationMs = Math.round(performance.now() - started);
  const evidence = { cases, tags: Object.fromEntries(Object.entries(tags).sort(([a], [b]) => (a < b ? -1 : 1))) };
  if (details.failed && lastFailure && details.counterexample) {
    const path = details.counterexamplePath ?? '';
    return {
      ...base,
      status: 'failed',
      runs: cases,
      evidence,
      failure: {
        message: lastFailure.message,
        counterexample: show(details.counterexample[0]),
        expected: toJsonSafe(lastFailure.expected),
        actual: toJsonSafe(lastFailure.actual),
        seed,
        path,
        shrinks: details.numShrinks,
        replay: replayCommand(opts.adapterSpec ?? './adapter', check.id, opts.seed, path, opts.runs),
      },
      durationMs,
    };
  }
  if (fault) {
    return { ...base, status: 'errored', runs: cases, evidence, error: { message: fault.message, input: show(fault.input), ...(fault.evidence !== undefined ? { evidence: toJsonSafe(fault.evidence) } : {}) }, durationMs };
  }
  if (details.failed) {
    // fast-check itself failed (e.g. the arbitrary threw): a defect of the pack, reported, never hidden.
    return { ...base, status: 'errored', runs: cases, evidence, error: { message: `internal error: ${describeThrown(details.errorInstance)}` }, durationMs };
  }
  return { ...base, status: 'passed', runs: cases, evidence, durationMs };
}

/**
 * Runs the selected checks against an adapter and returns the report model. Does no I/O of its own
 * beyond calling the adapter; never exits the process.
 */
export async function runChecks(opts: RunOptions): Promise<Report> {
  const startedAt = new Date().toISOString();
  const t0 = performance.now();
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const now = opts.now ?? DEFAULT_NOW;
  const info = await describeAdapter(opts.adapter, timeoutMs);
  const h = createHarness(opts.adapter, info, { timeoutMs, now });
  const results: CheckReport[] = [];
  let incomplete = false;
  for (const [i, check] of opts.checks.entries()) {
    if (opts.shouldStop?.()) {
      incomplete = true;
      break;
    }
    const r = await runCheck(check, opts.adapter, h, opts);
    if (r === undefined) {
      incomplete = true;
      break;
    }
    results.push(r);
    opts.onCheck?.(r, i, opts.checks.length);
  }
  return {
    format: REPORT_FORMAT,
    tool: { ...TOOL },
    adapter: { ...info, spec: opts.adapterSpec ?? './adapter' },
    run: {
      seed: opts.seed,
      runs: opts.runs,
      timeoutMs,
      now,
      selection: opts.selection ?? { suites: [], checks: [] },
      catalogHash: opts.catalogHash ?? hashCatalog(opts.checks),
      startedAt,
      durationMs: Math.round(performance.now() - t0),
    },
    incomplete,
    checks: results,
    summary: summarize(results),
  };
}
