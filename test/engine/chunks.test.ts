import { describe, expect, it } from 'vitest';
import { chunksOf, globalPath, locatePath, parseShard, shardUnits } from '../../src/engine/chunks.js';
import { caseAt } from '../../src/engine/replay.js';
import { checkSeed } from '../../src/engine/seed.js';
import { mergeReports } from '../../src/model/merge.js';
import { bundledSpec } from '../../src/spec/index.js';
import { rare, runSynthetic, syntheticAdapter, syntheticChecks, withoutTiming } from '../helpers/synthetic.js';

describe('chunks', () => {
  it('one chunk keeps the check seed, so short runs are as before chunking', () => {
    expect(chunksOf(9, 'ENV-EXPIRED', 100)).toEqual([{ index: 0, seed: checkSeed(9, 'ENV-EXPIRED'), numRuns: 100 }]);
    const c = chunksOf(9, 'ENV-EXPIRED', 2500);
    expect(c.map((x) => x.numRuns)).toEqual([1000, 1000, 500]);
    expect(new Set(c.map((x) => x.seed)).size).toBe(3);
  });

  it('converts global and local paths both ways', () => {
    const [, second] = chunksOf(3, 'X-Y', 25, 10);
    expect(globalPath(second!, '4:0:2', 10)).toBe('14:0:2');
    expect(locatePath(3, 'X-Y', 25, '14:0:2', 10)).toEqual({ chunk: second, path: '4:0:2' });
    expect(() => locatePath(3, 'X-Y', 25, '30', 10)).toThrow(/points past the 25 runs/);
    expect(() => locatePath(3, 'X-Y', 25, 'a:b', 10)).toThrow(/a fast-check path looks like/);
  });

  it('deals every (check, chunk) unit to exactly one shard', () => {
    const ids = ['A-A', 'B-B', 'C-C'];
    const all = [1, 2, 3, 4].map((i) => shardUnits(ids, 35, { index: i, count: 4 }, 10));
    const dealt = all.flatMap((m) => [...m].flatMap(([id, ks]) => ks.map((k) => `${id}/${k}`))).sort();
    expect(dealt).toEqual(ids.flatMap((id) => [0, 1, 2, 3].map((k) => `${id}/${k}`)).sort());
  });

  it('parses i/n and refuses anything else', () => {
    expect(parseShard('2/4')).toEqual({ index: 2, count: 4 });
    for (const bad of ['0/4', '5/4', '1/0', 'a/b', '1-4', '', '1/257'])
      expect(() => parseShard(bad)).toThrow(/a shard is i\/n/);
  });
});

describe('sharded runs', () => {
  const opts = {
    checks: syntheticChecks,
    adapter: syntheticAdapter,
    seed: 11,
    runs: 95,
    chunkRuns: 10,
    adapterSpec: './synthetic.mjs',
  };

  it('merge back into the unsharded run: failures in later chunks, faults and passes alike', async () => {
    const whole = await runSynthetic(opts);
    const byId = Object.fromEntries(whole.checks.map((c) => [c.id, c]));
    expect(byId['SYN-RARE-A']!.status).toBe('failed');
    expect(byId['SYN-NEVER']!).toMatchObject({ status: 'passed', runs: 95 });
    expect(byId['SYN-FAULT']!.status).toBe('errored');
    expect(whole.checks.some((c) => c.status === 'failed' && Number(c.failure.path.split(':')[0]) >= 10)).toBe(true);

    const shards = await Promise.all(
      [1, 2, 3, 4].map((index) => runSynthetic({ ...opts, shard: { index, count: 4 } })),
    );
    expect(shards.every((s) => s.checks.length > 0 && s.run.shard!.count === 4)).toBe(true);
    const merged = mergeReports(
      [shards[2]!, shards[0]!, shards[3]!, shards[1]!],
      syntheticChecks.map((c) => c.id),
    );
    expect(JSON.stringify(withoutTiming(merged))).toBe(JSON.stringify(withoutTiming(whole)));
  });

  it('replay the failure of a later chunk from its global path', async () => {
    const check = rare('SYN-RARE-A', 37);
    const whole = await runSynthetic({ ...opts, checks: [check] });
    const c = whole.checks[0]!;
    if (c.status !== 'failed') throw new Error('expected a failure');
    expect(Number(c.failure.path.split(':')[0])).toBeGreaterThanOrEqual(10);
    const replayed = await runSynthetic({ ...opts, checks: [check], replayPath: c.failure.path });
    expect(replayed.checks[0]).toMatchObject({
      status: 'failed',
      failure: { counterexample: c.failure.counterexample },
    });
    expect(caseAt(check, bundledSpec(), 11, 95, c.failure.path, 10)).toEqual(c.failure.counterexample);
  });
});
