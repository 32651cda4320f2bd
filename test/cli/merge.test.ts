import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BROKEN_EXPIRY, cli, expectUsageError, readJson, tempDir, withoutTiming } from '../helpers/cli.js';

const SHARDS = 4;
const ARGS = ['--adapter', './bad.mjs', '--check', 'ENV-EXPIRED', '--check', 'ENV-UTC-Z', '--check', 'ENV-SEED-FIXTURES', '--check', 'INT-*', '--check', 'WIRE-ROUNDTRIP', '--seed', '9', '--runs', '15', '-q'];
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
    for (let i = 1; i <= SHARDS; i++) expect(readJson(join(dir, shard(i))).run.shard).toEqual({ index: i, count: SHARDS });
  });
});

describe('merge <shard reports>', () => {
  it(`the ${SHARDS} shards merged, in any order, equal the unsharded run (timing apart), with its exit code`, async () => {
    const merged = await cli(['merge', shard(3), shard(1), shard(4), shard(2), '--out', 'merged'], dir);
    expect(merged.code, merged.stderr).toBe(1); // ENV-EXPIRED fails, as in the unsharded run
    expect(withoutTiming(readJson(join(dir, 'merged', 'report.json')))).toBe(withoutTiming(readJson(join(dir, 'whole', 'report.json'))));
  });

  it('refuses an incomplete, duplicated or foreign set of shards with one line and exit 2', async () => {
    expectUsageError(await cli(['merge', shard(1), shard(2), shard(3)], dir), new RegExp(`shard ${SHARDS}/${SHARDS} missing`));
    expectUsageError(await cli(['merge', 'whole/report.json'], dir), /not a shard report/);
    expectUsageError(await cli(['merge', shard(1), shard(1)], dir), /given twice/);
    expectUsageError(await cli(['merge'], dir), /merge needs the shard reports/);
    expectUsageError(await cli(['merge', 'nope.json'], dir), /report nope\.json: no such file/);
  });
});
