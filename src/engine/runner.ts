import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { AdapterFault, type CheckDefinition, type Harness } from './check.js';
import { createHarness, describeThrown } from './harness.js';
import { toJsonSafe } from './json-safe.js';
import { compactPath } from './path.js';
import { REPORT_FORMAT, summarize, type CheckReport, type ErrorRecord, type FailureRecord, type Report } from '../model/report.js';
import { CHUNK_RUNS, chunksOf, globalPath, locatePath, shardUnits, type Chunk, type ShardSpec } from './chunks.js';
import { checkShape } from '../contract/shapes.js';
import { withTimeout } from './timeout.js';
import type { Adapter, AdapterCapability, AdapterInfo } from '../contract/adapter.js';
import { packageRoot } from '../spec/data.js';
import { TOOL } from '../io/package.js';
import { UsageError } from '../contract/errors.js';

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
  /** Run only this shard's share of the (check, chunk) units (`--shard i/n`). */
  shard?: ShardSpec;
  /** Cases per chunk (default `CHUNK_RUNS`); tests use small chunks to exercise sharding cheaply. */
  chunkRuns?: number;
  /** Called before each check starts (progress displays name the running check). */
  onCheckStart?: (check: CheckDefinition, index: number, total: number) => void;
  /** Called as each case starts, and each shrink step (live progress while a long check runs). */
  onCase?: (checkId: string, shrinking: boolean) => void;
  /** Called after each check (progress displays, incremental writers). */
  onCheck?: (result: CheckReport, index: number, total: number) => void;
  /** When it returns true the run stops between checks and the report is marked incomplete. */
  shouldStop?: () => boolean;
}

export const DEFAULT_NOW = '2026-06-01T00:00:00Z';
export const DEFAULT_TIMEOUT_MS = 10_000;

/** The fixed fast-check seed of the generator fingerprint. */
const FINGERPRINT_SEED = 0x5eed;
const FINGERPRINT_CASES = 2;

/** The folders whose code makes the cases and judges them, next to this module's `src/` (repo or dist). */
const codeRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
let sourceDigest: string | undefined;

/** sha256 over the check and generator code (suites/, generators/) and the bundled spec data, by relative path. */
function hashSources(): string {
  if (sourceDigest) return sourceDigest;
  const h = createHash('sha256');
  const walk = (root: string, dir: string, keep: (f: string) => boolean) => {
    if (!existsSync(dir)) return;
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const full = join(dir, e.name);
      if (e.isDirectory()) walk(root, full, keep);
      else if (keep(e.name)) h.update(`\n${relative(root, full).split(sep).join('/')}\n`).update(readFileSync(full));
    }
  };
  const code = (f: string) => /\.(js|ts)$/.test(f) && !f.endsWith('.d.ts');
  walk(codeRoot, join(codeRoot, 'suites'), code);
  walk(codeRoot, join(codeRoot, 'generators'), code);
  walk(packageRoot, join(packageRoot, 'spec'), (f) => f.endsWith('.json'));
  sourceDigest = h.digest('hex');
  return sourceDigest;
}

/**
 * The reproducibility stamp: sha256 over what makes two runs comparable. It covers the tool
 * version, each check's id, severity, spec ref and requirements, the chunk size, the code of the
 * suites and generators with the bundled spec data, and a fingerprint of the generators as they
 * run: the first cases each check's arbitrary draws under a fixed seed (this catches a `--spec-dir`
 * override, which changes the cases without changing any file of the pack).
 */
export function hashCatalog(checks: readonly CheckDefinition[], options: { chunkRuns?: number } = {}): string {
  const h = createHash('sha256').update(TOOL.version);
  h.update(`\nchunk=${options.chunkRuns ?? CHUNK_RUNS}\nsources=${hashSources()}`);
  for (const c of checks) {
    h.update(`\n${c.id}|${c.severity}|${c.specRef}|${c.requires.join(',')}`);
    let sample: unknown;
    try {
      sample = fc.sample(c.arbitrary(), { seed: FINGERPRINT_SEED, numRuns: FINGERPRINT_CASES });
    } catch (e) {
      sample = { $arbitraryFailed: describeThrown(e) };
    }
    h.update(`|${JSON.stringify(toJsonSafe(sample))}`);
  }
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

/** The outcome of one chunk of a check's runs. */
interface ChunkOutcome {
  index: number;
  status: 'passed' | 'failed' | 'errored';
  cases: number;
  tags: Record<string, number>;
  failure?: FailureRecord;
  error?: ErrorRecord;
  durationMs: number;
}

/** Runs one chunk as a fast-check property; undefined when `shouldStop` interrupted it. */
async function runChunk(check: CheckDefinition, h: Harness, opts: RunOptions, chunk: Chunk, replayPath: string | undefined): Promise<ChunkOutcome | undefined> {
  const started = performance.now();
  const chunkRuns = opts.chunkRuns ?? CHUNK_RUNS;
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
    opts.onCase?.(check.id, shrinking);
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
    seed: chunk.seed,
    numRuns: chunk.numRuns,
    ...(replayPath !== undefined ? { path: replayPath } : {}),
  });
  if (interrupted) return undefined;
  const base = { index: chunk.index, cases, tags, durationMs: Math.round(performance.now() - started) };
  if (details.failed && lastFailure && details.counterexample) {
    const path = globalPath(chunk, details.counterexamplePath ?? '', chunkRuns);
    return {
      ...base,
      status: 'failed',
      failure: {
        message: lastFailure.message,
        counterexample: show(details.counterexample[0]),
        expected: toJsonSafe(lastFailure.expected),
        actual: toJsonSafe(lastFailure.actual),
        seed: chunk.seed,
        path,
        shrinks: details.numShrinks,
        replay: replayCommand(opts.adapterSpec ?? './adapter', check.id, opts.seed, compactPath(path), opts.runs),
      },
    };
  }
  if (fault) {
    return { ...base, status: 'errored', error: { message: fault.message, input: show(fault.input), ...(fault.evidence !== undefined ? { evidence: toJsonSafe(fault.evidence) } : {}) } };
  }
  if (details.failed) {
    // fast-check itself failed (e.g. the arbitrary threw): a defect of the pack, reported, never hidden.
    return { ...base, status: 'errored', error: { message: `internal error: ${describeThrown(details.errorInstance)}` } };
  }
  return { ...base, status: 'passed' };
}

/** Tag counts in key order, so that equal evidence serializes equally. */
export function sortedTags(tags: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(tags).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * Runs one check and turns the outcome into a report entry; undefined when `shouldStop`
 * interrupted it (a half-run check is never reported as passed).
 *
 * The runs are executed chunk by chunk (see `src/core/shard.ts`), stopping at the first chunk that
 * fails or errors, as one fast-check run stops at its first failure. `onlyChunks` restricts the run
 * to some chunks (a shard's share); the entry then lists them in `parts` so that `merge` can
 * rebuild the unsharded entry.
 */
export async function runCheck(check: CheckDefinition, adapter: Adapter, h: Harness, opts: RunOptions, onlyChunks?: readonly number[]): Promise<CheckReport | undefined> {
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
  const chunkRuns = opts.chunkRuns ?? CHUNK_RUNS;
  const all = chunksOf(opts.seed, check.id, opts.runs, chunkRuns);
  let plan: { chunk: Chunk; path?: string }[];
  if (opts.replayPath !== undefined) {
    const located = locatePath(opts.seed, check.id, opts.runs, opts.replayPath, chunkRuns);
    plan = [{ chunk: located.chunk, path: located.path }];
  } else {
    plan = all.filter((c) => onlyChunks === undefined || onlyChunks.includes(c.index)).map((chunk) => ({ chunk }));
  }
  const outcomes: ChunkOutcome[] = [];
  for (const step of plan) {
    const o = await runChunk(check, h, opts, step.chunk, step.path);
    if (o === undefined) return undefined;
    outcomes.push(o);
    if (o.status !== 'passed') break;
  }
  const tags: Record<string, number> = {};
  for (const o of outcomes) for (const [t, n] of Object.entries(o.tags)) tags[t] = (tags[t] ?? 0) + n;
  const cases = outcomes.reduce((n, o) => n + o.cases, 0);
  const last = outcomes[outcomes.length - 1]!;
  const entry: CheckReport = {
    ...base,
    status: last.status,
    runs: cases,
    evidence: { cases, tags: sortedTags(tags) },
    ...(last.failure ? { failure: last.failure } : {}),
    ...(last.error ? { error: last.error } : {}),
    durationMs: outcomes.reduce((n, o) => n + o.durationMs, 0),
  };
  if (onlyChunks !== undefined && all.length > 1) {
    entry.parts = outcomes.map((o) => ({ chunk: o.index, status: o.status, cases: o.cases, tags: sortedTags(o.tags), durationMs: o.durationMs }));
  }
  return entry;
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
  const units = opts.shard ? shardUnits(opts.checks.map((c) => c.id), opts.runs, opts.shard, opts.chunkRuns ?? CHUNK_RUNS) : undefined;
  const mine = units ? opts.checks.filter((c) => units.has(c.id)) : opts.checks;
  for (const [i, check] of mine.entries()) {
    if (opts.shouldStop?.()) {
      incomplete = true;
      break;
    }
    opts.onCheckStart?.(check, i, mine.length);
    const r = await runCheck(check, opts.adapter, h, opts, units?.get(check.id));
    if (r === undefined) {
      incomplete = true;
      break;
    }
    results.push(r);
    opts.onCheck?.(r, i, mine.length);
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
      catalogHash: opts.catalogHash ?? hashCatalog(opts.checks, { chunkRuns: opts.chunkRuns ?? CHUNK_RUNS }),
      startedAt,
      durationMs: Math.round(performance.now() - t0),
      ...(opts.shard ? { shard: { ...opts.shard } } : {}),
    },
    incomplete,
    checks: results,
    summary: summarize(results),
  };
}
