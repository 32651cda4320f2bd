import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { abortAdapter, abortAllAdapters, closeAdapter, containmentNote, networkOf } from '../../adapters/load.js';
import { adapterKindOf } from '../../contract/adapter-spec.js';
import { resolveAdapterFile } from '../../adapters/module.js';
import { defaultWorkers, MAX_WORKERS } from '../../api/pool-size.js';
import type { Adapter } from '../../contract/adapter.js';
import type { Report } from '../../model/report.js';
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
import { liveIO, liveOptions, liveReport, networkLine, readOnlyLine, unexpectedArgument } from '../live.js';
import { USAGE } from '../usage.js';
import { expectationsFor, gatePlan, printGate, refuseHalfRunUpdate } from './gate.js';

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

/** `uaix-conformance [run]`: runs the selected checks and writes the reports. */
export async function runCommand(argv: string[], given: CliIO, context: CommandContext = {}): Promise<number> {
  let io = given;
  const { values, positionals } = guarded(() =>
    parseArgs({ args: argv, options: RUN_OPTIONS, allowPositionals: true, strict: true }),
  );
  if (values.help) {
    io.out.write(`${USAGE}\n`);
    return 0;
  }
  if (values.version) {
    io.out.write(`${TOOL.version}\n`);
    return 0;
  }
  if (positionals.length) throw new UsageError(unexpectedArgument(positionals[0]!, values));
  const adapterSpec = adapterSpecOf(values);
  if (!adapterSpec) throw new UsageError('missing --adapter (try --adapter reference, or --adapter-cmd "<command>")');
  // A live service: its options checked, and every secret it was given hidden from here on (D-HTTP-05).
  const live = liveOptions(adapterSpec, values);
  io = liveIO(io, live);
  const spec = specOption(io, values['spec-dir']);
  const givenSeed = seedOption(values.seed);
  const seed = givenSeed ?? randomSeed();
  const runs = intOption('runs', values.runs, 100, 1, 1_000_000);
  const timeoutMs = intOption('timeout', values.timeout, DEFAULT_TIMEOUT_MS, 1, 3_600_000);
  const shrinkBudgetMs = intOption('shrink-budget', values['shrink-budget'], DEFAULT_SHRINK_BUDGET_MS, 1, 86_400_000);
  const now = nowOption(values.now, DEFAULT_NOW);
  const suites = listOption(values.suite);
  const checkGlobs = listOption(values.check);
  // Selected on the listing: a typo is refused before any suite is loaded (runPack loads the ones it needs).
  const checks = selectChecks(await listedChecks(), { suites, checks: checkGlobs });
  const replayPath = values.replay;
  const expandedReplay = replayPath !== undefined ? pathOption('replay', replayPath) : undefined;
  if (replayPath !== undefined) {
    if (checks.length !== 1)
      throw new UsageError(`--replay needs exactly one check (--check <id>), the selection holds ${checks.length}`);
    if (givenSeed === undefined) throw new UsageError('--replay needs the --seed of the run that failed');
  }
  const shard = shardOption(values.shard);
  // A live service is driven from this thread: its `inFlight` and `--max-rate` bound the whole run (D-HTTP-03).
  const asked = intOption('workers', values.workers, defaultWorkers(), 1, MAX_WORKERS);
  const workers = live.http !== undefined ? 1 : asked;
  const budgets = budgetOption(values.budget);
  if (shard && replayPath !== undefined) throw new UsageError('--replay and --shard do not go together');
  // A shard sees part of a check's runs: a check may pass here and fail in another shard.
  if (shard && values.expect !== undefined)
    throw new UsageError(
      '--expect gates whole runs: run the shards without it, then: uaix-conformance merge <shard reports> --expect <file>',
    );
  const gate = gatePlan(io, values);
  const writeFiles = !values['no-reports'] && (replayPath === undefined || values.out !== undefined);
  const out = writeFiles ? pathIn(io, values.out ?? 'reports') : undefined;
  // The output folder is checked and locked before anything runs (src/io/report-files.ts).
  const outLock = out !== undefined ? lockOutDir(out, { force: values.force === true }) : undefined;
  // The runner, its suites and fast-check load only once the command line and the output folder
  // are known to be good (a usage error loads none of them), and once the adapter has started: an
  // adapter process then boots on the other core while this one loads the runner (loaded together,
  // the runner's modules would hold back the few the adapter process needs to be started).
  let adapterStarted!: () => void;
  const runner = new Promise<void>((resolve) => (adapterStarted = resolve)).then(() => import('../../api/run.js'));
  runner.catch(() => undefined); // awaited below; a run that ends before that must not leave it unhandled
  // Signals work in every phase, start-up included: the first and any later one abort pending calls
  // and kill every adapter process at once; the run then stops and writes the report of what finished.
  const interrupt = new AbortController();
  let loaded: Adapter | undefined;
  const onSignal = () => {
    interrupt.abort();
    abortAllAdapters();
    if (loaded) abortAdapter(loaded); // and no call restarts one
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  // Over its memory budget, the run stops as a signal stops it, and says why (D-REL-02).
  let overMemory: number | undefined;
  const stopWatchingMemory = watchMemory(budgets.memory ?? DEFAULT_BUDGETS.memory, (mb) => {
    overMemory = mb;
    onSignal();
  });
  const stopListening = () => {
    stopWatchingMemory();
    // Once interrupted, a later signal (a second Ctrl-C) must not kill the process before it has exited on its own.
    if (interrupt.signal.aborted) return;
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
  if (live.readOnly && !values.quiet) io.err.write(readOnlyLine(live));
  let adapter: Adapter;
  try {
    adapter = await loadNamedAdapter(adapterSpec, {
      timeoutMs,
      spec,
      cwd: cwdOf(io),
      onStarted: adapterStarted,
      budgets,
      ...(values['in-process'] === true ? { inProcess: true } : {}),
      ...(live.http !== undefined ? { http: live.http } : {}),
    });
    loaded = adapter;
    adapterStarted(); // loaded without saying so: the runner loads now
  } catch (e) {
    outLock?.release();
    stopListening();
    if (interrupt.signal.aborted) return interruptedAtStart(io);
    throw e;
  }
  try {
    try {
      await describeAdapter(adapter, timeoutMs, interrupt.signal); // an adapter that cannot describe itself is a usage error, before any output
    } catch (e) {
      if (interrupt.signal.aborted) return interruptedAtStart(io);
      throw e;
    }
    for (const warning of unknownMemberWarnings(adapter)) io.err.write(warning);
    // Where no PID namespace holds the adapter's processes, the run says what may outlive it (D-REL-03).
    const contained = containmentNote();
    if (contained !== undefined) io.err.write(`uaix-conformance: ${contained}\n`);
    if (!values.quiet)
      io.err.write(
        runHeader({
          seed,
          runs,
          checks: checks.length,
          adapterSpec: live.shownSpec,
          io,
          ...(context.config ? { config: context.config.file } : {}),
        }),
      );
    outLock?.retirePrevious(); // from here on the old reports are not this folder's: a run that dies leaves none
    const progress = createProgressReporter({
      stream: io.err,
      stdoutIsTTY: (io.out as { isTTY?: boolean }).isTTY === true,
      env: process.env,
      quiet: values.quiet ?? false,
      verbose: values.verbose ?? false,
    });
    const { runPack } = await runner;
    const {
      report,
      written,
      gate: gateResult,
    } = await runPack({
      adapter,
      adapterSpec: live.shownSpec,
      seed,
      runs,
      timeoutMs,
      now,
      suites,
      checks: checkGlobs,
      spec,
      ...(expandedReplay !== undefined ? { replayPath: expandedReplay } : {}),
      ...(shard ? { shard } : {}),
      ...(out !== undefined ? { out } : {}),
      reporters: [progress],
      signal: interrupt.signal,
      shrinkBudgetMs,
      // Worker threads load their own instances of the adapter, as this one was loaded.
      workers,
      workerLoad: {
        spec: adapterSpec,
        options: {
          timeoutMs,
          cwd: cwdOf(io),
          budgets,
          ...(values['in-process'] === true ? { inProcess: true } : {}),
        },
      },
      // This process ends with the run: a pool may tune V8 for itself.
      tuneJit: true,
      ...(live.http !== undefined ? { finish: (r: Report) => liveReport(r, live, networkOf(adapter)) } : {}),
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
    });
    if (overMemory !== undefined)
      io.err.write(
        `uaix-conformance: the run was stopped: the pack's process held ${overMemory} MiB, ${overBudget('memory', budgets.memory ?? DEFAULT_BUDGETS.memory, 'which is')}; the report of what finished is marked incomplete\n`,
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
  } finally {
    // The reports are written: the folder's lock goes first, so that a signal while the adapter closes
    // (which no longer ends the process before its exit hooks run) cannot leave it behind.
    outLock?.release();
    await closeAdapter(adapter);
    stopListening();
  }
}
