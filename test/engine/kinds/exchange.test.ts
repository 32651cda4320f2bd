import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Adapter } from '../../../src/contract/adapter.js';
import { executeCase } from '../../../src/engine/execute.js';
import { createHarness } from '../../../src/engine/harness.js';
import { exchangeCheck } from '../../../src/engine/kinds/exchange.js';
import { bundledSpec } from '../../../src/spec/index.js';

const spec = bundledSpec();

/** A round trip through `toKeyless` and `fromKeyless` of the number in a case, judged step by step. */
const roundTrip = exchangeCheck<number>({
  id: 'WIRE-SYN',
  title: 't',
  suite: 'wire',
  severity: 'MUST',
  specRef: '001 §x',
  statement: 'A rule.',
  decisions: [],
  cases: { arbitrary: () => fc.constant(5) },
  steps: [
    {
      member: 'toKeyless',
      refusal: 'rejects',
      args: (n) => [n],
      judge: (a, n) => (a.rejected ? { reason: 'refused', params: { n }, expected: 'an answer', actual: a } : null),
    },
    {
      member: 'fromKeyless',
      refusal: 'rejects',
      args: (_n, before) => [before[0]!.rejected ? null : before[0]!.value],
      judge: (a, n) =>
        !a.rejected && a.value === n ? null : { reason: 'changed', params: { n }, expected: n, actual: a },
    },
  ],
  messages: {
    refused: (p: { n: number }) => `refused ${p.n}`,
    changed: (p: { n: number }) => `${p.n} came back changed`,
  },
});

async function outcome(adapter: Partial<Adapter>, check = roundTrip) {
  const a: Adapter = { describe: () => ({ name: 'x', version: '1' }), ...adapter };
  return executeCase(check, 5, createHarness(a, { name: 'x', version: '1' }, { timeoutMs: 5000, now: 'x', spec }));
}

describe('exchangeCheck', () => {
  it('requires each member its steps call, once', () => {
    expect(roundTrip.requires).toEqual(['toKeyless', 'fromKeyless']);
  });

  it('makes the calls in order, each with the answers before it, and passes when every answer is right', async () => {
    const calls: string[] = [];
    const r = await outcome({
      toKeyless: (v) => (calls.push(`to ${JSON.stringify(v)}`), [v]),
      fromKeyless: (v) => (calls.push(`from ${JSON.stringify(v)}`), (v as number[])[0]),
    });
    expect(r).toEqual({ status: 'passed' });
    expect(calls).toEqual(['to 5', 'from [5]']);
  });

  it('a refusal is an answer to judge where the step takes one: the first wrong answer fails, the next call is not made', async () => {
    let decoded = false;
    const r = await outcome({
      toKeyless: () => {
        throw new Error('no');
      },
      fromKeyless: () => {
        decoded = true;
        return 5;
      },
    });
    expect(r).toMatchObject({ status: 'failed', reason: 'refused', message: 'refused 5' });
    expect(decoded).toBe(false);
  });

  it('a thrown error is a fault where the step takes none (the default): the check errors', async () => {
    const faulting = exchangeCheck<number>({
      id: 'INT-SYN',
      title: 't',
      suite: 'integrity',
      severity: 'MUST',
      specRef: '001 §x',
      statement: 'A rule.',
      decisions: [],
      cases: { arbitrary: () => fc.constant(5) },
      steps: [{ member: 'computeChecksum', shape: 'checksum', args: (n) => [{ n }], judge: () => null }],
      messages: {},
    });
    const r = await outcome(
      {
        computeChecksum: () => {
          throw new Error('broken');
        },
      },
      faulting,
    );
    expect(r.status).toBe('errored');
    // A wrong shape is the implementation's fault too.
    expect((await outcome({ computeChecksum: () => 42 as unknown as string }, faulting)).status).toBe('errored');
  });
});
