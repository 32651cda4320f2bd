import { existsSync, statSync } from 'node:fs';
import { relative } from 'node:path';
import { Catalog } from '../../engine/catalog.js';
import { UsageError } from '../../contract/errors.js';
import { expandPath, PATH_SYNTAX } from '../../engine/path.js';
import { loadAdapterModule } from '../../adapters/module.js';
import { DEFAULT_NOW, DEFAULT_TIMEOUT_MS, describeAdapter, hashCatalog, runChecks } from '../../engine/runner.js';
import { randomSeed } from '../../engine/seed.js';
import { setSpecOverrideDir } from '../../spec/data.js';
import type { Adapter } from '../../contract/adapter.js';
import { TOOL } from '../../io/package.js';
import { referenceAdapter } from '../../reference/index.js';
import { abortAdapter, adapterSpecOf, closeAdapter, loadProcessAdapter, withCommandHint } from '../../adapters/process/index.js';
import { renderSummary } from '../../reporters/terminal.js';
import { assertReplaceable, writeReports } from '../../reporters/write.js';
import { allChecks } from '../../../suites/index.js';
import { parseArgs } from 'node:util';
import { createProgress } from '../../reporters/progress.js';
import { guarded, intOption, listOption, nowOption, RUN_OPTIONS, seedOption } from '../options.js';
import { USAGE } from '../main.js';
import { applyGate, gatePlan } from './gate.js';
import { parseShard } from '../../engine/chunks.js';

type IO = { out: NodeJS.WritableStream; err: NodeJS.WritableStream };

/** The catalog of every check the pack ships. */
export function catalog(): Catalog {
  return new Catalog(allChecks);
}

/** Loads the adapter a user named: `reference`, a module file or folder, or a command (`cmd:...`, `uas-verify-cmd:...`; src/process). */
export async function loadAdapter(spec: string, options: { timeoutMs?: number } = {}): Promise<Adapter> {
  if (spec === 'reference') return referenceAdapter;
  return (await loadProcessAdapter(spec, options)) ?? loadAdapterModule(spec).catch(withCommandHint(spec));
}

function applySpecDir(dir: string | undefined): void {
  if (dir === undefined) return;
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`--spec-dir ${dir} is not a folder`);
  setSpecOverrideDir(dir);
}

/** `uaix-conformance [run]`: runs the selected checks and writes the reports. */
export async function runCommand(argv: string[], io: IO): Promise<number> {
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
  applySpecDir(values['spec-dir']);
  const givenSeed = seedOption(values.seed);
  const seed = givenSeed ?? randomSeed();
  const runs = intOption('runs', values.runs, 100, 1, 1_000_000);
  const timeoutMs = intOption('timeout', values.timeout, DEFAULT_TIMEOUT_MS, 1, 3_600_000);
  const now = nowOption(values.now, DEFAULT_NOW);
  const cat = catalog();
  const suites = listOption(values.suite);
  const checkGlobs = listOption(values.check);
  const checks = cat.select({ suites, checks: checkGlobs });
  const replayPath = values.replay;
  if (replayPath !== undefined) {
    if (!PATH_SYNTAX.test(replayPath)) throw new UsageError(`--replay takes a fast-check path such as 12:0:3 or 12:0*40:3, got "${replayPath}"`);
    if (checks.length !== 1) throw new UsageError(`--replay needs exactly one check (--check <id>), the selection holds ${checks.length}`);
    if (givenSeed === undefined) throw new UsageError('--replay needs the --seed of the run that failed');
  }
  const shard = values.shard !== undefined ? parseShard(values.shard) : undefined;
  if (shard && replayPath !== undefined) throw new UsageError('--replay and --shard do not go together');
  // A shard sees part of a check's runs: a check may pass here and fail in another shard.
  if (shard && values.expect !== undefined) throw new UsageError('--expect gates whole runs: run the shards without it, then: uaix-conformance merge <shard reports> --expect <file>');
  const gate = gatePlan(values);
  const writeFiles = !values['no-reports'] && (replayPath === undefined || values.out !== undefined);
  const outDir = values.out ?? 'reports';
  if (writeFiles) assertReplaceable(outDir);
  const adapter = await loadAdapter(adapterSpec, { timeoutMs });
  await describeAdapter(adapter, timeoutMs).catch(async (e: unknown) => {
    await closeAdapter(adapter);
    throw e;
  }); // an adapter that cannot describe itself is a usage error, before any output
  if (!values.quiet) io.err.write(`uaix-conformance ${TOOL.version}: seed ${seed}, ${runs} runs, ${checks.length} checks, adapter ${adapterSpec}\n`);

  let stop = false;
  const onSignal = () => {
    stop = true;
    abortAdapter(adapter); // a hung adapter process must not hold up the report
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const progress = createProgress({ stream: io.err, stdoutIsTTY: (io.out as { isTTY?: boolean }).isTTY === true, env: process.env, quiet: values.quiet ?? false, verbose: values.verbose ?? false });
  try {
    const report = await runChecks({
      checks,
      adapter,
      adapterSpec,
      seed,
      runs,
      timeoutMs,
      now,
      ...(replayPath !== undefined ? { replayPath: expandPath(replayPath) } : {}),
      ...(shard ? { shard } : {}),
      selection: { suites, checks: checkGlobs },
      catalogHash: hashCatalog(cat.checks),
      shouldStop: () => stop,
      onCheckStart: progress.onCheckStart,
      onCase: progress.onCase,
      onCheck: progress.onCheck,
    });
    progress.stop();
    if (writeFiles) {
      const written = writeReports(report, outDir);
      if (!values.quiet) io.err.write(`reports: ${written.map((f) => relative(process.cwd(), f) || f).join(', ')}\n`);
    }
    const summary = renderSummary(report, { verbose: values.verbose ?? false });
    io.out.write(values.quiet ? summary.split('\n').slice(-2).join('\n') : summary);
    if (gate) return applyGate(gate, report, cat.checks.map((c) => c.id), io);
    if (report.incomplete) return 1;
    return report.summary.mustFailed > 0 ? 1 : 0;
  } finally {
    progress.stop();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await closeAdapter(adapter);
  }
}

/** `uaix-conformance list`: the check catalog. */
export async function listCommand(argv: string[], io: IO): Promise<number> {
  const { values, positionals } = guarded(() =>
    parseArgs({
      args: argv,
      options: {
        suite: { type: 'string', multiple: true },
        check: { type: 'string', multiple: true, short: 'c' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: true,
      strict: true,
    }),
  );
  if (values.help) {
    io.out.write(`${USAGE}\n`);
    return 0;
  }
  if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  const checks = catalog().select({ suites: listOption(values.suite), checks: listOption(values.check) });
  if (values.json) {
    io.out.write(`${JSON.stringify(checks.map((c) => ({ id: c.id, suite: c.suite, severity: c.severity, title: c.title, specRef: c.specRef, requires: c.requires, decisions: c.decisions ?? [] })), null, 2)}\n`);
    return 0;
  }
  const width = Math.max(...checks.map((c) => c.id.length));
  for (const c of checks) io.out.write(`${c.id.padEnd(width)}  ${c.suite.padEnd(9)} ${c.severity.padEnd(6)} ${c.title}\n${' '.repeat(width + 2)}${c.specRef}\n`);
  io.out.write(`${checks.length} checks\n`);
  return 0;
}
