import { parseArgs } from 'node:util';
import type { FixtureCaseRun } from '../../api/fixtures.js';
import { closeAdapter } from '../../adapters/load.js';
import { UsageError } from '../../contract/errors.js';
import { DEFAULT_NOW, DEFAULT_TIMEOUT_MS } from '../../engine/harness.js';
import { readReport } from '../../io/json-file.js';
import { escapeTerminal } from '../../reporters/escape.js';
import { EXIT } from '../exit.js';
import { cwdOf, pathIn, shownPath, type CliIO } from '../io.js';
import { adapterSpecOf, guarded, intOption, listOption, loadNamedAdapter, nowOption, specOption } from '../options.js';
import { counted } from '../../model/words.js';
import { FIXTURES_USAGE } from '../usage.js';
import { MACHINERY } from '../lazy.js';

/** The fixtures machinery (the catalog, its codecs and generators), loaded once a command is known to be good: a usage error loads none of it. */
const fixturesApi = MACHINERY.fixtures;

/** `fixtures export`: every shrunk counterexample of a report, and with --corpus N the first N cases of each check. */
async function exportCommand(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = guarded(() =>
    parseArgs({
      args: argv,
      options: {
        out: { type: 'string', short: 'o' },
        corpus: { type: 'string' },
        'spec-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: true,
      strict: true,
    }),
  );
  if (values.help) {
    io.out.write(`${FIXTURES_USAGE}\n`);
    return 0;
  }
  if (positionals.length > 1) throw new UsageError(`fixtures export takes one report.json, got ${positionals.length}`);
  if (values.out === undefined)
    throw new UsageError('fixtures export needs --out <dir> (e.g. --out fixtures/regression)');
  const corpus = intOption('corpus', values.corpus, 0, 0, 10_000);
  const spec = specOption(io, values['spec-dir']);
  const reportFile = positionals[0] ?? 'reports/report.json';
  const report = readReport(pathIn(io, reportFile), reportFile);
  const { exportFixtures } = await fixturesApi();
  const w = exportFixtures(report, { out: pathIn(io, values.out), corpus, spec, cwd: cwdOf(io) });
  io.out.write(
    `fixtures: ${w.added} new case${w.added === 1 ? '' : 's'} in ${w.files.length} file${w.files.length === 1 ? '' : 's'} under ${shownPath(io, pathIn(io, values.out))}${w.alreadyPresent ? ` (${w.alreadyPresent} already there, left as they were)` : ''}\n`,
  );
  if (w.noCodec.length)
    io.err.write(`fixtures: not exported, these checks have no fixture codec yet: ${w.noCodec.join(', ')}\n`);
  if (w.notJson)
    io.err.write(
      `fixtures: ${w.notJson} case${w.notJson === 1 ? '' : 's'} not exported: not representable in plain JSON\n`,
    );
  return EXIT.ok;
}

/** `fixtures run <dir>`: runs a fixture set against an adapter. Exit 1 when a case failed or errored. */
async function runCommand(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = guarded(() =>
    parseArgs({
      args: argv,
      options: {
        adapter: { type: 'string', short: 'a' },
        'adapter-cmd': { type: 'string' },
        'uas-verify-cmd': { type: 'string' },
        check: { type: 'string', multiple: true, short: 'c' },
        timeout: { type: 'string' },
        now: { type: 'string' },
        json: { type: 'boolean' },
        'spec-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: true,
      strict: true,
    }),
  );
  if (values.help) {
    io.out.write(`${FIXTURES_USAGE}\n`);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError('fixtures run takes one fixture folder');
  const adapterSpec = adapterSpecOf(values);
  if (!adapterSpec) throw new UsageError('fixtures run needs --adapter (try --adapter reference)');
  const spec = specOption(io, values['spec-dir']);
  const timeoutMs = intOption('timeout', values.timeout, DEFAULT_TIMEOUT_MS, 1, 3_600_000);
  const defaultNow = nowOption(values.now, DEFAULT_NOW);
  const { planFixtureCases, runFixtureCases } = await fixturesApi();
  const planned = planFixtureCases(pathIn(io, positionals[0]!), {
    checkGlobs: listOption(values.check),
    spec,
    defaultNow,
    cwd: cwdOf(io),
  });
  const adapter = await loadNamedAdapter(adapterSpec, { timeoutMs, spec, cwd: cwdOf(io) });
  let results: FixtureCaseRun[];
  try {
    results = await runFixtureCases(planned, adapter, { timeoutMs, spec, cwd: cwdOf(io) });
  } finally {
    await closeAdapter(adapter);
  }
  const count = (s: FixtureCaseRun['status']) => results.filter((r) => r.status === s).length;
  const bad = count('failed') + count('errored');
  if (values.json) io.out.write(`${JSON.stringify({ adapter: adapterSpec, cases: results }, null, 2)}\n`);
  else {
    for (const r of results) {
      if (r.status === 'failed' || r.status === 'errored')
        io.out.write(
          `${r.status === 'failed' ? 'FAIL' : 'ERR '} ${r.check} ${r.id} (${r.file}): ${escapeTerminal((r.message ?? '').slice(0, 600).replace(/\s+/g, ' ').slice(0, 300))}\n`,
        );
    }
    io.out.write(
      `${counted(results.length, 'fixture case')}: ${count('passed')} passed, ${count('failed')} failed, ${count('errored')} errored, ${count('skipped')} skipped\n`,
    );
  }
  return bad > 0 ? EXIT.failed : EXIT.ok;
}

/** `uaix-conformance fixtures <export|run> ...`. */
export async function fixturesCommand(argv: string[], io: CliIO): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === 'export') return exportCommand(rest, io);
  if (sub === 'run') return runCommand(rest, io);
  if (sub === '-h' || sub === '--help') {
    io.out.write(`${FIXTURES_USAGE}\n`);
    return 0;
  }
  throw new UsageError(
    sub === undefined
      ? 'fixtures needs a subcommand: export or run'
      : `unknown fixtures subcommand "${sub}" (export, run)`,
  );
}
