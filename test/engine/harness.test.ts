import { describe, expect, it } from 'vitest';
import type { Adapter } from '../../src/contract/adapter.js';
import { UsageError } from '../../src/contract/errors.js';
import { AdapterFault } from '../../src/engine/check.js';
import { createHarness, CROSSES_PROCESS, describeAdapter, describeThrown } from '../../src/engine/harness.js';
import { bundledSpec } from '../../src/spec/index.js';
import { acceptsAll, runSynthetic, syntheticAdapter } from '../helpers/synthetic.js';

const h = (adapter: Adapter, timeoutMs = 300) =>
  createHarness(adapter, { name: 't', version: '1' }, { timeoutMs, now: '2026-06-01T00:00:00Z', spec: bundledSpec() });

/** Hostile in-process adapters: each makes its check errored with the reason, and the run goes on. */
const hostile: Record<string, { validateEnvelope: Adapter['validateEnvelope']; message: RegExp }> = {
  throws: {
    validateEnvelope: () => {
      throw new TypeError('boom');
    },
    message: /validateEnvelope threw: TypeError: boom/,
  },
  rejects: {
    validateEnvelope: async () => Promise.reject(new Error('async boom')),
    message: /validateEnvelope threw: async boom/,
  },
  'throws a string': {
    validateEnvelope: () => {
      throw 'plain string';
    },
    message: /threw a non-error value: "plain string"/,
  },
  'answers with the wrong shape': {
    validateEnvelope: () => ({ ok: true }) as never,
    message: /wrong shape: expected a verdict: \(root\) must have required property 'valid'/,
  },
  'answers with a string': { validateEnvelope: () => 'yes' as never, message: /wrong shape/ },
  'answers findings that are not a list': {
    validateEnvelope: () => ({ valid: false, findings: 'bad' }) as never,
    message: /\/findings must be array/,
  },
  hangs: { validateEnvelope: () => new Promise(() => {}), message: /timed out: TimeoutError: no answer within 300 ms/ },
};

describe('the harness', () => {
  for (const [name, { validateEnvelope, message }] of Object.entries(hostile)) {
    it(`errors the check at hand when the adapter ${name}, and the run goes on`, async () => {
      const report = await runSynthetic({
        checks: [acceptsAll, { ...acceptsAll, id: 'SYN-NEXT' }],
        adapter: { ...syntheticAdapter, validateEnvelope },
        seed: 1,
        runs: 5,
        timeoutMs: 300,
      });
      const [first] = report.checks;
      expect(first!.status).toBe('errored');
      if (first!.status !== 'errored') return;
      expect(first!.error.message).toMatch(message);
      expect(first!.error.input).toEqual(expect.objectContaining({ n: expect.any(Number) }));
      expect(report.summary).toMatchObject({ errored: 2, mustFailed: 2 });
    });
  }

  it('gives the adapter its own copy of every argument: an adapter that edits its input cannot change the case', async () => {
    const seen: unknown[] = [];
    const editing: Adapter = {
      ...syntheticAdapter,
      validateEnvelope: (p) => {
        (p as { n: number }).n = -1;
        seen.push(p);
        return { valid: true };
      },
    };
    const arg = { n: 5 };
    await h(editing).invoke('validateEnvelope', [arg, { now: 'x' }]);
    expect(arg).toEqual({ n: 5 });
    expect(seen).toEqual([{ n: -1 }]);
  });

  it('turns a thrown error into a rejection with invokeOrReject, and still faults on a timeout', async () => {
    const adapter: Adapter = {
      ...syntheticAdapter,
      fromKeyless: () => {
        throw new RangeError('bad slot');
      },
      toKeyless: () => new Promise(() => {}),
    };
    expect(await h(adapter).invokeOrReject('fromKeyless', [[1]])).toEqual({
      rejected: true,
      message: 'RangeError: bad slot',
    });
    expect(await h({ ...adapter, fromKeyless: (w) => w }).invokeOrReject('fromKeyless', [[1]])).toEqual({
      rejected: false,
      value: [1],
    });
    await expect(h(adapter).invokeOrReject('toKeyless', [{}])).rejects.toThrow(AdapterFault);
  });

  it('calls nested members (recovery.start) with their object as `this`', async () => {
    const recovery = {
      tag: 'policy',
      start(this: { tag: string }) {
        return [{ type: 'halt', reason: this.tag }];
      },
      observe: () => [],
    };
    expect(await h({ ...syntheticAdapter, recovery } as unknown as Adapter).invoke('recovery.start', [{}])).toEqual([
      { type: 'halt', reason: 'policy' },
    ]);
    await expect(h(syntheticAdapter).invoke('recovery.start', [{}])).rejects.toThrow(
      /adapter has no method recovery.start/,
    );
  });

  it('carries the run clock and spec data to the judges', () => {
    const harness = h(syntheticAdapter);
    expect(harness.now).toBe('2026-06-01T00:00:00Z');
    expect(harness.spec).toBe(bundledSpec());
  });
});

describe('describeAdapter', () => {
  it('refuses an adapter whose describe() fails, lies about its shape, or is missing', async () => {
    await expect(
      describeAdapter({
        describe: () => {
          throw new Error('nope');
        },
      } as Adapter),
    ).rejects.toThrow(UsageError);
    await expect(describeAdapter({ describe: () => ({ name: 'x' }) } as Adapter)).rejects.toThrow(/wrong shape/);
    await expect(
      describeAdapter({ describe: () => ({ name: 'x', version: '1', capabilityLevel: 'L9' }) } as Adapter),
    ).rejects.toThrow(/capabilityLevel/);
    await expect(describeAdapter({} as Adapter)).rejects.toThrow(/no describe\(\) method/);
    await expect(describeAdapter({ describe: () => new Promise(() => {}) } as unknown as Adapter, 50)).rejects.toThrow(
      /describe\(\) failed: TimeoutError/,
    );
  });

  it('answers what a well-behaved describe() says', async () => {
    expect(
      await describeAdapter({ describe: async () => ({ name: 'x', version: '1', capabilityLevel: 'L3' }) }),
    ).toEqual({ name: 'x', version: '1', capabilityLevel: 'L3' });
  });
});

describe('describeThrown', () => {
  it('says in one line what was thrown, whatever it was', () => {
    expect(describeThrown(new Error('plain'))).toBe('plain');
    expect(describeThrown(new TypeError('typed'))).toBe('TypeError: typed');
    expect(describeThrown(42)).toBe('threw a non-error value: 42');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(describeThrown(cyclic)).toBe('threw a non-error value: [object Object]');
    expect(describeThrown('x'.repeat(5000)).length).toBeLessThan(600);
  });
});

describe('one copy per case', () => {
  /** An adapter that keeps what it was given and answers one object, so a test can see copies. */
  function keeper(): Adapter & { seen: unknown[]; answer: { valid: boolean; findings: unknown[] } } {
    const answer = { valid: true, findings: [] };
    const seen: unknown[] = [];
    return {
      seen,
      answer,
      describe: () => ({ name: 'k', version: '1' }),
      validateEnvelope: (p: unknown) => (seen.push(p), answer),
    } as never;
  }

  it('an in-process adapter gets its own copy of the case and its answer is copied once', async () => {
    const a = keeper();
    const input = { x: 1 };
    const got = await h(a).invoke('validateEnvelope', [input], 'verdict');
    expect(a.seen[0]).toEqual(input);
    expect(a.seen[0]).not.toBe(input);
    expect(got).toEqual(a.answer);
    expect(got).not.toBe(a.answer);
  });

  it('an adapter whose calls cross a process boundary is given the case as it is, its decoded answer taken as it is', async () => {
    const a = keeper();
    Object.defineProperty(a, CROSSES_PROCESS, { value: true, enumerable: false });
    const input = { x: 1 };
    const got = await h(a).invoke('validateEnvelope', [input], 'verdict');
    expect(a.seen[0]).toBe(input);
    expect(got).toBe(a.answer);
  });

  it('a call marked json crosses as JSON text would, also in process: one copy each way, JSON values only', async () => {
    const seen: unknown[] = [];
    const answer: Record<string, unknown> = { ms: -0, at: new Date(0), gone: undefined, nan: NaN, nested: [{ n: -0 }] };
    const a = {
      describe: () => ({ name: 'j', version: '1' }),
      recovery: { start: (s: unknown) => (seen.push(s), answer) },
    } as unknown as Adapter;
    const input = { scenario: { n: -0, when: new Date(0), skip: undefined } };
    const got = (await h(a).invoke('recovery.start', [input], undefined, { json: true })) as Record<string, unknown>;
    expect(seen[0]).toStrictEqual({ scenario: { n: 0, when: '1970-01-01T00:00:00.000Z' } });
    expect(seen[0]).not.toBe(input);
    expect(got).toStrictEqual({ ms: 0, at: '1970-01-01T00:00:00.000Z', nan: null, nested: [{ n: 0 }] });
    // Without the mark, structured clones keep what JSON drops.
    const cloned = (await h(a).invoke('recovery.start', [input])) as Record<string, unknown>;
    expect(Object.is(cloned.ms, -0)).toBe(true);
    expect(cloned.at).toBeInstanceOf(Date);
    // A bare number answer too: -0 is 0, a non-finite number null.
    const num = (v: number) =>
      ({ describe: () => ({ name: 'n', version: '1' }), recovery: { start: () => v } }) as unknown as Adapter;
    expect(Object.is(await h(num(-0)).invoke('recovery.start', [1], undefined, { json: true }), 0)).toBe(true);
    expect(await h(num(Infinity)).invoke('recovery.start', [1], undefined, { json: true })).toBeNull();
  });

  it("a json call whose answer cannot be written as JSON (a throwing getter, a bigint) is the adapter's fault", async () => {
    for (const bad of [
      Object.defineProperty({}, 'x', {
        enumerable: true,
        get: () => {
          throw new Error('no');
        },
      }),
      { n: 1n },
    ]) {
      const a = { describe: () => ({ name: 'b', version: '1' }), recovery: { start: () => bad } } as unknown as Adapter;
      await expect(h(a).invoke('recovery.start', [1], undefined, { json: true })).rejects.toThrow(
        /recovery\.start answered with a value that cannot be read/,
      );
    }
  });

  it('a spread copy of such an adapter (a user wrapping it in process) loses the mark and is copied again', async () => {
    const a = keeper();
    Object.defineProperty(a, CROSSES_PROCESS, { value: true, enumerable: false });
    const wrapped = { ...a };
    const input = { x: 1 };
    await h(wrapped).invoke('validateEnvelope', [input], 'verdict');
    expect(a.seen[0]).not.toBe(input);
  });
});

describe('the process transport marks its adapters', () => {
  it('every adapter built for a process carries the mark, unenumerable', async () => {
    const { buildAdapter } = await import('../../src/adapters/process/process-adapter.js');
    const a = buildAdapter(
      { name: 'p', version: '1', methods: ['validateEnvelope'] } as never,
      async () => ({ valid: true, findings: [] }),
      { abort() {}, close: async () => {} } as never,
    );
    expect((a as never as Record<symbol, unknown>)[CROSSES_PROCESS]).toBe(true);
    expect(Object.keys(a)).not.toContain(String(CROSSES_PROCESS));
  });
});
