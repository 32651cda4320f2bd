import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { abortAdapter, abortAllAdapters, closeAdapter, containmentNote, networkOf } from '../../adapters/load.js';
import { adapterKindOf } from '../../contract/adapter-spec.js';
import { resolveAdapterFile } from '../../adapters/module.js';
import { defaultWorkers, MAX_WORKERS } from '../../api/pool-size.js';
import type { Adapter } from '../../contract/adapter.js';
import type { Report } from '../../model/report.js';
import type { PackOptions, PackRun } from '../../api/run.js';
import type { Budgets } from '../../contract/budgets.js';
import type { ShardSpec } from '../../engine/chunks.js';
import type { SpecData } from '../../spec/index.js';
import { UsageError } from '../../contract/errors.js';
import { DEFAULT_NOW, DEFAULT_TIMEOUT_MS, describeAdapter } from '../../engine/harness.js';
import { DEFAULT_SHRINK_BUDGET_MS } from '../../engine/defaults.js';
import { randomSeed } from '../../engine/seed.js';
import { TOOL } from '../../io/package.js';
import { lockOutDir, takeForeignFiles } from '../../io/report-files.js';
import { createProgressReporter } from '../../reporters/progress.js';
import { renderSummary, summaryOptionsFor, writtenLine, type SummaryStream } from '../../reporters/terminal.js';
import { listedChecks } from '../../api/listing.js';
import { selectChecks } from '../../engine/catalog.js';
import { emptyRunLine, EXIT, exitCodeOf } from '../exit.js';
import { unknownMemberWarnings } from '../members.js';
import { cwdOf, pathIn, shownPath, type CliIO } from '../io.js';
import { DEFAULT_BUDGETS, overBudget } from '../../contract/budgets.js';
import { watchMemory } from '../memory-watch.js';
import {
  adapterSpecOf,
  budgetOption,
  guarded,
  intOption,
  listOption,
  loadNamedAdapter,
  nowOption,
  pathOption,
  RUN_OPTIONS,
  seedOption,
  shardOption,
  specOption,
} from '../options.js';
import type { CommandContext } from '../config.js';
import { counted } from '../../model/words.js';
import {
  type LiveOptions,
  liveIO,
  liveOptions,
  liveReport,
  networkLine,
  readOnlyLine,
  unexpectedArgument,
} from '../live.js';
import { USAGE } from '../usage.js';
import { expectationsFor, type GatePlan, gatePlan, printGate, refuseHalfRunUpdate } from './gate.js';
import { MACHINERY } from '../lazy.js';

/** A signal before the first check: nothing ran, nothing is written; exit 1 (an interrupted run is never a success). */
function interruptedAtStart(io: CliIO): number {
  io.err.write('uaix-conformance: interrupted while the adapter was starting; no check ran, no report was written\n');
  return EXIT.failed;
}

/**
 * The run's first line: version, seed, runs, checks and the adapter as the user named it, with the
 * file that name resolved to when it is not the file itself (`./my-impl` may be a file or a folder),
 * and the config file read, if any.
 */
export function runHeader(o: {
  seed: number;
  runs: number;
  checks: number;
  adapterSpec: string;
  io: CliIO;
  config?: string;
}): string {
  const file = adapterFileOf(o.adapterSpec, cwdOf(o.io));
  const shownFile = file !== undefined ? shownPath(o.io, file) : undefined;
  const adapter =
    shownFile !== undefined && shownFile !== o.adapterSpec.replace(/^\.\//, '')
      ? `${o.adapterSpec} (${shownFile})`
      : o.adapterSpec;
  const config = o.config !== undefined ? `, config ${shownPath(o.io, o.config)}` : '';
  return `uaix-conformance ${TOOL.version}: seed ${o.seed}, ${counted(o.runs, 'run')}, ${counted(o.checks, 'check')}, adapter ${adapter}${config}\n`;
}

/** The module file an adapter spec names, when it names a module (not reference, not a command). */
function adapterFileOf(spec: string, cwd: string): string | undefined {
  if (adapterKindOf(spec) !== 'module') return undefined;
  try {
    return resolveAdapterFile(spec, cwd);
  } catch {
    return undefined; // the adapter loaded, so this cannot fail; a header never stops a run
  }
}

/**
 * Everything a run's command line decides, checked before anything loads or runs: a bad option is
 * a usage error here, and nothing has started.
 */
interface RunPlan {
  values: RunValues;
  /** The adapter as the user named it, and the live service's options when it is one. */
  adapterSpec: string;
  live: LiveOptions;
  spec: SpecData;
  seed: number;
  runs: number;
  timeoutMs: number;
  shrinkBudgetMs: number;
  now: string;
  suites: string[];
  checkGlobs: string[];
  /** The selected checks (from the listing: no suite is loaded). */
  checkCount: number;
  replayPath: string | undefined;
  shard: ShardSpec | undefined;
  workers: number;
  budgets: Partial<Budgets>;
  gate: GatePlan | undefined;
  /** Where the reports go; undefined: none are written. */
  out: string | undefined;
  inProcess: boolean;
}

type RunValues = ReturnType<typeof parseRunArgs>['values'];

function parseRunArgs(argv: string[]) {
  return guarded(() => parseArgs({ args: argv, options: RUN_OPTIONS, allowPositionals: true, strict: true }));
}

/** Stage 1: the command line as a plan (the live service's secrets hidden from `io` from here on: D-HTTP-05). */
async function planRun(values: RunValues, io: CliIO): Promise<{ plan: RunPlan; io: CliIO }> {
  const adapterSpec = adapterSpecOf(values);
  if (!adapterSpec) throw new UsageError('missing --adapter (try --adapter reference, or --adapter-cmd "<command>")');
  const live = liveOptions(adapterSpec, values);
  const shown = liveIO(io, live);
  const givenSeed = seedOption(values.seed);
  const suites = listOption(values.suite);
  const checkGlobs = listOption(values.check);
  // Selected on the listing: a typo is refused before any suite is loaded (runPack loads the ones it needs).
  const checks = selectChecks(await listedChecks(), { suites, checks: checkGlobs });
  const replayPath = values.replay !== undefined ? pathOption('replay', values.replay) : undefined;
  if (replayPath !== undefined) {
    if (checks.length !== 1)
      throw new UsageError(`--replay needs exactly one check (--check <id>), the selection holds ${checks.length}`);
    if (givenSeed === undefined) throw new UsageError('--replay needs the --seed of the run that failed');
  }
  const shard = shardOption(values.shard);
  if (shard && replayPath !== undefined) throw new UsageError('--replay and --shard do not go together');
  // A shard sees part of a check's runs: a check may pass here and fail in another shard.
  if (shard && values.expect !== undefined)
    throw new UsageError(
      '--expect gates whole runs: run the shards without it, then: uaix-conformance merge <shard reports> --expect <file>',
    );
  const workers = intOption('workers', values.workers, defaultWorkers(), 1, MAX_WORKERS);
  const writeFiles = !values['no-reports'] && (replayPath === undefined || values.out !== undefined);
  const plan: RunPlan = {
    values,
    adapterSpec,
    live,
    spec: specOption(shown, values['spec-dir']),
    seed: givenSeed ?? randomSeed(),
    runs: intOption('runs', values.runs, 100, 1, 1_000_000),
    timeoutMs: intOption('timeout', values.timeout, DEFAULT_TIMEOUT_MS, 1, 3_600_000),
    shrinkBudgetMs: intOption('shrink-budget', values['shrink-budget'], DEFAULT_SHRINK_BUDGET_MS, 1, 86_400_000),
    now: nowOption(values.now, DEFAULT_NOW),
    suites,
    checkGlobs,
    checkCount: checks.length,
    replayPath,
    shard,
    // A live service is driven from this thread: its `inFlight` and `--max-rate` bound the whole run (D-HTTP-03).
    workers: live.http !== undefined ? 1 : workers,
    budgets: budgetOption(values.budget),
    gate: gatePlan(shown, values),
    out: writeFiles ? pathIn(shown, values.out ?? 'reports') : undefined,
    inProcess: values['in-process'] === true,
  };
  return { plan, io: shown };
}

/**
 * Stage 2: what stops a run from outside, in every phase, start-up included: SIGINT and SIGTERM
 * (the first and any later one abort pending calls and kill every adapter process at once; the run
 * then stops and writes the report of what finished), and the memory budget, over which the run
 * stops as a signal stops it and says why (D-REL-02).
 */
class Interruption {
  readonly controller = new AbortController();
  /** The pack's memory, in MiB, when it went over the budget. */
  overMemory: number | undefined;
  private adapter: Adapter | undefined;
  private readonly stopWatchingMemory: () => void;
  private readonly onSignal = () => {
    this.controller.abort();
    abortAllAdapters();
    if (this.adapter) abortAdapter(this.adapter); // and no call restarts one
  };

  constructor(memoryMb: number) {
    process.on('SIGINT', this.onSignal);
    process.on('SIGTERM', this.onSignal);
    this.stopWatchingMemory = watchMemory(memoryMb, (mb) => {
      this.overMemory = mb;
      this.onSignal();
    });
  }

  get aborted(): boolean {
    return this.controller.signal.aborted;
  }

  /** The adapter loaded: a signal kills its processes too. */
  loaded(adapter: Adapter): void {
    this.adapter = adapter;
  }

  end(): void {
    this.stopWatchingMemory();
    // Once interrupted, a later signal (a second Ctrl-C) must not kill the process before it has exited on its own.
    if (this.aborted) return;
    process.off('SIGINT', this.onSignal);
    process.off('SIGTERM', this.onSignal);
  }
}

/**
 * Stage 3: the adapter loaded and describing itself (an adapter that cannot is a usage error, before
 * any output); undefined when a signal came first.
 */
async function startAdapter(
  plan: RunPlan,
  io: CliIO,
  stop: Interruption,
  onStarted: () => void,
): Promise<Adapter | undefined> {
  let adapter: Adapter;
  try {
    adapter = await loadNamedAdapter(plan.adapterSpec, {
      timeoutMs: plan.timeoutMs,
      spec: plan.spec,
      cwd: cwdOf(io),
      onStarted,
      budgets: plan.budgets,
      ...(plan.inProcess ? { inProcess: true } : {}),
      ...(plan.live.http !== undefined ? { http: plan.live.http } : {}),
    });
  } catch (e) {
    if (stop.aborted) return undefined;
    throw e;
  }
  stop.loaded(adapter);
  onStarted(); // loaded without saying so: the runner loads now
  try {
    await describeAdapter(adapter, plan.timeoutMs, stop.controller.signal);
  } catch (e) {
    await closeAdapter(adapter);
    if (stop.aborted) return undefined;
    throw e;
  }
  return adapter;
}

/** Stage 4: what the run says before it runs: warnings on unknown members, containment, the header. */
function announce(plan: RunPlan, io: CliIO, adapter: Adapter, context: CommandContext): void {
  for (const warning of unknownMemberWarnings(adapter)) io.err.write(warning);
  // Where no PID namespace holds the adapter's processes, the run says what may outlive it (D-REL-03).
  const contained = containmentNote();
  if (contained !== undefined) io.err.write(`uaix-conformance: ${contained}\n`);
  if (plan.values.quiet) return;
  io.err.write(
    runHeader({
      seed: plan.seed,
      runs: plan.runs,
      checks: plan.checkCount,
      adapterSpec: plan.live.shownSpec,
      io,
      ...(context.config ? { config: context.config.file } : {}),
    }),
  );
}

/** Stage 5: the pack run on the adapter, the reports written. */
function packOptions(plan: RunPlan, io: CliIO, adapter: Adapter, stop: Interruption): PackOptions {
  const { values } = plan;
  const gate = plan.gate;
  return {
    adapter,
    adapterSpec: plan.live.shownSpec,
    seed: plan.seed,
    runs: plan.runs,
    timeoutMs: plan.timeoutMs,
    now: plan.now,
    suites: plan.suites,
    checks: plan.checkGlobs,
    spec: plan.spec,
    ...(plan.replayPath !== undefined ? { replayPath: plan.replayPath } : {}),
    ...(plan.shard ? { shard: plan.shard } : {}),
    ...(plan.out !== undefined ? { out: plan.out } : {}),
    reporters: [
      createProgressReporter({
        stream: io.err,
        stdoutIsTTY: (io.out as { isTTY?: boolean }).isTTY === true,
        env: process.env,
        quiet: values.quiet ?? false,
        verbose: values.verbose ?? false,
      }),
    ],
    signal: stop.controller.signal,
    shrinkBudgetMs: plan.shrinkBudgetMs,
    // Worker threads load their own instances of the adapter, as this one was loaded.
    workers: plan.workers,
    workerLoad: {
      spec: plan.adapterSpec,
      options: {
        timeoutMs: plan.timeoutMs,
        cwd: cwdOf(io),
        budgets: plan.budgets,
        ...(plan.inProcess ? { inProcess: true } : {}),
      },
    },
    // This process ends with the run: a pool may tune V8 for itself.
    tuneJit: true,
    ...(plan.live.http !== undefined ? { finish: (r: Report) => liveReport(r, plan.live, networkOf(adapter)) } : {}),
    // The gate is applied before the reports are written, so every file shows it.
    ...(gate
      ? {
          expect: {
            file: gate.shown,
            allowStale: gate.allowStale,
            expectations: (r: Report) => expectationsFor(gate, r, io),
          },
        }
      : {}),
  };
}

/** Stage 6: what the run says once it ran, and its exit code. */
function tellOutcome(plan: RunPlan, io: CliIO, run: PackRun, stop: Interruption): number {
  const { values, out, budgets, gate } = plan;
  const { report, written, gate: gateResult } = run;
  if (stop.overMemory !== undefined)
    io.err.write(
      `uaix-conformance: the run was stopped: the pack's process held ${stop.overMemory} MiB, ${overBudget('memory', budgets.memory ?? DEFAULT_BUDGETS.memory, 'which is')}; the report of what finished is marked incomplete\n`,
    );
  // What appeared in the output folder during the run was moved aside for the run's own reports (D-REL-04).
  if (out !== undefined)
    for (const f of takeForeignFiles(out))
      io.err.write(
        `uaix-conformance: ${shownPath(io, join(out, f.name))} appeared in the output folder during the run and was not written by uaix-conformance: moved to ${shownPath(io, join(out, f.movedTo))}, and this run's file is in its place\n`,
      );
  const shownWritten = written.map((f) => shownPath(io, f));
  const network = networkLine(report.network);
  if (network !== '' && !values.quiet) io.err.write(network);
  if (written.length && !values.quiet) io.err.write(writtenLine(shownWritten));
  const summary = renderSummary(report, {
    verbose: values.verbose ?? false,
    ...summaryOptionsFor(io.out as SummaryStream, process.env, shownWritten),
  });
  io.out.write(values.quiet ? summary.split('\n').slice(-2).join('\n') : summary);
  if (gate) refuseHalfRunUpdate(gate, report);
  if (gate && gateResult) return printGate(gate, gateResult, io);
  const code = exitCodeOf(report, undefined, { allowEmpty: values['allow-empty'] === true });
  if (code === EXIT.empty) io.err.write(emptyRunLine(report));
  return code;
}

/**
 * `uaix-conformance [run]`: runs the selected checks and writes the reports, in stages: the
 * command line as a plan (`planRun`), the output folder checked and locked, what interrupts it
 * (`Interruption`), the adapter started (`startAdapter`), the header (`announce`), the pack run
 * (`packOptions`), and what it says after (`tellOutcome`).
 */
export async function runCommand(argv: string[], given: CliIO, context: CommandContext = {}): Promise<number> {
  const { values, positionals } = parseRunArgs(argv);
  if (values.help) {
    given.out.write(`${USAGE}\n`);
    return 0;
  }
  if (values.version) {
    given.out.write(`${TOOL.version}\n`);
    return 0;
  }
  if (positionals.length) throw new UsageError(unexpectedArgument(positionals[0]!, values));
  const { plan, io } = await planRun(values, given);
  // The output folder is checked and locked before anything runs (src/io/report-files.ts).
  const outLock = plan.out !== undefined ? lockOutDir(plan.out, { force: values.force === true }) : undefined;
  // The runner, its suites and fast-check load only once the command line and the output folder
  // are known to be good (a usage error loads none of them), and once the adapter has started: an
  // adapter process then boots on the other core while this one loads the runner (loaded together,
  // the runner's modules would hold back the few the adapter process needs to be started).
  let adapterStarted!: () => void;
  const runner = new Promise<void>((resolve) => (adapterStarted = resolve)).then(MACHINERY.runner);
  runner.catch(() => undefined); // awaited below; a run that ends before that must not leave it unhandled
  const stop = new Interruption(plan.budgets.memory ?? DEFAULT_BUDGETS.memory);
  if (plan.live.readOnly && !values.quiet) io.err.write(readOnlyLine(plan.live));
  let adapter: Adapter | undefined;
  try {
    adapter = await startAdapter(plan, io, stop, adapterStarted);
    if (adapter === undefined) return interruptedAtStart(io);
    announce(plan, io, adapter, context);
    outLock?.retirePrevious(); // from here on the old reports are not this folder's: a run that dies leaves none
    const { runPack } = await runner;
    return tellOutcome(plan, io, await runPack(packOptions(plan, io, adapter, stop)), stop);
  } finally {
    // The reports are written: the folder's lock goes first, so that a signal while the adapter closes
    // (which no longer ends the process before its exit hooks run) cannot leave it behind.
    outLock?.release();
    if (adapter !== undefined) await closeAdapter(adapter);
    stop.end();
  }
}
