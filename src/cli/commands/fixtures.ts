import { existsSync, statSync } from 'node:fs';
import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import picomatch from 'picomatch';
import { AdapterFault, type CheckDefinition } from '../../engine/check.js';
import { UsageError } from '../../contract/errors.js';
import { encodeCase, readFixtureDir, resolveFiles, writeFixtures, type EncodedCase } from '../../model/fixtures.js';
import { toJsonSafe } from '../../engine/json-safe.js';
import { readReport } from '../../io/json-file.js';
import { assertSameCatalog, caseAt, firstCases, missingMembers } from '../../engine/replay.js';
import { createHarness, describeThrown } from '../../engine/harness.js';
import { DEFAULT_NOW, DEFAULT_TIMEOUT_MS, describeAdapter } from '../../engine/runner.js';
import { setSpecOverrideDir } from '../../spec/data.js';
import { TOOL } from '../../io/package.js';
import { adapterSpecOf, closeAdapter } from '../../adapters/process/index.js';
import { catalog, loadAdapter } from './run.js';
import { guarded, intOption, nowOption } from '../options.js';

type IO = { out: NodeJS.WritableStream; err: NodeJS.WritableStream };

export const FIXTURES_USAGE = `usage: uaix-conformance fixtures export [report.json] --out <dir> [--corpus N]
       uaix-conformance fixtures run <dir> --adapter <spec> [--check glob] [--json]`;

function specDir(dir: string | undefined): void {
  if (dir === undefined) return;
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`--spec-dir ${dir} is not a folder`);
  setSpecOverrideDir(dir);
}

/** `fixtures export`: every shrunk counterexample of a report, and with --corpus N the first N cases of each check. */
async function exportFixtures(argv: string[], io: IO): Promise<number> {
  const { values, positionals } = guarded(() =>
    parseArgs({ args: argv, options: { out: { type: 'string', short: 'o' }, corpus: { type: 'string' }, 'spec-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true }),
  );
  if (values.help) {
    io.out.write(`${FIXTURES_USAGE}\n`);
    return 0;
  }
  if (positionals.length > 1) throw new UsageError(`fixtures export takes one report.json, got ${positionals.length}`);
  if (values.out === undefined) throw new UsageError('fixtures export needs --out <dir> (e.g. --out fixtures/regression)');
  const corpus = intOption('corpus', values.corpus, 0, 0, 10_000);
  specDir(values['spec-dir']);
  const file = positionals[0] ?? 'reports/report.json';
  const report = readReport(file);
  const cat = catalog();
  assertSameCatalog(report, cat.checks, 'fixtures export refuses this report');
  const byCheck = new Map<CheckDefinition, EncodedCase[]>();
  const noCodec: string[] = [];
  let notJson = 0;
  const origin = (path?: string) => ({ tool: TOOL.version, catalog_hash: report.run.catalogHash, seed: report.run.seed, ...(path !== undefined ? { path } : {}) });
  for (const entry of report.checks) {
    const check = cat.get(entry.id);
    if (!check) continue;
    const wantsCounterexample = entry.status === 'failed' && entry.failure !== undefined;
    if (!wantsCounterexample && corpus === 0) continue;
    if (!check.fixture) {
      noCodec.push(entry.id);
      continue;
    }
    const list: EncodedCase[] = [];
    const add = (input: unknown, meta: Parameters<typeof encodeCase>[2]) => {
      const enc = encodeCase(check, check.fixture!.encode(input, { now: report.run.now }), meta);
      if (!enc) notJson += 1;
      else if (!list.some((e) => e.record.id === enc.record.id)) list.push(enc); // a corpus may draw a case twice
    };
    if (wantsCounterexample) {
      const input = caseAt(check, report.run.seed, report.run.runs, entry.failure!.path);
      add(input, { now: report.run.now, source: 'counterexample', tags: check.tags?.(input) ?? [], origin: origin(entry.failure!.path) });
    }
    for (const input of corpus > 0 ? firstCases(check, report.run.seed, corpus) : []) {
      add(input, { now: report.run.now, source: 'corpus', tags: check.tags?.(input) ?? [], origin: origin() });
    }
    byCheck.set(check, list);
  }
  const w = writeFixtures(values.out, byCheck);
  io.out.write(`fixtures: ${w.added} new case${w.added === 1 ? '' : 's'} in ${w.files.length} file${w.files.length === 1 ? '' : 's'} under ${relative(process.cwd(), values.out) || values.out}${w.alreadyPresent ? ` (${w.alreadyPresent} already there, left as they were)` : ''}\n`);
  if (noCodec.length) io.err.write(`fixtures: not exported, these checks have no fixture codec yet: ${noCodec.join(', ')}\n`);
  if (notJson) io.err.write(`fixtures: ${notJson} case${notJson === 1 ? '' : 's'} not exported: not representable in plain JSON\n`);
  return 0;
}

/** The outcome of one fixture case. */
interface CaseRun {
  file: string;
  id: string;
  check: string;
  status: 'passed' | 'failed' | 'errored' | 'skipped';
  message?: string;
  expected?: unknown;
  actual?: unknown;
}

/** `fixtures run <dir>`: runs a fixture set against an adapter. Exit 1 when a case failed or errored. */
async function runFixtures(argv: string[], io: IO): Promise<number> {
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
  specDir(values['spec-dir']);
  const timeoutMs = intOption('timeout', values.timeout, DEFAULT_TIMEOUT_MS, 1, 3_600_000);
  const defaultNow = nowOption(values.now, DEFAULT_NOW);
  const dir = positionals[0]!;
  const cat = catalog();
  const globs = (values.check ?? []).flatMap((g) => g.split(',')).filter(Boolean).map((g) => picomatch(g));
  // Everything is read and decoded before the adapter is loaded: a bad fixture is a usage error, not a failure.
  const planned: { file: string; id: string; check: CheckDefinition; input: unknown; now: string }[] = [];
  for (const { file, set } of readFixtureDir(dir)) {
    const check = cat.get(set.check_id);
    if (!check) throw new UsageError(`${file}: no check ${set.check_id} in this catalog (see: uaix-conformance list)`);
    if (!check.fixture) throw new UsageError(`${file}: check ${set.check_id} cannot run fixtures (it has no fixture codec)`);
    if (globs.length && !globs.some((m) => m(check.id))) continue;
    for (const c of set.cases) {
      const where = `${relative(process.cwd(), file) || file} case ${c.id}`;
      let input: unknown;
      try {
        input = check.fixture.decode({ input: resolveFiles(c.input, dir, where), expected: resolveFiles(c.expected, dir, where), description: c.description });
      } catch (e) {
        if (e instanceof UsageError) throw e;
        throw new UsageError(`${where}: ${(e as Error).message}`);
      }
      planned.push({ file, id: c.id, check, input, now: c.now ?? defaultNow });
    }
  }
  if (planned.length === 0) throw new UsageError(`no fixture case in ${dir} matches the selection`);
  const adapter = await loadAdapter(adapterSpec, { timeoutMs });
  const results: CaseRun[] = [];
  try {
    const info = await describeAdapter(adapter, timeoutMs);
    for (const p of planned) {
      const base = { file: relative(process.cwd(), p.file) || p.file, id: p.id, check: p.check.id };
      const missing = missingMembers(p.check, adapter);
      if (missing.length) {
        results.push({ ...base, status: 'skipped', message: `adapter does not implement ${missing.join(', ')}` });
        continue;
      }
      const h = createHarness(adapter, info, { timeoutMs, now: p.now });
      try {
        const r = await p.check.run(p.input, h);
        results.push(r.pass ? { ...base, status: 'passed' } : { ...base, status: 'failed', message: r.message, expected: toJsonSafe(r.expected), actual: toJsonSafe(r.actual) });
      } catch (e) {
        results.push({ ...base, status: 'errored', message: e instanceof AdapterFault ? e.message : `the check could not run this case: ${describeThrown(e)}` });
      }
    }
  } finally {
    await closeAdapter(adapter);
  }
  const count = (s: CaseRun['status']) => results.filter((r) => r.status === s).length;
  const bad = count('failed') + count('errored');
  if (values.json) io.out.write(`${JSON.stringify({ adapter: adapterSpec, cases: results }, null, 2)}\n`);
  else {
    for (const r of results) {
      if (r.status === 'failed' || r.status === 'errored') io.out.write(`${r.status === 'failed' ? 'FAIL' : 'ERR '} ${r.check} ${r.id} (${r.file}): ${(r.message ?? '').replace(/\s+/g, ' ').slice(0, 300)}\n`);
    }
    io.out.write(`${results.length} fixture cases: ${count('passed')} passed, ${count('failed')} failed, ${count('errored')} errored, ${count('skipped')} skipped\n`);
  }
  return bad > 0 ? 1 : 0;
}

/** `uaix-conformance fixtures <export|run> ...`. */
export async function fixturesCommand(argv: string[], io: IO): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === 'export') return exportFixtures(rest, io);
  if (sub === 'run') return runFixtures(rest, io);
  if (sub === '-h' || sub === '--help') {
    io.out.write(`${FIXTURES_USAGE}\n`);
    return 0;
  }
  throw new UsageError(sub === undefined ? 'fixtures needs a subcommand: export or run' : `unknown fixtures subcommand "${sub}" (export, run)`);
}
