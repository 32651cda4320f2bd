import { describe, expect, it } from 'vitest';
import type { Adapter } from '../../src/contract/adapter.js';
import { UsageError } from '../../src/contract/errors.js';
import { toJsonSafe } from '../../src/engine/json-safe.js';
import { caseAt, firstCases, replayCase, replayCommand } from '../../src/engine/replay.js';
import { bundledSpec } from '../../src/spec/index.js';
import { acceptsAll, runSynthetic, syntheticAdapter } from '../helpers/synthetic.js';

const refusesOdd: Adapter = {
  ...syntheticAdapter,
  validateEnvelope: (p) => ({ valid: (p as { n: number }).n % 2 === 0 }),
};
const NOW = '2026-06-01T00:00:00Z';

describe('replay', () => {
  it('finds at a report path exactly the case the report shows', async () => {
    const report = await runSynthetic({ checks: [acceptsAll], adapter: refusesOdd, seed: 21, runs: 30 });
    const c = report.checks[0]!;
    if (c.status !== 'failed') throw new Error('expected a failure');
    expect(toJsonSafe(acceptsAll.show!(caseAt(acceptsAll, bundledSpec(), 21, 30, c.failure.path)))).toEqual(
      c.failure.counterexample,
    );
  });

  it('runs exactly that case once: STILL FAILING with the same answer, or FIXED', async () => {
    const report = await runSynthetic({ checks: [acceptsAll], adapter: refusesOdd, seed: 21, runs: 30 });
    const c = report.checks[0]!;
    if (c.status !== 'failed') throw new Error('expected a failure');
    const opts = { seed: 21, runs: 30, path: c.failure.path, now: NOW, timeoutMs: 10_000, spec: bundledSpec() };
    expect((await replayCase(acceptsAll, refusesOdd, opts)).outcome).toEqual({
      status: 'failing',
      message: c.failure.message,
      expected: c.failure.expected,
      actual: c.failure.actual,
    });
    expect((await replayCase(acceptsAll, syntheticAdapter, opts)).outcome).toEqual({ status: 'fixed' });
    const throwing: Adapter = {
      ...syntheticAdapter,
      validateEnvelope: () => {
        throw new Error('down');
      },
    };
    expect((await replayCase(acceptsAll, throwing, opts)).outcome).toEqual({
      status: 'errored',
      message: 'validateEnvelope threw: down',
    });
  });

  it("refuses an adapter that lacks the check's member, and a path past the runs", async () => {
    const opts = { seed: 1, runs: 5, path: '0', now: NOW, timeoutMs: 1000, spec: bundledSpec() };
    await expect(replayCase(acceptsAll, { describe: () => ({ name: 'bare', version: '0' }) }, opts)).rejects.toThrow(
      new UsageError('the adapter does not implement validateEnvelope, which SYN-ACCEPTS needs'),
    );
    expect(() => caseAt(acceptsAll, bundledSpec(), 1, 5, '7')).toThrow(/points past the 5 runs/);
  });

  it('draws a corpus as the run draws its first cases', async () => {
    const seen: number[] = [];
    const recording: Adapter = {
      ...syntheticAdapter,
      validateEnvelope: (p) => {
        seen.push((p as { n: number }).n);
        return { valid: true };
      },
    };
    await runSynthetic({ checks: [acceptsAll], adapter: recording, seed: 4, runs: 6 });
    expect(firstCases(acceptsAll, bundledSpec(), 4, 6)).toEqual(seen);
  });

  it('writes replay commands a shell takes as they are', () => {
    expect(replayCommand('./my impl.mjs', 'ENV-X', -3, '0*12:1', 50)).toBe(
      "npx uaix-conformance --adapter './my impl.mjs' --check ENV-X --seed -3 --runs 50 --replay '0*12:1'",
    );
    expect(replayCommand("cmd:python3 it's.py", 'ENV-X', 1, '2', 100)).toBe(
      `npx uaix-conformance --adapter 'cmd:python3 it'\\''s.py' --check ENV-X --seed 1 --runs 100 --replay 2`,
    );
  });
});
