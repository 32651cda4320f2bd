import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { allChecks } from '../../suites/index.js';
import { cli, tempDir } from '../cli/run-cli.js';

/**
 * The whole catalog through the built CLI (npm test builds first; by hand: npx tsc -p tsconfig.json):
 * a corpus export writes one fixture file per check, the reference passes every case, and a broken
 * adapter of each of the error, UAS and recovery galleries fails the check it was written for.
 */
const BROKEN = fileURLToPath(new URL('./broken-adapter.ts', import.meta.url));
const ajv = new Ajv2020({ strict: true });
addFormats.default(ajv);
const validateFixture = ajv.compile(JSON.parse(readFileSync(new URL('../../schemas/fixture.schema.json', import.meta.url), 'utf8')));
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));

let dir: string;
let cases = 0;
beforeAll(() => {
  dir = tempDir();
  const run = cli(['--adapter', 'reference', '--seed', '7', '--runs', '2', '--out', 'rep', '-q'], dir);
  expect(run.code, run.stderr).toBe(0);
  const r = cli(['fixtures', 'export', 'rep/report.json', '--out', 'fx', '--corpus', '2'], dir);
  expect(r.code, r.stderr).toBe(0);
  // Every check has a codec and every case is plain JSON: nothing is left out.
  expect(r.stderr).toBe('');
  cases = Number(/^fixtures: (\d+) new cases in 62 files under fx\n$/.exec(r.stdout)?.[1]);
}, 60_000);

describe('fixtures over the full catalog', () => {
  it('writes one schema-valid fixture file per check (62), with the byte files UAS cases name', () => {
    expect(allChecks).toHaveLength(62);
    const files = readdirSync(join(dir, 'fx')).filter((f) => f.endsWith('.json'));
    expect(files.sort()).toEqual(allChecks.map((c) => `${c.id}.json`).sort());
    let total = 0;
    for (const f of files) {
      const set = readJson(join(dir, 'fx', f));
      expect(validateFixture(set), `${f}: ${JSON.stringify(validateFixture.errors)}`).toBe(true);
      total += set.cases.length;
    }
    expect(total).toBe(cases);
    // Less than 124: a check with few distinct cases (the seed fixtures) draws one twice, kept once.
    expect(cases).toBeGreaterThan(100);

    const mismatch = readJson(join(dir, 'fx', 'VAL-MISMATCH-COORDINATES.json')).cases[0];
    expect(mismatch.expected).toEqual({ valid: false, finding: { checkId: 'VAL-VERBATIM', unitId: expect.any(String), byteOffset: expect.any(Number) } });
    for (const ref of [mismatch.input.source.$file, mismatch.input.artifact.$file]) expect(existsSync(join(dir, 'fx', ref)), ref).toBe(true);
    expect(readJson(join(dir, 'fx', 'ERR-SCHEMA.json')).cases[0].expected).toMatchObject({ valid: false, rule: 'ERR-SCHEMA' });
    const rec = readJson(join(dir, 'fx', 'REC-EXACTLY-ONCE.json')).cases[0];
    expect(Object.keys(rec.input)).toEqual(['level', 'endpoints', 'grant', 'rotateRefresh', 'reviewUrls', 'tasks']);
    expect(rec.expected).toEqual({ session: 'ends with complete', property: expect.stringMatching(/exactly once/) });
  });

  it('the reference passes every case', () => {
    const r = cli(['fixtures', 'run', 'fx', '--adapter', 'reference'], dir);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toBe(`${cases} fixture cases: ${cases} passed, 0 failed, 0 errored, 0 skipped\n`);
  });

  for (const id of ['ERR-SCHEMA', 'VAL-XML-WELL-FORMED', 'REC-CORRECT-FIELD']) {
    it(`the broken adapter written for ${id} fails its fixtures, and only those (exit 1)`, () => {
      const r = cli(['fixtures', 'run', 'fx', '--adapter', BROKEN, '--json'], dir, { UAIX_BROKEN_CHECK: id });
      expect(r.code, r.stderr).toBe(1);
      const results: { check: string; status: string }[] = JSON.parse(r.stdout).cases;
      expect(results.filter((c) => c.status === 'errored')).toEqual([]);
      const failed = results.filter((c) => c.status === 'failed');
      expect(failed.length).toBeGreaterThan(0);
      expect([...new Set(failed.map((c) => c.check))]).toEqual([id]);
    }, 60_000);
  }
});
