import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli, expectUsageError, failingRun, readJson, tempDir, withoutTiming } from './helpers.js';

const ajv = new Ajv2020({ strict: true });
addFormats.default(ajv);
const validateFixture = ajv.compile(JSON.parse(readFileSync(new URL('../../schemas/fixture.schema.json', import.meta.url), 'utf8')));

let dir: string;
/** How many cases the first export wrote (a corpus may draw the same case twice: it is kept once). */
let exported = 0;
beforeAll(() => {
  dir = failingRun();
});

describe('fixtures export and run', () => {
  it('exports the shrunk counterexample and a corpus, one schema-valid file per check', () => {
    const r = cli(['fixtures', 'export', 'bad/report.json', '--out', 'fx', '--corpus', '2'], dir);
    expect(r.code, r.stderr).toBe(0);
    exported = Number(/^fixtures: (\d+) new cases in 3 files under fx\n$/.exec(r.stdout)?.[1]);
    expect(readdirSync(join(dir, 'fx')).sort()).toEqual(['ENV-EXPIRED.json', 'ENV-SEED-FIXTURES.json', 'WIRE-ROUNDTRIP.json']);
    let total = 0;
    for (const f of readdirSync(join(dir, 'fx'))) {
      const set = readJson(join(dir, 'fx', f));
      expect(validateFixture(set), JSON.stringify(validateFixture.errors)).toBe(true);
      expect(new Set(set.cases.map((c: any) => c.id)).size).toBe(set.cases.length);
      total += set.cases.length;
    }
    // 2 corpus cases per check and one counterexample, less the corpus cases drawn twice.
    expect(total).toBe(exported);
    expect(exported).toBeGreaterThanOrEqual(5);
    const expired = readJson(join(dir, 'fx', 'ENV-EXPIRED.json'));
    const counter = expired.cases.find((c: any) => c.source === 'counterexample');
    const failure = readJson(join(dir, 'bad', 'report.json')).checks.find((c: any) => c.id === 'ENV-EXPIRED').failure;
    expect(counter.input.packet).toEqual(failure.counterexample.packet);
    expect(counter.expected).toEqual({ valid: false });
  });

  it('runs against an adapter: the reference passes every case, the broken one fails the counterexample', () => {
    const good = cli(['fixtures', 'run', 'fx', '--adapter', 'reference'], dir);
    expect(good.code, good.stderr).toBe(0);
    expect(good.stdout).toBe(`${exported} fixture cases: ${exported} passed, 0 failed, 0 errored, 0 skipped\n`);
    const bad = cli(['fixtures', 'run', 'fx', '--adapter', './bad.mjs', '--json'], dir);
    expect(bad.code).toBe(1);
    const failed = JSON.parse(bad.stdout).cases.filter((c: any) => c.status === 'failed');
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((c: any) => c.check === 'ENV-EXPIRED')).toBe(true);
  });

  it('adds to an existing fixture folder, never rewriting a case', () => {
    const before = readFileSync(join(dir, 'fx', 'ENV-EXPIRED.json'), 'utf8');
    const r = cli(['fixtures', 'export', 'bad/report.json', '--out', 'fx', '--corpus', '2'], dir);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`fixtures: 0 new cases in 0 files under fx (${exported} already there, left as they were)\n`);
    expect(readFileSync(join(dir, 'fx', 'ENV-EXPIRED.json'), 'utf8')).toBe(before);
  });

  it('refuses bad input with one line and exit 2', () => {
    mkdirSync(join(dir, 'mine'));
    writeFileSync(join(dir, 'mine', 'package.json'), '{"name":"mine"}');
    expectUsageError(cli(['fixtures', 'export', 'bad/report.json', '--out', 'mine'], dir), /the fixture folder mine holds package\.json, which is not a fixture file: refusing to write there/);
    expect(readFileSync(join(dir, 'mine', 'package.json'), 'utf8')).toBe('{"name":"mine"}');
    expectUsageError(cli(['fixtures', 'export', 'bad/report.json'], dir), /fixtures export needs --out/);
    expectUsageError(cli(['fixtures', 'export', 'nope.json', '--out', 'x'], dir), /report nope\.json: no such file/);
    expectUsageError(cli(['fixtures', 'run', 'nowhere', '--adapter', 'reference'], dir), /fixture folder nowhere: no such folder/);
    expectUsageError(cli(['fixtures', 'run', 'fx'], dir), /fixtures run needs --adapter/);
    expectUsageError(cli(['fixtures', 'frobnicate'], dir), /unknown fixtures subcommand "frobnicate"/);

    mkdirSync(join(dir, 'odd'));
    const set = readJson(join(dir, 'fx', 'ENV-EXPIRED.json'));
    set.cases[0].weight = 3;
    writeFileSync(join(dir, 'odd', 'ENV-EXPIRED.json'), JSON.stringify(set));
    expectUsageError(cli(['fixtures', 'run', 'odd', '--adapter', 'reference'], dir), /odd\/ENV-EXPIRED\.json is not a uaix-conformance fixture file: \/cases\/0: unknown field "weight"/);

    delete set.cases[0].weight;
    set.cases[0].input = { packet: 'not an object', context: { now: '2026-01-01T00:00:00Z' } };
    writeFileSync(join(dir, 'odd', 'ENV-EXPIRED.json'), JSON.stringify(set));
    expectUsageError(cli(['fixtures', 'run', 'odd', '--adapter', 'reference'], dir), /case c-[0-9a-f]{12}: input\.packet must be a JSON object/);
  });
});

describe('--shard and merge', () => {
  it('a 4-way sharded run merged equals the unsharded run (timing apart)', () => {
    const d = tempDir();
    writeFileSync(join(d, 'bad.mjs'), readFileSync(join(dir, 'bad.mjs'), 'utf8'));
    const args = ['--adapter', './bad.mjs', '--check', 'ENV-EXPIRED', '--check', 'ENV-UTC-Z', '--check', 'ENV-SEED-FIXTURES', '--check', 'INT-*', '--check', 'WIRE-ROUNDTRIP', '--seed', '9', '--runs', '15', '-q'];
    const whole = cli([...args, '--out', 'whole'], d);
    expect(whole.code, whole.stderr).toBe(1);
    for (const i of [1, 2, 3, 4]) {
      const r = cli([...args, '--out', `s${i}`, '--shard', `${i}/4`], d);
      expect(r.stderr).toBe('');
      expect(readJson(join(d, `s${i}`, 'report.json')).run.shard).toEqual({ index: i, count: 4 });
    }
    const merged = cli(['merge', 's3/report.json', 's1/report.json', 's4/report.json', 's2/report.json', '--out', 'merged'], d);
    expect(merged.code, merged.stderr).toBe(1); // ENV-EXPIRED fails, as in the unsharded run
    expect(withoutTiming(readJson(join(d, 'merged', 'report.json')))).toBe(withoutTiming(readJson(join(d, 'whole', 'report.json'))));

    expectUsageError(cli(['merge', 's1/report.json', 's2/report.json', 's3/report.json'], d), /shard 4\/4 missing/);
    expectUsageError(cli(['merge', 'whole/report.json'], d), /not a shard report/);
    expectUsageError(cli(['merge', 's1/report.json', 's1/report.json'], d), /given twice/);
    expectUsageError(cli(['merge'], d), /merge needs the shard reports/);
    expectUsageError(cli(['merge', 'nope.json'], d), /report nope\.json: no such file/);
  });
});
