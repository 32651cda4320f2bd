import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { packCatalog } from '../../src/api/catalog.js';
import { cli, expectUsageError, failingRun, readJson, tempDir } from '../helpers/cli.js';

const ajv = new Ajv2020({ strict: true });
addFormats.default(ajv);
const validateFixture = ajv.compile(
  JSON.parse(readFileSync(new URL('../../schemas/fixture.schema.json', import.meta.url), 'utf8')),
);

/** How `fixtures export` reports what it wrote. */
const EXPORTED = /^fixtures: (\d+) new cases in (\d+) files under fx\n$/;

describe('fixtures export and run, on the report of a failing run', () => {
  let dir: string;
  /** How many cases the first export wrote (a corpus may draw the same case twice: it is kept once). */
  let exported = 0;
  /** The checks of the failing run, one fixture file each. */
  let ran: string[];
  beforeAll(async () => {
    dir = await failingRun();
    ran = readJson(join(dir, 'bad', 'report.json')).checks.map((c: { id: string }) => c.id);
  });

  it('exports the shrunk counterexample and a corpus, one schema-valid file per check', async () => {
    const r = await cli(['fixtures', 'export', 'bad/report.json', '--out', 'fx', '--corpus', '2'], dir);
    expect(r.code, r.stderr).toBe(0);
    const [, added, files] = EXPORTED.exec(r.stdout) ?? [];
    expect(Number(files)).toBe(ran.length);
    exported = Number(added);
    expect(readdirSync(join(dir, 'fx')).sort()).toEqual(ran.map((id) => `${id}.json`).sort());
    let total = 0;
    for (const f of readdirSync(join(dir, 'fx'))) {
      const set = readJson(join(dir, 'fx', f));
      expect(validateFixture(set), JSON.stringify(validateFixture.errors)).toBe(true);
      expect(new Set(set.cases.map((c: any) => c.id)).size).toBe(set.cases.length);
      total += set.cases.length;
    }
    // 2 corpus cases per check and one counterexample, less the corpus cases drawn twice.
    expect(total).toBe(exported);
    expect(exported).toBeLessThanOrEqual(2 * ran.length + 1);
    expect(exported).toBeGreaterThanOrEqual(ran.length + 2);
    const expired = readJson(join(dir, 'fx', 'ENV-EXPIRED.json'));
    const counter = expired.cases.find((c: any) => c.source === 'counterexample');
    const failure = readJson(join(dir, 'bad', 'report.json')).checks.find((c: any) => c.id === 'ENV-EXPIRED').failure;
    expect(counter.input.packet).toEqual(failure.counterexample.packet);
    expect(counter.expected).toEqual({ valid: false });
  });

  it('runs against an adapter: the reference passes every case, the broken one fails the counterexample (exit 1)', async () => {
    const good = await cli(['fixtures', 'run', 'fx', '--adapter', 'reference'], dir);
    expect(good.code, good.stderr).toBe(0);
    expect(good.stdout).toBe(`${exported} fixture cases: ${exported} passed, 0 failed, 0 errored, 0 skipped\n`);
    const bad = await cli(['fixtures', 'run', 'fx', '--adapter', './bad.mjs', '--json'], dir);
    expect(bad.code).toBe(1);
    const failed = JSON.parse(bad.stdout).cases.filter((c: any) => c.status === 'failed');
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((c: any) => c.check === 'ENV-EXPIRED')).toBe(true);
  });

  it('adds to an existing fixture folder, never rewriting a case', async () => {
    const before = readFileSync(join(dir, 'fx', 'ENV-EXPIRED.json'), 'utf8');
    const r = await cli(['fixtures', 'export', 'bad/report.json', '--out', 'fx', '--corpus', '2'], dir);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`fixtures: 0 new cases in 0 files under fx (${exported} already there, left as they were)\n`);
    expect(readFileSync(join(dir, 'fx', 'ENV-EXPIRED.json'), 'utf8')).toBe(before);
  });

  it('refuses bad input with one line and exit 2, and never writes into a folder that is not a fixture folder', async () => {
    mkdirSync(join(dir, 'mine'));
    writeFileSync(join(dir, 'mine', 'package.json'), '{"name":"mine"}');
    expectUsageError(
      await cli(['fixtures', 'export', 'bad/report.json', '--out', 'mine'], dir),
      /the fixture folder mine holds package\.json, which is not a fixture file: refusing to write there/,
    );
    expect(readFileSync(join(dir, 'mine', 'package.json'), 'utf8')).toBe('{"name":"mine"}');
    expectUsageError(await cli(['fixtures', 'export', 'bad/report.json'], dir), /fixtures export needs --out/);
    expectUsageError(
      await cli(['fixtures', 'export', 'nope.json', '--out', 'x'], dir),
      /report nope\.json: no such file/,
    );
    expectUsageError(
      await cli(['fixtures', 'run', 'nowhere', '--adapter', 'reference'], dir),
      /fixture folder nowhere: no such folder/,
    );
    expectUsageError(await cli(['fixtures', 'run', 'fx'], dir), /fixtures run needs --adapter/);
    expectUsageError(await cli(['fixtures', 'frobnicate'], dir), /unknown fixtures subcommand "frobnicate"/);
    expectUsageError(await cli(['fixtures'], dir), /fixtures needs a subcommand: export or run/);
  });

  it('refuses a fixture file that is not one, naming the file and the problem', async () => {
    mkdirSync(join(dir, 'odd'));
    const set = readJson(join(dir, 'fx', 'ENV-EXPIRED.json'));
    set.cases[0].weight = 3;
    writeFileSync(join(dir, 'odd', 'ENV-EXPIRED.json'), JSON.stringify(set));
    expectUsageError(
      await cli(['fixtures', 'run', 'odd', '--adapter', 'reference'], dir),
      /odd\/ENV-EXPIRED\.json is not a uaix-conformance fixture file: \/cases\/0: unknown field "weight"/,
    );

    delete set.cases[0].weight;
    // A rejection case may send any JSON as its packet (ENV-FIELD-TYPE sends some that are no object), but it must send one.
    set.cases[0].input = { context: { now: '2026-01-01T00:00:00Z' } };
    writeFileSync(join(dir, 'odd', 'ENV-EXPIRED.json'), JSON.stringify(set));
    expectUsageError(
      await cli(['fixtures', 'run', 'odd', '--adapter', 'reference'], dir),
      /case c-[0-9a-f]{12}: input\.packet is missing/,
    );
  });
});

/**
 * The whole catalog: a corpus export writes one fixture file per check, the reference passes every
 * case, and a broken adapter of each of the error, UAS and recovery galleries fails the check it
 * was written for.
 */
describe('fixtures over the full catalog', () => {
  const catalog = packCatalog().checks;
  const CORPUS = 2;
  let dir: string;
  let cases = 0;
  beforeAll(async () => {
    dir = tempDir();
    const run = await cli(['--adapter', 'reference', '--seed', '7', '--runs', '2', '--out', 'rep', '-q'], dir);
    expect(run.code, run.stderr).toBe(0);
    const r = await cli(['fixtures', 'export', 'rep/report.json', '--out', 'fx', '--corpus', String(CORPUS)], dir);
    expect(r.code, r.stderr).toBe(0);
    // Every check has a codec and every case is plain JSON: nothing is left out.
    expect(r.stderr).toBe('');
    const [, added, files] = EXPORTED.exec(r.stdout) ?? [];
    expect(Number(files)).toBe(catalog.length);
    cases = Number(added);
  }, 120_000);

  it('writes one schema-valid fixture file per check of the catalog, with the byte files UAS cases name', () => {
    const files = readdirSync(join(dir, 'fx')).filter((f) => f.endsWith('.json'));
    expect(files.sort()).toEqual(catalog.map((c) => `${c.id}.json`).sort());
    let total = 0;
    for (const f of files) {
      const set = readJson(join(dir, 'fx', f));
      expect(validateFixture(set), `${f}: ${JSON.stringify(validateFixture.errors)}`).toBe(true);
      // CORPUS distinct cases per check; a check replaying the seed's own few fixtures may draw one twice, kept once.
      if (/-SEED-/.test(set.check_id)) expect(set.cases.length, f).toBeGreaterThanOrEqual(1);
      else expect(set.cases.length, f).toBe(CORPUS);
      expect(set.cases.length, f).toBeLessThanOrEqual(CORPUS);
      total += set.cases.length;
    }
    expect(total).toBe(cases);

    const mismatch = readJson(join(dir, 'fx', 'VAL-MISMATCH-COORDINATES.json')).cases[0];
    expect(mismatch.expected).toEqual({
      valid: false,
      finding: { checkId: 'VAL-VERBATIM', unitId: expect.any(String), byteOffset: expect.any(Number) },
    });
    for (const ref of [mismatch.input.source.$file, mismatch.input.artifact.$file])
      expect(existsSync(join(dir, 'fx', ref)), ref).toBe(true);
    expect(readJson(join(dir, 'fx', 'ERR-SCHEMA.json')).cases[0].expected).toMatchObject({
      valid: false,
      rule: 'ERR-SCHEMA',
    });
    const rec = readJson(join(dir, 'fx', 'REC-EXACTLY-ONCE.json')).cases[0];
    expect(Object.keys(rec.input)).toEqual(['level', 'endpoints', 'grant', 'rotateRefresh', 'reviewUrls', 'tasks']);
    expect(rec.expected).toEqual({ session: 'ends with complete', property: expect.stringMatching(/exactly once/) });
  });

  it('the reference passes every case', async () => {
    const r = await cli(['fixtures', 'run', 'fx', '--adapter', 'reference'], dir);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toBe(`${cases} fixture cases: ${cases} passed, 0 failed, 0 errored, 0 skipped\n`);
  });

  // One broken adapter from each suite gallery (test/suites/<suite>/broken.ts), loaded as an adapter module.
  for (const [suite, id] of [
    ['error', 'ERR-SCHEMA'],
    ['uas', 'VAL-XML-WELL-FORMED'],
    ['recovery', 'REC-CORRECT-FIELD'],
  ] as const) {
    it(`the broken adapter written for ${id} fails its fixtures, and only those (exit 1)`, async () => {
      const gallery = fileURLToPath(new URL(`../suites/${suite}/broken.ts`, import.meta.url));
      writeFileSync(
        join(dir, `broken-${id}.mjs`),
        `import { broken } from ${JSON.stringify(gallery)};\nexport default broken[${JSON.stringify(id)}];\n`,
      );
      const r = await cli(['fixtures', 'run', 'fx', '--adapter', `./broken-${id}.mjs`, '--json'], dir);
      expect(r.code, r.stderr).toBe(1);
      const results: { check: string; status: string }[] = JSON.parse(r.stdout).cases;
      expect(results.filter((c) => c.status === 'errored')).toEqual([]);
      const failed = results.filter((c) => c.status === 'failed');
      expect(failed.length).toBeGreaterThan(0);
      expect([...new Set(failed.map((c) => c.check))]).toEqual([id]);
    });
  }
});
