import { release, type as osType } from 'node:os';
import type { Adapter } from '../contract/adapter.js';
import { UsageError } from '../contract/errors.js';
import type { CheckDefinition } from '../engine/check.js';
import { CHUNK_RUNS, type ShardSpec } from '../engine/chunks.js';
import { runChecks as runEngine, type RunListener, type RunOptions as EngineRunOptions } from '../engine/runner.js';
import { closeAdapter, loadAdapter } from '../adapters/load.js';
import { gateReport, type ExpectationsFile, type GateResult } from '../model/gate.js';
import type { Environment, Report } from '../model/report.js';
import type { Reporter } from '../reporters/reporter.js';
import { bundledSpec, type SpecData } from '../spec/index.js';
import { assertReplaceable } from '../io/report-files.js';
import { packCheckIds, packStamp, selectedChecks } from './selection.js';
import { stampOfChecks, toolStamp } from './stamp.js';
import { engineFor, type AdapterLoad } from './workers.js';

/** Options of `runChecks`: the engine's, with the stamp this build computes when none is given. */
export interface RunOptions extends EngineRunOptions {
  /** The reproducibility stamp to write (default: the stamp of `checks` and `spec` by this build). */
  catalogHash?: string;
}

/** Runs `checks` against an adapter object and returns the report; no files, no output. */
export function runChecks(opts: RunOptions): Promise<Report> {
  const { catalogHash, ...engine } = opts;
  return runEngine(
    engine,
    toolStamp(catalogHash ?? stampOfChecks(opts.checks, opts.spec ?? bundledSpec(), opts.chunkRuns ?? CHUNK_RUNS)),
  );
}

/** The machine this process runs on, as a report records it. */
export function hostEnvironment(): Environment {
  return { node: process.version, platform: `${process.platform} ${process.arch}`, os: `${osType()} ${release()}` };
}

/** A report with the machine it ran on, placed after the adapter (the order report.json shows). */
function withEnvironment(report: Report, environment: Environment): Report {
  const { format, tool, adapter, ...rest } = report;
  return { format, tool, adapter, environment, ...rest };
}

/** The gate of a run (`--expect`): applied to the finished report before any file is written, so every file shows it. */
export interface PackExpectations {
  /** The expectations file as the user named it: what report.json records. */
  file: string;
  /**
   * The entries to apply, or a function that gives them from the finished report (what
   * `--update-expect` does: it rewrites the file from the run, then the run is gated by the result).
   */
  expectations: ExpectationsFile | ((report: Report) => ExpectationsFile);
  allowStale?: boolean;
  /** YYYY-MM-DD for expiry (default: today, UTC). */
  today?: string;
}

/** Options of `runPack`: what to run, against what, and where the reports go. */
export interface PackOptions {
  /** An adapter object (run in this process), or a spec as the CLI's `--adapter` takes it (loaded, and closed at the end). */
  adapter: Adapter | string;
  /** A module or `reference` named by a string runs in this process rather than isolated in a child (`--in-process`). */
  inProcess?: boolean;
  /** How replay commands name the adapter (default: `adapter` when it is a string, else `./adapter`). */
  adapterSpec?: string;
  seed: number;
  runs: number;
  timeoutMs?: number;
  now?: string;
  /** Suite names and check id globs; empty selects the whole catalog. */
  suites?: string[];
  checks?: string[];
  /** The spec data (default: the bundled spec). */
  spec?: SpecData;
  /** Replay exactly one case (one selected check). */
  replayPath?: string;
  shard?: ShardSpec;
  /** Live reporters (progress): told as the run goes, and when it ends. */
  reporters?: readonly Reporter[];
  /** Where the file reporters write (report.json, junit.xml, report.html, summary.md, badge.json); none when absent. */
  out?: string;
  shouldStop?: () => boolean;
  /** Aborted (a signal): pending calls end at once, the run stops, and the report of what finished is written, marked incomplete. */
  signal?: AbortSignal;
  /** Shrink time per failing check chunk (ms); default `DEFAULT_SHRINK_BUDGET_MS`. */
  shrinkBudgetMs?: number;
  /** Stop at each check's first failing case, unshrunk (verdicts only: the pack's own proofs, mutation runs). */
  verdictOnly?: boolean;
  /** Gate the run with expectations (`--expect`): the report, and so every file, carries the gate's outcome. */
  expect?: PackExpectations;
  /** The machine to record (default: this one, `hostEnvironment()`). */
  environment?: Environment;
  /** Adapter instances run at once (`--workers`; default 1, serial): this thread's and `workers - 1` worker threads' (src/api/workers.ts). */
  workers?: number;
  /** How worker threads load their adapter when `adapter` is an object (the CLI loads its own); without it an object runs serially. */
  workerLoad?: AdapterLoad;
  /**
   * When a pool runs, let V8 tier functions up later for the rest of this process (`tuneJitForPool`
   * in src/api/workers.ts): the CLI sets it, since its process ends with the run; a library caller
   * keeps its process's V8 flags as they are.
   */
  tuneJit?: boolean;
  /**
   * Applied to the finished report before the gate, every file and `onRunEnd`: what the caller adds
   * or hides (the command line adds a live service's network figures and hides the secrets it was
   * given, wherever an answer echoed them).
   */
  finish?: (report: Report) => Report;
}

/** What `runPack` did. */
export interface PackRun {
  report: Report;
  /** The files written (empty without `out`). */
  written: string[];
  /** The checks that ran, in order. */
  checks: CheckDefinition[];
  /** The gate's verdict, with `expect`: what the exit code and the gate's text come from. */
  gate?: GateResult;
}

/**
 * Runs the pack: selects checks from the catalog, runs them against the adapter with this build's
 * stamp, tells the reporters, and writes the report files into `out`. The one way the CLI, the
 * vitest helper and users run the pack.
 */
export async function runPack(o: PackOptions): Promise<PackRun> {
  const checks = await selectedChecks({ suites: o.suites ?? [], checks: o.checks ?? [] });
  if (o.replayPath !== undefined && checks.length !== 1)
    throw new UsageError(`a replay needs exactly one check, the selection holds ${checks.length}`);
  if (o.out !== undefined) assertReplaceable(o.out);
  // The file reporters load while the checks run, and only for a run that writes files.
  const fileReporters = o.out !== undefined ? import('../reporters/index.js') : undefined;
  // Awaited after the run; a failure of the run itself must not leave its rejection unhandled.
  fileReporters?.catch(() => undefined);
  const spec = o.spec ?? bundledSpec();
  const adapter =
    typeof o.adapter === 'string'
      ? await loadAdapter(o.adapter, {
          timeoutMs: o.timeoutMs,
          spec,
          ...(o.inProcess !== undefined ? { inProcess: o.inProcess } : {}),
        })
      : o.adapter;
  const reporters = o.reporters ?? [];
  let report: Report | undefined;
  try {
    const ran = await engineFor(o)(
      {
        checks,
        adapter,
        adapterSpec: o.adapterSpec ?? (typeof o.adapter === 'string' ? o.adapter : './adapter'),
        seed: o.seed,
        runs: o.runs,
        spec,
        selection: { suites: o.suites ?? [], checks: o.checks ?? [] },
        listeners: reporters as readonly RunListener[],
        ...(o.timeoutMs !== undefined ? { timeoutMs: o.timeoutMs } : {}),
        ...(o.now !== undefined ? { now: o.now } : {}),
        ...(o.replayPath !== undefined ? { replayPath: o.replayPath } : {}),
        ...(o.shard ? { shard: o.shard } : {}),
        ...(o.shouldStop ? { shouldStop: o.shouldStop } : {}),
        ...(o.signal ? { signal: o.signal } : {}),
        ...(o.shrinkBudgetMs !== undefined ? { shrinkBudgetMs: o.shrinkBudgetMs } : {}),
        ...(o.verdictOnly === true ? { verdictOnly: true } : {}),
      },
      toolStamp(await packStamp(spec)),
    );
    report = withEnvironment(ran, o.environment ?? hostEnvironment());
    if (o.finish) report = o.finish(report);
    let gate: GateResult | undefined;
    if (o.expect) {
      const e = o.expect;
      const expectations = typeof e.expectations === 'function' ? e.expectations(report) : e.expectations;
      const gated = gateReport(report, expectations, {
        file: e.file,
        catalogIds: await packCheckIds(),
        ...(e.allowStale !== undefined ? { allowStale: e.allowStale } : {}),
        ...(e.today !== undefined ? { today: e.today } : {}),
      });
      report = gated.report;
      gate = gated.result;
    }
    return {
      report,
      written: fileReporters && o.out !== undefined ? (await fileReporters).writeReports(report, o.out) : [],
      checks,
      ...(gate ? { gate } : {}),
    };
  } finally {
    for (const r of reporters) r.onRunEnd?.(report);
    if (typeof o.adapter === 'string') await closeAdapter(adapter);
  }
}
