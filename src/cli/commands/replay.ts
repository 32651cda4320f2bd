import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { listedChecks } from '../../api/listing.js';
import type { ReplayResult } from '../../api/replay.js';
import { closeAdapter } from '../../adapters/load.js';
import { COMMAND_PREFIX, UAS_VERIFY_PREFIX } from '../../contract/adapter-spec.js';
import { UsageError } from '../../contract/errors.js';
import { CHECK_ID } from '../../engine/catalog.js';
import { DEFAULT_NOW, DEFAULT_TIMEOUT_MS } from '../../engine/harness.js';
import { compactPath } from '../../engine/path.js';
import { readReport } from '../../io/json-file.js';
import type { Report } from '../../model/report.js';
import { failureFileName } from '../../io/report-files.js';
import { escapeTerminal } from '../../reporters/escape.js';
import { renderFailureView } from '../../reporters/failure-view.js';
import { counted } from '../../model/words.js';
import { paletteFor, type StyledStream } from '../../reporters/terminal-style.js';
import { EXIT } from '../exit.js';
import { cwdOf, pathIn, shownPath, type CliIO } from '../io.js';
import {
  adapterSpecOf,
  guarded,
  intOption,
  loadNamedAdapter,
  nowOption,
  pathOption,
  seedOption,
  specOption,
} from '../options.js';
import { REPLAY_USAGE } from '../usage.js';
import { MACHINERY } from '../lazy.js';

const OPTIONS = {
  adapter: { type: 'string', short: 'a' },
  'adapter-cmd': { type: 'string' },
  'uas-verify-cmd': { type: 'string' },
  seed: { type: 'string', short: 's' },
  path: { type: 'string' },
  runs: { type: 'string', short: 'n' },
  timeout: { type: 'string' },
  now: { type: 'string' },
  'spec-dir': { type: 'string' },
  'use-report-adapter': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** An adapter spec as a message shows it: cut to 200 characters. */
function shortSpec(spec: string): string {
  return spec.length > 200 ? `${spec.slice(0, 200)}…` : spec;
}

/** The option that names an adapter spec again, as the user would type it. */
function adapterOptionFor(spec: string): string {
  if (spec.startsWith(COMMAND_PREFIX))
    return `--adapter-cmd ${JSON.stringify(shortSpec(spec.slice(COMMAND_PREFIX.length)))}`;
  if (spec.startsWith(UAS_VERIFY_PREFIX))
    return `--uas-verify-cmd ${JSON.stringify(shortSpec(spec.slice(UAS_VERIFY_PREFIX.length)))}`;
  return `--adapter ${shortSpec(spec)}`;
}

/** Shrunk paths can be hundreds of steps long: the terminal gets the start and the length. */
function shortPath(path: string): string {
  const compact = compactPath(path);
  return compact.length <= 40 ? compact : `${compact.slice(0, 24)}… (${path.split(':').length} steps)`;
}

/**
 * What a replay says: FIXED, or STILL FAILING with the replayed case as a run shows a failure (cut
 * to a screen, the changed part highlighted, the failure file named when the report has one).
 */
function render(id: string, where: string, r: ReplayResult, io: CliIO, file: string | undefined): string {
  const o = r.outcome;
  const p = paletteFor(io.out as StyledStream, process.env);
  if (o.status === 'fixed') return `${p.status('passed', 'FIXED')} ${id}: the case (${where}) now passes\n`;
  if (o.status === 'errored')
    return `${p.status('errored', 'STILL FAILING')} ${id} (${where}): errored: ${escapeTerminal(o.message.slice(0, 4000))}\n`;
  if (o.status === 'not-judged')
    return `${p.status('not-judged', 'NOT JUDGED')} ${id} (${where}): the case now judges nothing: ${escapeTerminal(o.message.slice(0, 4000))}\n`;
  const columns = (io.out as StyledStream).isTTY === true ? (io.out as StyledStream).columns : undefined;
  const block = r.case
    ? renderFailureView(
        {
          counterexample: r.case.shown,
          expected: o.expected,
          actual: o.actual,
          ...(r.case.focus !== undefined ? { focus: r.case.focus } : {}),
          ...(file !== undefined ? { file } : {}),
        },
        { palette: p, indent: '  ', ...(columns ? { columns } : {}) },
      )
    : [];
  return `${p.status('failed', 'STILL FAILING')} ${id} (${where}): ${escapeTerminal(o.message.slice(0, 4000))}\n${block.map((l) => `${l}\n`).join('')}`;
}

/** The failure file beside a report (`<dir>/failures/<CHECK-ID>.json`) as the user types it, when it is there. */
function failureFileBeside(io: CliIO, reportPath: string | undefined, id: string): string | undefined {
  if (reportPath === undefined) return undefined;
  const file = join(dirname(pathIn(io, reportPath)), failureFileName(id));
  return existsSync(file) ? shownPath(io, file) : undefined;
}

/** The replay machinery (the catalog, its generators, fast-check), loaded once it is needed: a usage error loads none of it. */
const replayApi = async () => {
  const [{ packCatalog }, replay] = await Promise.all([MACHINERY.catalog(), MACHINERY.replay()]);
  return { packCatalog, ...replay };
};

/**
 * `uaix-conformance replay <report.json> <check-id>`: re-runs exactly the case a report's check
 * failed on, against the adapter (the report's, unless one is given), and says FIXED (exit 0) or
 * STILL FAILING (exit 1). A report made by another catalog or other generators is refused.
 */
export async function replayCommand(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = guarded(() =>
    parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true }),
  );
  if (values.help) {
    io.out.write(`${REPLAY_USAGE}\n`);
    return 0;
  }
  if (positionals.length < 1 || positionals.length > 2)
    throw new UsageError('replay takes <report.json> <check-id>, or <check-id> with --adapter, --seed and --path');
  const spec = specOption(io, values['spec-dir']);
  const id = positionals[positionals.length - 1]!;
  if (!CHECK_ID.test(id)) throw new UsageError(`"${id}" is not a check id (e.g. ENV-EXPIRED)`);
  if (!(await listedChecks()).some((c) => c.id === id))
    throw new UsageError(`no check ${id} in this catalog (see: uaix-conformance list)`);

  const report: Report | undefined =
    positionals.length === 2 ? readReport(pathIn(io, positionals[0]!), positionals[0]!) : undefined;
  const entry = report?.checks.find((c) => c.id === id);
  if (report) {
    if (!entry)
      throw new UsageError(
        `check ${id} is not in ${positionals[0]} (it ran ${counted(report.checks.length, 'check')})`,
      );
    (await replayApi()).assertSameCatalog(report, spec, 'replay refuses this report');
  }
  const seed = seedOption(values.seed) ?? report?.run.seed;
  const runs = intOption('runs', values.runs, report?.run.runs ?? 100, 1, 1_000_000);
  const timeoutMs = intOption('timeout', values.timeout, report?.run.timeoutMs ?? DEFAULT_TIMEOUT_MS, 1, 3_600_000);
  const now = nowOption(values.now, report?.run.now ?? DEFAULT_NOW);
  const named = adapterSpecOf(values);
  const adapterSpec = named ?? report?.adapter.spec;
  if (seed === undefined) throw new UsageError('replay without a report needs --seed (and --path)');
  if (adapterSpec === undefined) throw new UsageError('replay without a report needs --adapter');
  const givenPath = values.path !== undefined ? pathOption('path', values.path) : undefined;
  const seedGiven = values.seed !== undefined && seed !== report?.run.seed;
  const failurePath = entry?.status === 'failed' ? entry.failure.path : undefined;
  const path = givenPath !== undefined ? givenPath : seedGiven ? undefined : failurePath;
  if (path === undefined && entry?.status !== 'errored') {
    if (!report) throw new UsageError('replay without a report needs --path');
    throw new UsageError(
      `${id} did not fail in this report (it ${entry?.status}); give --path to replay one of its cases`,
    );
  }

  // A report may come from anywhere (a CI artifact, an issue, a web page): the adapter it names, a
  // command line or a module path, runs only when the user names it again or says so (D-REL-06).
  if (
    named === undefined &&
    adapterSpec !== undefined &&
    adapterSpec !== 'reference' &&
    values['use-report-adapter'] !== true
  )
    throw new UsageError(
      `the report names its adapter as ${shortSpec(adapterSpec)}; replay runs no adapter a report names but reference (a report may come from anywhere): name it again (${adapterOptionFor(adapterSpec)}) or pass --use-report-adapter to run the report's`,
    );
  const { packCatalog, replayWithCase } = await replayApi();
  const check = packCatalog().get(id)!; // listed, so in the catalog
  const adapter = await loadNamedAdapter(adapterSpec, { timeoutMs, spec, cwd: cwdOf(io) });
  try {
    const expectedCase =
      report && entry?.status === 'failed' && path === entry.failure.path && !seedGiven
        ? entry.failure.counterexample
        : undefined;
    const result = await replayWithCase({
      check,
      adapter,
      adapterSpec,
      seed,
      runs,
      timeoutMs,
      now,
      spec,
      ...(path !== undefined ? { path } : {}),
      ...(expectedCase !== undefined ? { expectedCase } : {}),
    });
    // The failure file shows the same case only when this replay is the report's own failure.
    const file =
      expectedCase !== undefined
        ? failureFileBeside(io, positionals.length === 2 ? positionals[0] : undefined, id)
        : undefined;
    io.out.write(
      render(
        id,
        path === undefined
          ? `seed ${seed}, ${counted(runs, 'run')}: the errored check re-run`
          : `seed ${seed}, path ${shortPath(path)}`,
        result,
        io,
        file,
      ),
    );
    return result.outcome.status === 'fixed' ? EXIT.ok : EXIT.failed;
  } finally {
    await closeAdapter(adapter);
  }
}
