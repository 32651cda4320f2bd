import { parseArgs } from 'node:util';
import { abortAdapter, closeAdapter } from '../../adapters/load.js';
import { runPack } from '../../api/run.js';
import { UsageError } from '../../contract/errors.js';
import { DEFAULT_NOW, DEFAULT_TIMEOUT_MS, describeAdapter } from '../../engine/harness.js';
import { expandPath, PATH_SYNTAX } from '../../engine/path.js';
import { randomSeed } from '../../engine/seed.js';
import { TOOL } from '../../io/package.js';
import { assertReplaceable } from '../../io/report-files.js';
import { createProgressReporter } from '../../reporters/progress.js';
import { renderSummary } from '../../reporters/terminal.js';
import { packCatalog } from '../../api/catalog.js';
import { exitCodeOf } from '../exit.js';
import { cwdOf, pathIn, shownPath, type CliIO } from '../io.js';
import { adapterSpecOf, guarded, intOption, listOption, loadNamedAdapter, nowOption, RUN_OPTIONS, seedOption, shardOption, specOption } from '../options.js';
import { USAGE } from '../usage.js';
import { applyGate, gatePlan } from './gate.js';

/** `uaix-conformance [run]`: runs the selected checks and writes the reports. */
export async function runCommand(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = guarded(() => parseArgs({ args: argv, options: RUN_OPTIONS, allowPositionals: true, strict: true }));
  if (values.help) {
    io.out.write(`${USAGE}\n`);
    return 0;
  }
  if (values.version) {
    io.out.write(`${TOOL.version}\n`);
    return 0;
  }
  if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  const adapterSpec = adapterSpecOf(values);
  if (!adapterSpec) throw new UsageError('missing --adapter (try --adapter reference, or --adapter-cmd "<command>")');
  const spec = specOption(io, values['spec-dir']);
  const givenSeed = seedOption(values.seed);
  const seed = givenSeed ?? randomSeed();
  const runs = intOption('runs', values.runs, 100, 1, 1_000_000);
  const timeoutMs = intOption('timeout', values.timeout, DEFAULT_TIMEOUT_MS, 1, 3_600_000);
  const now = nowOption(values.now, DEFAULT_NOW);
  const suites = listOption(values.suite);
  const checkGlobs = listOption(values.check);
  const checks = packCatalog().select({ suites, checks: checkGlobs });
  const replayPath = values.replay;
  if (replayPath !== undefined) {
    if (!PATH_SYNTAX.test(replayPath)) throw new UsageError(`--replay takes a fast-check path such as 12:0:3 or 12:0*40:3, got "${replayPath}"`);
    if (checks.length !== 1) throw new UsageError(`--replay needs exactly one check (--check <id>), the selection holds ${checks.length}`);
    if (givenSeed === undefined) throw new UsageError('--replay needs the --seed of the run that failed');
  }
  const shard = shardOption(values.shard);
  if (shard && replayPath !== undefined) throw new UsageError('--replay and --shard do not go together');
  // A shard sees part of a check's runs: a check may pass here and fail in another shard.
  if (shard && values.expect !== undefined) throw new UsageError('--expect gates whole runs: run the shards without it, then: uaix-conformance merge <shard reports> --expect <file>');
  const gate = gatePlan(io, values);
  const writeFiles = !values['no-reports'] && (replayPath === undefined || values.out !== undefined);
  const out = writeFiles ? pathIn(io, values.out ?? 'reports') : undefined;
  if (out !== undefined) assertReplaceable(out);

  const adapter = await loadNamedAdapter(adapterSpec, { timeoutMs, spec, cwd: cwdOf(io) });
  let stop = false;
  const onSignal = () => {
    stop = true;
    abortAdapter(adapter); // a hung adapter process must not hold up the report
  };
  try {
    await describeAdapter(adapter, timeoutMs); // an adapter that cannot describe itself is a usage error, before any output
    if (!values.quiet) io.err.write(`uaix-conformance ${TOOL.version}: seed ${seed}, ${runs} runs, ${checks.length} checks, adapter ${adapterSpec}\n`);
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    const progress = createProgressReporter({ stream: io.err, stdoutIsTTY: (io.out as { isTTY?: boolean }).isTTY === true, env: process.env, quiet: values.quiet ?? false, verbose: values.verbose ?? false });
    const { report, written } = await runPack({
      adapter,
      adapterSpec,
      seed,
      runs,
      timeoutMs,
      now,
      suites,
      checks: checkGlobs,
      spec,
      ...(replayPath !== undefined ? { replayPath: expandPath(replayPath) } : {}),
      ...(shard ? { shard } : {}),
      ...(out !== undefined ? { out } : {}),
      reporters: [progress],
      shouldStop: () => stop,
    });
    if (written.length && !values.quiet) io.err.write(`reports: ${written.map((f) => shownPath(io, f)).join(', ')}\n`);
    const summary = renderSummary(report, { verbose: values.verbose ?? false });
    io.out.write(values.quiet ? summary.split('\n').slice(-2).join('\n') : summary);
    return gate ? applyGate(gate, report, packCatalog().checks.map((c) => c.id), io) : exitCodeOf(report);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await closeAdapter(adapter);
  }
}
