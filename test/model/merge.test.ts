import { describe, expect, it } from 'vitest';
import { mergeReports } from '../../src/model/merge.js';
import { runSynthetic, syntheticAdapter, syntheticChecks } from '../helpers/synthetic.js';

describe('mergeReports', () => {
  const opts = { checks: syntheticChecks, adapter: syntheticAdapter, seed: 11, runs: 30, chunkRuns: 10 };
  const ids = syntheticChecks.map((c) => c.id);

  it('refuses reports that are not the shards of one run', async () => {
    const [a, b] = await Promise.all([1, 2].map((index) => runSynthetic({ ...opts, shard: { index, count: 2 } })));
    const other = await runSynthetic({ ...opts, seed: 12, shard: { index: 2, count: 2 } });
    const whole = await runSynthetic(opts);
    expect(() => mergeReports([a!], ids)).toThrow(/shard 2\/2 missing/);
    expect(() => mergeReports([a!, a!], ids)).toThrow(/given twice/);
    expect(() => mergeReports([a!, other], ids)).toThrow(/differ in run.seed/);
    expect(() => mergeReports([whole], ids)).toThrow(/not a shard report/);
    expect(() => mergeReports([a!, b!], ids.slice(1))).toThrow(/outside the selection/);
    expect(() => mergeReports([], ids)).toThrow(/needs the shard reports/);
  });

  it('keeps an interrupted shard incomplete: the checks it never ran are left out, never passed', async () => {
    const [a] = await Promise.all([1].map((index) => runSynthetic({ ...opts, shard: { index, count: 2 } })));
    const b = await runSynthetic({ ...opts, shard: { index: 2, count: 2 }, shouldStop: () => true });
    const merged = mergeReports([a!, b], ids);
    expect(merged.incomplete).toBe(true);
    expect(merged.checks.every((c) => c.status !== 'passed' || c.runs === 30)).toBe(true);
    expect(merged.run.shard).toBeUndefined();
  });
});
