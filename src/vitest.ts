/**
 * `uaix-conformance/vitest`: the pack inside an implementer's own vitest suite. One test file,
 *
 * ```ts
 * import { definePackTests } from 'uaix-conformance/vitest';
 * definePackTests({ adapter: './src/uaix-adapter.ts', seed: 42, runs: 100 });
 * ```
 *
 * registers one vitest test per check id, with the seeds the CLI uses (a check's fast-check seed
 * comes from the run seed and the check id only), so a failure names the same counterexample and
 * replay command as `npx uaix-conformance`. `UAIX_SEED`, `UAIX_RUNS` and `UAIX_REPLAY=<ID>@<path>`
 * override the options for a replay without editing the file.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import { packCatalog } from './api/catalog.js';
import { runChecks } from './api/run.js';
import { closeAdapter, loadAdapter } from './adapters/load.js';
import type { Adapter } from './contract/adapter.js';
import { UsageError } from './contract/errors.js';
import type { CheckDefinition } from './engine/check.js';
import { DEFAULT_NOW, DEFAULT_TIMEOUT_MS } from './engine/harness.js';
import { compactPath, expandPath, PATH_SYNTAX } from './engine/path.js';
import type { CheckReport } from './model/report.js';
import { displayJson } from './reporters/escape.js';

export interface PackTestOptions {
  /** The adapter object, or a spec as the CLI's `--adapter` takes it (`./adapter.ts`, a folder, `reference`). */
  adapter: Adapter | string;
  /** How replay commands name the adapter; defaults to `adapter` when it is a string, else `./adapter`. */
  adapterSpec?: string;
  /** Run seed (default 42); `UAIX_SEED` overrides it. */
  seed?: number;
  /** Cases per check (default 100); `UAIX_RUNS` overrides it. */
  runs?: number;
  /** Only these suites. */
  suites?: string[];
  /** Only checks whose id matches one of these globs (`ENV-*`). */
  checks?: string[];
  /** Per-call timeout in ms (default 10 000). */
  timeoutMs?: number;
  /** The validators' clock (default `2026-06-01T00:00:00Z`). */
  now?: string;
  /** The describe block's name (default `uaix-conformance`). */
  name?: string;
  /** Per-test timeout in ms (default 300 000: a check runs every case of its property). */
  testTimeoutMs?: number;
  /** Environment to read the overrides from (default `process.env`). */
  env?: Record<string, string | undefined>;
}

/** A replay request, `<CHECK-ID>@<fast-check path>`, as in `UAIX_REPLAY=ENV-EXPIRED@12:0:3`. */
export function parseReplay(raw: string | undefined): { id: string; path: string } | undefined {
  if (raw === undefined || raw === '') return undefined;
  const m = /^([A-Z][A-Z0-9-]*)@(.+)$/.exec(raw.trim());
  if (!m || !PATH_SYNTAX.test(m[2]!))
    throw new UsageError(`UAIX_REPLAY must look like ENV-EXPIRED@12:0:3 (or 12:0*40:3), got "${raw}"`);
  return { id: m[1]!, path: expandPath(m[2]!) };
}

function intEnv(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  if (!/^-?\d+$/.test(raw.trim())) throw new UsageError(`${name} must be an integer, got "${raw}"`);
  return Number(raw);
}

/** The message of a failed or errored check: what went wrong, the case, and both ways to replay it. */
export function describeOutcome(r: CheckReport, seed: number, runs: number): string {
  const head = `${r.id} ${r.status} (${r.severity}, ${r.specRef})`;
  if (r.status === 'failed') {
    const f = r.failure;
    return [
      `${head}: ${f.message}`,
      `counterexample: ${displayJson(f.counterexample)}`,
      `expected: ${displayJson(f.expected)}`,
      `actual: ${displayJson(f.actual)}`,
      `replay with the CLI: ${f.replay}`,
      `replay in vitest:    UAIX_SEED=${seed} UAIX_RUNS=${runs} UAIX_REPLAY=${r.id}@${compactPath(f.path)} npx vitest run -t ${r.id}:`,
    ].join('\n');
  }
  if (r.status === 'not-judged') return `${head}: judged nothing: ${r.notJudged.message}`;
  if (r.status !== 'errored') return `${head}: ${r.status === 'skipped' ? r.skipReason : 'passed'}`;
  const e = r.error;
  return [`${head}: ${e.message}`, ...(e.input !== undefined ? [`input: ${displayJson(e.input)}`] : [])].join('\n');
}

/** Thrown by a check's test when the check failed or errored; the message says everything. */
export class PackCheckError extends Error {
  override name = 'PackCheckError';
}

/**
 * Registers a `describe` block with one test per selected check id. Call it at the top level of a
 * vitest test file. A check whose adapter capability is missing is reported as skipped.
 */
export function definePackTests(options: PackTestOptions): void {
  const env = options.env ?? process.env;
  const seed = intEnv('UAIX_SEED', env.UAIX_SEED, options.seed ?? 42);
  const runs = intEnv('UAIX_RUNS', env.UAIX_RUNS, options.runs ?? 100);
  const replay = parseReplay(env.UAIX_REPLAY);
  const adapterSpec = options.adapterSpec ?? (typeof options.adapter === 'string' ? options.adapter : './adapter');
  const checks: CheckDefinition[] = packCatalog().select({
    suites: options.suites ?? [],
    checks: options.checks ?? [],
  });
  if (replay && !checks.some((c) => c.id === replay.id))
    throw new UsageError(`UAIX_REPLAY names ${replay.id}, which is not among the selected checks`);

  describe(options.name ?? 'uaix-conformance', () => {
    let adapter: Adapter;
    beforeAll(async () => {
      adapter =
        typeof options.adapter === 'string'
          ? await loadAdapter(options.adapter, { timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS })
          : options.adapter;
    });
    afterAll(async () => {
      if (adapter) await closeAdapter(adapter);
    });

    for (const check of checks) {
      test(
        `${check.id}: ${check.title}`,
        async (ctx) => {
          const report = await runChecks({
            checks: [check],
            adapter,
            adapterSpec,
            seed,
            runs,
            timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
            now: options.now ?? DEFAULT_NOW,
            ...(replay?.id === check.id ? { replayPath: replay.path } : {}),
          });
          const r = report.checks[0]!;
          if (r.status === 'skipped') ctx.skip(r.skipReason);
          if (r.status === 'not-judged') ctx.skip(`judged nothing: ${r.notJudged.message}`);
          if (r.status === 'failed' || r.status === 'errored') throw new PackCheckError(describeOutcome(r, seed, runs));
        },
        options.testTimeoutMs ?? 300_000,
      );
    }
  });
}
