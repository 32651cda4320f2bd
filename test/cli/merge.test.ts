import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packCatalog } from '../../src/api/catalog.js';
import { readReport } from '../../src/io/json-file.js';
import { REPORT_FORMAT } from '../../src/model/report.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { BROKEN_EXPIRY, cli, expectUsageError, readJson, tempDir, withoutTiming } from '../helpers/cli.js';

const SHARDS = 4;
const ARGS = [
  '--adapter',
  './bad.mjs',
  '--check',
  'ENV-EXPIRED',
  '--check',
  'ENV-UTC-Z',
  '--check',
  'ENV-SEED-FIXTURES',
  '--check',
  'INT-*',
  '--check',
  'WIRE-ROUNDTRIP',
  '--seed',
  '9',
  '--runs',
  '15',
  '-q',
];
const shard = (i: number) => `s${i}/report.json`;

let dir: string;
beforeAll(async () => {
  dir = tempDir();
  writeFileSync(join(dir, 'bad.mjs'), BROKEN_EXPIRY);
  const whole = await cli([...ARGS, '--out', 'whole'], dir);
  expect(whole.code, whole.stderr).toBe(1);
  for (let i = 1; i <= SHARDS; i++) {
    const r = await cli([...ARGS, '--out', `s${i}`, '--shard', `${i}/${SHARDS}`], dir);
    expect(r.stderr).toBe('');
  }
});

describe('--shard i/n', () => {
  it('marks each shard report with its place in the split', () => {
    for (let i = 1; i <= SHARDS; i++)
      expect(readJson(join(dir, shard(i))).run.shard).toEqual({ index: i, count: SHARDS });
  });
});

describe('merge <shard reports>', () => {
  it(`the ${SHARDS} shards merged, in any order, equal the unsharded run (timing apart), with its exit code`, async () => {
    const merged = await cli(['merge', shard(3), shard(1), shard(4), shard(2), '--out', 'merged'], dir);
    expect(merged.code, merged.stderr).toBe(1); // ENV-EXPIRED fails, as in the unsharded run
    expect(withoutTiming(readJson(join(dir, 'merged', 'report.json')))).toBe(
      withoutTiming(readJson(join(dir, 'whole', 'report.json'))),
    );
    // Every shard ran here: the merged report names this machine, as the unsharded one does.
    expect(readJson(join(dir, 'merged', 'report.json')).environment).toEqual(
      readJson(join(dir, 'whole', 'report.json')).environment,
    );
  });

  it('refuses an incomplete, duplicated or foreign set of shards with one line and exit 2', async () => {
    expectUsageError(
      await cli(['merge', shard(1), shard(2), shard(3)], dir),
      new RegExp(`shard ${SHARDS}/${SHARDS} missing`),
    );
    expectUsageError(await cli(['merge', 'whole/report.json'], dir), /not a shard report/);
    expectUsageError(await cli(['merge', shard(1), shard(1)], dir), /given twice/);
    expectUsageError(await cli(['merge'], dir), /merge needs the shard reports/);
    expectUsageError(await cli(['merge', 'nope.json'], dir), /report nope\.json: no such file/);
  });
});

/** Shard reports of an older version (format 1): `--shard 1/2` and `2/2` of the expiry-blind adapter over three checks. */
const V1_SHARDS = [1, 2].map((i) => fileURLToPath(new URL(`../fixtures/report-v1/shard-${i}.json`, import.meta.url)));

describe('merge of format-1 shards (an older version)', () => {
  it('merges them into a valid format-2 report with the exit code of the run', async () => {
    const r = await cli(['merge', ...V1_SHARDS, '--out', 'v1-merged', '-q'], dir);
    const shards = V1_SHARDS.map(readJson);
    const failing = shards.flatMap((s) => s.checks).filter((c: any) => c.status !== 'passed' && c.severity === 'MUST');
    expect(r.code, r.stderr).toBe(failing.length > 0 ? 1 : 0);
    const merged = readReport(join(dir, 'v1-merged', 'report.json'));
    expect(merged.format).toBe(REPORT_FORMAT);
    // Format-1 shards name no machine: the merge invents none.
    expect(merged.environment).toBeUndefined();
    const order = packCatalog()
      .select(shards[0].run.selection)
      .map((c) => c.id);
    expect(merged.checks.map((c) => [c.id, c.status])).toEqual(
      order.map((id) => [id, shards.flatMap((s) => s.checks).find((c: any) => c.id === id).status]),
    );
  });

  it('with --expect, records the gate in the merged report', async () => {
    writeFileSync(
      join(dir, 'known.json'),
      JSON.stringify({
        format: 'uaix-conformance-expectations/1',
        expectations: [{ check: 'ENV-EXPIRED', outcome: 'fail', reason: 'expiry not implemented' }],
      }),
    );
    const r = await cli(['merge', ...V1_SHARDS, '--out', 'v1-gated', '--expect', 'known.json'], dir);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/gate: PASSED \(1 expected, 0 new failures, 0 stale\)/);
    const merged = readReport(join(dir, 'v1-gated', 'report.json'));
    expect(merged.gate).toMatchObject({
      file: 'known.json',
      ok: true,
      expected: [{ check: 'ENV-EXPIRED', entry: { check: 'ENV-EXPIRED' } }],
      newFailures: [],
      stale: [],
    });
    expect(merged.checks.find((c) => c.id === 'ENV-EXPIRED')!.expectation).toMatchObject({ result: 'expected' });
    expect(readFileSync(join(dir, 'v1-gated', 'junit.xml'), 'utf8')).toContain(
      '<skipped message="expected failure: expiry not implemented">',
    );
  });

  it('refuses a format-1 shard and a format-2 shard together: the shards of one run are written by one version', async () => {
    // Shard 2 as format 2 (a format-1 report is a valid format-2 one once restamped): every field but the format agrees.
    writeFileSync(join(dir, 'v2-shard2.json'), JSON.stringify({ ...readJson(V1_SHARDS[1]!), format: REPORT_FORMAT }));
    expect(readReport(join(dir, 'v2-shard2.json')).format).toBe(REPORT_FORMAT);
    expectUsageError(
      await cli(['merge', V1_SHARDS[0]!, 'v2-shard2.json'], dir),
      /the shard reports differ in format \(uaix-conformance-report\/1 and uaix-conformance-report\/3\)/,
    );
  });
});
