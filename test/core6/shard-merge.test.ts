import { bundledSpec } from '../../src/spec/index.js';
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defineCheck, fail, PASS, type CheckDefinition } from '../../src/engine/check.js';
import { mergeReports } from '../../src/model/merge.js';
import type { Report } from '../../src/model/report.js';
import { runChecks } from '../../src/api/run.js';
import { caseAt } from '../../src/engine/replay.js';
import { chunksOf, globalPath, locatePath, parseShard, shardUnits } from '../../src/engine/chunks.js';
import { checkSeed } from '../../src/engine/seed.js';
import type { Adapter } from '../../src/contract/adapter.js';
import { referenceAdapter } from '../../src/adapters/reference.js';
import { allChecks } from '../../suites/index.js';
import { brokenEnvelopeAdapters } from '../broken/envelope-adapters.js';

const ajv = new Ajv2020({ strict: true });
addFormats.default(ajv);

/** The report without its timing fields. */
function withoutTiming(r: Report): unknown {
  const copy = structuredClone(r) as any;
  delete copy.run.startedAt;
  delete copy.run.durationMs;
  for (const c of copy.checks) delete c.durationMs;
  return copy;
}

/** A check that fails only on rare cases, so its first failure lands in a later chunk. */
function rare(id: string, every: number): CheckDefinition<number> {
  return defineCheck<number>({
    id,
    title: `fails on multiples of ${every}`,
    suite: 'synthetic',
    severity: 'MUST',
    specRef: '000 §synthetic',
    requires: ['validateEnvelope'],
    arbitrary: () => fc.integer({ min: 1, max: 100_000 }),
    async run(n, h) {
      await h.invoke('validateEnvelope', [{}, { now: h.now }]);
      return n % every === 0 && n > 50 ? fail(`${n} is a multiple of ${every}`, 'not a multiple', n) : PASS;
    },
    tags: (n) => [n % 2 ? 'odd' : 'even'],
  });
}

/** A check whose adapter call breaks down on some cases: errored, not failed. */
const flaky = defineCheck<number>({
  id: 'SYN-FAULT',
  title: 'the adapter faults on large numbers',
  suite: 'synthetic',
  severity: 'SHOULD',
  specRef: '000 §synthetic',
  requires: ['computeChecksum'],
  arbitrary: () => fc.integer({ min: 0, max: 1000 }),
  async run(n, h) {
    if (n > 990) await h.invoke('computeChecksum', [{ boom: n }]);
    return PASS;
  },
});

const synthetic: Adapter = {
  describe: () => ({ name: 'synthetic', version: '1' }),
  validateEnvelope: () => ({ valid: true }),
  computeChecksum: () => {
    throw new Error('no checksum today');
  },
};

const checks = [rare('SYN-RARE-A', 37), rare('SYN-RARE-B', 5003), rare('SYN-NEVER', 1_000_003), flaky];

describe('chunks', () => {
  it('one chunk keeps the check seed, so short runs are as before chunking', () => {
    expect(chunksOf(9, 'ENV-EXPIRED', 100)).toEqual([{ index: 0, seed: checkSeed(9, 'ENV-EXPIRED'), numRuns: 100 }]);
    const c = chunksOf(9, 'ENV-EXPIRED', 2500);
    expect(c.map((x) => x.numRuns)).toEqual([1000, 1000, 500]);
    expect(new Set(c.map((x) => x.seed)).size).toBe(3);
  });

  it('global and local paths convert both ways', () => {
    const [, second] = chunksOf(3, 'X-Y', 25, 10);
    expect(globalPath(second!, '4:0:2', 10)).toBe('14:0:2');
    expect(locatePath(3, 'X-Y', 25, '14:0:2', 10)).toEqual({ chunk: second, path: '4:0:2' });
    expect(() => locatePath(3, 'X-Y', 25, '30', 10)).toThrow(/points past the 25 runs/);
  });

  it('deals every unit to exactly one shard', () => {
    const ids = ['A-A', 'B-B', 'C-C'];
    const all = [1, 2, 3, 4].map((i) => shardUnits(ids, 35, { index: i, count: 4 }, 10));
    const dealt = all.flatMap((m) => [...m].flatMap(([id, ks]) => ks.map((k) => `${id}/${k}`))).sort();
    expect(dealt).toEqual(ids.flatMap((id) => [0, 1, 2, 3].map((k) => `${id}/${k}`)).sort());
  });

  it('parses --shard and refuses nonsense', () => {
    expect(parseShard('2/4')).toEqual({ index: 2, count: 4 });
    for (const bad of ['0/4', '5/4', '1/0', 'a/b', '1-4', '']) expect(() => parseShard(bad)).toThrow(/a shard is i\/n/);
  });
});

describe('sharded runs', () => {
  it('a 4-way sharded run merged equals the unsharded run (failures in later chunks, faults, passes)', async () => {
    const opts = { checks, adapter: synthetic, seed: 11, runs: 95, chunkRuns: 10, adapterSpec: './synthetic.mjs' };
    const whole = await runChecks(opts);
    // The interesting shapes are there: a failure past chunk 0, a fault, a pass.
    const byId = Object.fromEntries(whole.checks.map((c) => [c.id, c]));
    expect(byId['SYN-RARE-A']!.status).toBe('failed');
    expect(byId['SYN-NEVER']!.status).toBe('passed');
    expect(byId['SYN-NEVER']!.runs).toBe(95);
    expect(byId['SYN-FAULT']!.status).toBe('errored');
    const laterChunk = whole.checks.filter((c) => c.failure && Number(c.failure.path.split(':')[0]) >= 10);
    expect(laterChunk.length).toBeGreaterThan(0);

    const shards = await Promise.all([1, 2, 3, 4].map((index) => runChecks({ ...opts, shard: { index, count: 4 } })));
    expect(shards.every((s) => s.checks.length > 0 && s.run.shard!.count === 4)).toBe(true);
    const merged = mergeReports([shards[2]!, shards[0]!, shards[3]!, shards[1]!], checks.map((c) => c.id));
    expect(withoutTiming(merged)).toEqual(withoutTiming(whole));
    expect(JSON.stringify(withoutTiming(merged))).toBe(JSON.stringify(withoutTiming(whole)));
  });

  it('real checks: 4 shards of envelope checks against a broken adapter merge to the unsharded report', async () => {
    const some = allChecks.filter((c) => ['ENV-EXPIRED', 'ENV-UTC-Z', 'INT-CHECKSUM', 'WIRE-ROUNDTRIP', 'ENV-SEED-FIXTURES'].includes(c.id));
    const adapter = { ...referenceAdapter, validateEnvelope: brokenEnvelopeAdapters['ENV-UTC-Z']!.validateEnvelope };
    const opts = { checks: some, adapter, seed: 5, runs: 24, chunkRuns: 8 };
    const whole = await runChecks(opts);
    expect(whole.summary.failed).toBe(1);
    const shards = await Promise.all([1, 2, 3, 4].map((index) => runChecks({ ...opts, shard: { index, count: 4 } })));
    expect(withoutTiming(mergeReports(shards, some.map((c) => c.id)))).toEqual(withoutTiming(whole));
  });

  it('the failure of a later chunk replays from its global path', async () => {
    const check = rare('SYN-RARE-A', 37);
    const opts = { checks: [check], adapter: synthetic, seed: 11, runs: 95, chunkRuns: 10 };
    const whole = await runChecks(opts);
    const failure = whole.checks[0]!.failure!;
    expect(Number(failure.path.split(':')[0])).toBeGreaterThanOrEqual(10);
    const replayed = await runChecks({ ...opts, replayPath: failure.path });
    expect(replayed.checks[0]!.failure!.counterexample).toEqual(failure.counterexample);
    expect(caseAt(check, bundledSpec(), 11, 95, failure.path, 10)).toEqual(failure.counterexample);
  });

  it('shard reports validate against schemas/report.schema.json', async () => {
    const validate = ajv.compile(JSON.parse(readFileSync(new URL('../../schemas/report.schema.json', import.meta.url), 'utf8')));
    const shard = await runChecks({ checks, adapter: synthetic, seed: 11, runs: 30, chunkRuns: 10, shard: { index: 1, count: 2 } });
    expect(shard.checks.some((c) => c.parts && c.parts.length > 0)).toBe(true);
    expect(validate(JSON.parse(JSON.stringify(shard))), JSON.stringify(validate.errors)).toBe(true);
  });

  it('refuses reports that are not the shards of one run', async () => {
    const opts = { checks, adapter: synthetic, seed: 11, runs: 30, chunkRuns: 10 };
    const [a, b] = await Promise.all([1, 2].map((index) => runChecks({ ...opts, shard: { index, count: 2 } })));
    const ids = checks.map((c) => c.id);
    const other = await runChecks({ ...opts, seed: 12, shard: { index: 2, count: 2 } });
    const whole = await runChecks(opts);
    expect(() => mergeReports([a!], ids)).toThrow(/shard 2\/2 missing/);
    expect(() => mergeReports([a!, a!], ids)).toThrow(/given twice/);
    expect(() => mergeReports([a!, other], ids)).toThrow(/differ in run.seed/);
    expect(() => mergeReports([whole], ids)).toThrow(/not a shard report/);
    expect(() => mergeReports([a!, b!], ids.slice(1))).toThrow(/outside the selection/);
    expect(() => mergeReports([], ids)).toThrow(/needs the shard reports/);
  });
});
