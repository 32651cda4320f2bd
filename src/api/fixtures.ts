import { relative } from 'node:path';
import picomatch from 'picomatch';
import { missingMembers, type Adapter } from '../contract/adapter.js';
import { UsageError } from '../contract/errors.js';
import type { CheckDefinition } from '../engine/check.js';
import { executeCase } from '../engine/execute.js';
import { createHarness, describeAdapter } from '../engine/harness.js';
import { toJsonSafe } from '../engine/json-safe.js';
import { caseAt, firstCases } from '../engine/replay.js';
import { readFixtureDir, resolveFiles, writeFixtures, type FixtureWrite } from '../io/fixture-files.js';
import { TOOL } from '../io/package.js';
import { encodeCase, type EncodedCase, type FixtureCheck } from '../model/fixtures.js';
import type { Report } from '../model/report.js';
import type { SpecData } from '../spec/index.js';
import { packCatalog } from './catalog.js';
import { assertSameCatalog } from './replay.js';

/** What `exportFixtures` did. */
export interface FixtureExport extends FixtureWrite {
  /** Checks whose cases were asked for but that have no fixture codec. */
  noCodec: string[];
  /** Cases left out because plain JSON cannot carry them. */
  notJson: number;
}

/**
 * Exports every shrunk counterexample of a report, and with `corpus` the first `corpus` cases of
 * each check, as fixture files in `out` (added to what is there, never rewriting a case).
 */
export function exportFixtures(
  report: Report,
  options: { out: string; corpus: number; spec: SpecData; cwd?: string },
): FixtureExport {
  const cat = packCatalog();
  assertSameCatalog(report, options.spec, 'fixtures export refuses this report');
  const byCheck = new Map<FixtureCheck, EncodedCase[]>();
  const noCodec: string[] = [];
  let notJson = 0;
  const origin = (path?: string) => ({
    tool: TOOL.version,
    catalog_hash: report.run.catalogHash,
    seed: report.run.seed,
    ...(path !== undefined ? { path } : {}),
  });
  for (const entry of report.checks) {
    const check = cat.get(entry.id);
    if (!check) continue;
    const counterexamplePath = entry.status === 'failed' ? entry.failure.path : undefined;
    if (counterexamplePath === undefined && options.corpus === 0) continue;
    const codec = check.fixture;
    if (!codec) {
      noCodec.push(entry.id);
      continue;
    }
    const list: EncodedCase[] = [];
    const add = (input: unknown, meta: Parameters<typeof encodeCase>[2]) => {
      const enc = encodeCase(check, codec.encode(input, { now: report.run.now, spec: options.spec }), meta);
      if (!enc) notJson += 1;
      else if (!list.some((e) => e.record.id === enc.record.id)) list.push(enc); // a corpus may draw a case twice
    };
    if (counterexamplePath !== undefined) {
      const input = caseAt(check, options.spec, report.run.seed, report.run.runs, counterexamplePath);
      add(input, {
        now: report.run.now,
        source: 'counterexample',
        tags: check.tags?.(input) ?? [],
        origin: origin(counterexamplePath),
      });
    }
    for (const input of options.corpus > 0 ? firstCases(check, options.spec, report.run.seed, options.corpus) : []) {
      add(input, { now: report.run.now, source: 'corpus', tags: check.tags?.(input) ?? [], origin: origin() });
    }
    byCheck.set(check, list);
  }
  return { ...writeFixtures(options.out, byCheck, options.cwd), noCodec, notJson };
}

/** One fixture case, read, decoded and ready to run. */
export interface PlannedCase {
  file: string;
  id: string;
  check: CheckDefinition;
  input: unknown;
  now: string;
}

/**
 * Reads and decodes every case of a fixture folder (those of the checks `checkGlobs` match, all
 * when empty). Everything is decoded before any adapter is loaded: a bad fixture is a usage error,
 * never a failure of the implementation.
 */
export function planFixtureCases(
  dir: string,
  options: { checkGlobs: readonly string[]; spec: SpecData; defaultNow: string; cwd?: string },
): PlannedCase[] {
  const cwd = options.cwd ?? process.cwd();
  const cat = packCatalog();
  const globs = options.checkGlobs.map((g) => picomatch(g));
  const planned: PlannedCase[] = [];
  for (const { file, set } of readFixtureDir(dir, relative(cwd, dir) || dir)) {
    const check = cat.get(set.check_id);
    if (!check) throw new UsageError(`${file}: no check ${set.check_id} in this catalog (see: uaix-conformance list)`);
    const codec = check.fixture;
    if (!codec) throw new UsageError(`${file}: check ${set.check_id} cannot run fixtures (it has no fixture codec)`);
    if (globs.length && !globs.some((m) => m(check.id))) continue;
    for (const c of set.cases) {
      const where = `${relative(cwd, file) || file} case ${c.id}`;
      let input: unknown;
      try {
        input = codec.decode(
          {
            input: resolveFiles(c.input, dir, where),
            expected: resolveFiles(c.expected, dir, where),
            description: c.description,
          },
          { spec: options.spec },
        );
      } catch (e) {
        if (e instanceof UsageError) throw e;
        throw new UsageError(`${where}: ${(e as Error).message}`);
      }
      planned.push({ file, id: c.id, check, input, now: c.now ?? options.defaultNow });
    }
  }
  if (planned.length === 0) throw new UsageError(`no fixture case in ${dir} matches the selection`);
  return planned;
}

/** The outcome of one fixture case. */
export interface FixtureCaseRun {
  file: string;
  id: string;
  check: string;
  status: 'passed' | 'failed' | 'errored' | 'skipped';
  message?: string;
  expected?: unknown;
  actual?: unknown;
}

/** Runs planned fixture cases against an adapter, each once, with the live checks' verdicts. */
export async function runFixtureCases(
  planned: readonly PlannedCase[],
  adapter: Adapter,
  options: { timeoutMs: number; spec: SpecData; cwd?: string },
): Promise<FixtureCaseRun[]> {
  const cwd = options.cwd ?? process.cwd();
  const info = await describeAdapter(adapter, options.timeoutMs);
  const results: FixtureCaseRun[] = [];
  for (const p of planned) {
    const base = { file: relative(cwd, p.file) || p.file, id: p.id, check: p.check.id };
    const missing = missingMembers(adapter, p.check.requires);
    if (missing.length) {
      results.push({ ...base, status: 'skipped', message: `adapter does not implement ${missing.join(', ')}` });
      continue;
    }
    const o = await executeCase(
      p.check,
      p.input,
      createHarness(adapter, info, { timeoutMs: options.timeoutMs, now: p.now, spec: options.spec }),
    );
    if (o.status === 'passed') results.push({ ...base, status: 'passed' });
    else if (o.status === 'failed')
      results.push({
        ...base,
        status: 'failed',
        message: o.message,
        expected: toJsonSafe(o.expected),
        actual: toJsonSafe(o.actual),
      });
    else results.push({ ...base, status: 'errored', message: o.message });
  }
  return results;
}
