import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Adapter } from '../../src/contract/adapter.js';
import { defineCheck, PASS } from '../../src/engine/check.js';
import { compactPath } from '../../src/engine/path.js';
import type { CheckReport } from '../../src/model/report.js';
import {
  acceptsAll,
  faultsOnLarge,
  rare,
  runSynthetic,
  syntheticAdapter,
  withoutTiming,
} from '../helpers/synthetic.js';

const refusesOdd: Adapter = {
  ...syntheticAdapter,
  validateEnvelope: (p) => ({ valid: (p as { n?: number }).n === undefined || (p as { n: number }).n % 2 === 0 }),
};

describe('a run', () => {
  it('reports a failure with its shrunk counterexample, the adapter answer and a replay command', async () => {
    const report = await runSynthetic({
      checks: [acceptsAll],
      adapter: refusesOdd,
      adapterSpec: './odd.mjs',
      seed: 3,
      runs: 50,
    });
    const [c] = report.checks;
    expect(c!.status).toBe('failed');
    if (c!.status !== 'failed') return;
    const { n } = c!.failure.counterexample as { n: number };
    expect(n % 2).toBe(1);
    expect(c!.failure).toMatchObject({
      message: `${n} was refused`,
      expected: { valid: true },
      actual: { valid: false },
    });
    expect(c!.failure.replay).toBe(
      `npx uaix-conformance --adapter ./odd.mjs --check SYN-ACCEPTS --seed 3 --runs 50 --replay ${compactPath(c!.failure.path)}`,
    );
    expect(report.summary).toEqual({
      total: 1,
      passed: 0,
      failed: 1,
      errored: 0,
      skipped: 0,
      notJudged: 0,
      mustFailed: 1,
    });
  });

  it('names the case that errored by its path, and the command that runs exactly that case again', async () => {
    const report = await runSynthetic({
      checks: [faultsOnLarge],
      adapter: syntheticAdapter,
      seed: 3,
      runs: 200,
      adapterSpec: './s.mjs',
    });
    const [c] = report.checks;
    expect(c!.status).toBe('errored');
    const e = c!.status === 'errored' ? c!.error : undefined;
    expect(e!.input).toBeGreaterThan(990);
    expect(e!.replay).toBe(
      `npx uaix-conformance --adapter ./s.mjs --check SYN-FAULT --seed 3 --runs 200 --replay ${e!.path}`,
    );
    // The path runs that very case: replayed, it errors on the same input.
    const again = await runSynthetic({
      checks: [faultsOnLarge],
      adapter: syntheticAdapter,
      seed: 3,
      runs: 200,
      replayPath: e!.path,
    });
    expect(again.checks[0]).toMatchObject({ status: 'errored', error: { input: e!.input } });
  });

  it('counts the cases it tried and their tags as evidence, in key order', async () => {
    const report = await runSynthetic({ checks: [acceptsAll], adapter: syntheticAdapter, seed: 1, runs: 40 });
    const { evidence, runs } = report.checks[0]!;
    expect(runs).toBe(40);
    expect(evidence.cases).toBe(40);
    expect(Object.keys(evidence.tags)).toEqual([...Object.keys(evidence.tags)].sort());
    expect(evidence.tags.valid).toBe(40);
    expect((evidence.tags.odd ?? 0) + (evidence.tags.even ?? 0)).toBe(40);
  });

  it('skips a check whose member the adapter lacks, naming the members', async () => {
    const report = await runSynthetic({
      checks: [acceptsAll, faultsOnLarge],
      adapter: { describe: () => ({ name: 'bare', version: '0' }) },
      seed: 1,
      runs: 5,
    });
    expect(report.checks.map((c) => [c.status, c.status === 'skipped' ? c.skipReason : ''])).toEqual([
      ['skipped', 'adapter does not implement validateEnvelope'],
      ['skipped', 'adapter does not implement computeChecksum'],
    ]);
    expect(report.summary.mustFailed).toBe(0);
  });

  it('keeps the failure it found when a smaller case faults while shrinking', async () => {
    let calls = 0;
    const adapter: Adapter = {
      ...syntheticAdapter,
      validateEnvelope: () => {
        calls += 1;
        if (calls > 1) throw new Error('gone');
        return { valid: false };
      },
    };
    const report = await runSynthetic({ checks: [acceptsAll], adapter, seed: 1, runs: 20 });
    expect(report.checks[0]!.status).toBe('failed');
  });

  it('reports an arbitrary that throws as an internal error of the pack, never as a pass', async () => {
    const broken = defineCheck<number>({
      ...acceptsAll,
      id: 'SYN-BROKEN-GENERATOR',
      arbitrary: () =>
        fc.integer().map(() => {
          throw new Error('generator bug');
        }),
      run: async () => PASS,
    });
    const report = await runSynthetic({ checks: [broken], adapter: syntheticAdapter, seed: 1, runs: 5 });
    const [c] = report.checks;
    expect(c!.status).toBe('errored');
    expect(c!.status === 'errored' && c!.error.message).toMatch(/^internal error: generator bug/);
  });

  it('tells its listeners as checks start, cases run and checks end, in order', async () => {
    const events: string[] = [];
    await runSynthetic({
      checks: [acceptsAll, { ...acceptsAll, id: 'SYN-TWO' }],
      adapter: syntheticAdapter,
      seed: 1,
      runs: 2,
      listeners: [
        {
          onCheckStart: (c, i, n) => events.push(`start ${c.id} ${i}/${n}`),
          onCase: (id, shrinking) => events.push(`case ${id}${shrinking ? ' shrinking' : ''}`),
          onCheckEnd: (r: CheckReport, i) => events.push(`end ${r.id} ${r.status} ${i}`),
        },
      ],
    });
    expect(events).toEqual([
      'start SYN-ACCEPTS 0/2',
      'case SYN-ACCEPTS',
      'case SYN-ACCEPTS',
      'end SYN-ACCEPTS passed 0',
      'start SYN-TWO 1/2',
      'case SYN-TWO',
      'case SYN-TWO',
      'end SYN-TWO passed 1',
    ]);
  });

  it('stops between checks when asked, and says the report is incomplete', async () => {
    let ended = 0;
    const report = await runSynthetic({
      checks: [acceptsAll, { ...acceptsAll, id: 'SYN-TWO' }],
      adapter: syntheticAdapter,
      seed: 1,
      runs: 5,
      listeners: [{ onCheckEnd: () => ended++ }],
      shouldStop: () => ended > 0,
    });
    expect(report.incomplete).toBe(true);
    expect(report.checks.map((c) => c.id)).toEqual(['SYN-ACCEPTS']);
  });

  it('leaves out a check interrupted mid-run: half a check is never reported as passed', async () => {
    let seen = 0;
    const counting: Adapter = {
      ...syntheticAdapter,
      validateEnvelope: () => {
        seen++;
        return { valid: true };
      },
    };
    const report = await runSynthetic({
      checks: [acceptsAll],
      adapter: counting,
      seed: 1,
      runs: 50,
      shouldStop: () => seen >= 3,
    });
    expect(report.incomplete).toBe(true);
    expect(report.checks).toEqual([]);
  });

  it('gives the same report for the same seed, failures and shrunk counterexamples included', async () => {
    const opts = { checks: [acceptsAll, rare('SYN-RARE', 7), faultsOnLarge], adapter: refusesOdd, seed: 99, runs: 60 };
    const a = await runSynthetic(opts);
    expect(a.summary.failed).toBeGreaterThan(0);
    expect(withoutTiming(await runSynthetic(opts))).toEqual(withoutTiming(a));
  });

  it('gives a check the same cases whatever else is selected, and other cases for another seed', async () => {
    const alone = await runSynthetic({ checks: [acceptsAll], adapter: refusesOdd, seed: 7, runs: 30 });
    const all = await runSynthetic({
      checks: [rare('SYN-RARE', 7), acceptsAll],
      adapter: refusesOdd,
      seed: 7,
      runs: 30,
    });
    expect(all.checks.find((c) => c.id === 'SYN-ACCEPTS')).toEqual({
      ...alone.checks[0],
      durationMs: expect.any(Number),
    });
    const other = await runSynthetic({ checks: [acceptsAll], adapter: refusesOdd, seed: 8, runs: 30 });
    const seedOf = (r: typeof alone) => (r.checks[0]!.status === 'failed' ? r.checks[0]!.failure.seed : undefined);
    expect(seedOf(other)).not.toBe(seedOf(alone));
  });

  it('writes the tool and stamp it is given, the adapter as described, and the run options', async () => {
    const report = await runSynthetic({
      checks: [acceptsAll],
      adapter: syntheticAdapter,
      adapterSpec: 'x',
      seed: 5,
      runs: 3,
      timeoutMs: 1234,
      now: '2030-01-01T00:00:00Z',
      selection: { suites: ['synthetic'], checks: [] },
    });
    expect(report).toMatchObject({
      format: 'uaix-conformance-report/3',
      tool: { name: 'uaix-conformance', version: '0.0.0-test' },
      adapter: { name: 'synthetic', version: '1', spec: 'x' },
      run: {
        seed: 5,
        runs: 3,
        timeoutMs: 1234,
        now: '2030-01-01T00:00:00Z',
        selection: { suites: ['synthetic'], checks: [] },
        catalogHash: `sha256:${'0'.repeat(64)}`,
      },
      incomplete: false,
    });
  });
});
