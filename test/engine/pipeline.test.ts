import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Adapter } from '../../src/contract/adapter.js';
import { referenceAdapter } from '../../src/adapters/reference.js';
import { defineCheck, PASS } from '../../src/engine/check.js';
import { CROSSES_PROCESS, IN_FLIGHT } from '../../src/engine/harness.js';
import type { RunOptions } from '../../src/engine/runner.js';
import { allChecks } from '../../suites/index.js';
import { broken as envelopeBroken } from '../suites/envelope/broken.js';
import { broken as integrityBroken } from '../suites/integrity/broken.js';
import { broken as uasBroken } from '../suites/uas/broken.js';
import { broken as wireBroken } from '../suites/wire/broken.js';
import { rare, runSynthetic, says, syntheticBase, withoutTiming } from '../helpers/synthetic.js';

/** What a fake adapter process saw: requests sent and not yet answered, at most and now; calls per member. */
interface Traffic {
  pending: number;
  most: number;
  mostRecovery: number;
  calls: Record<string, number>;
}

/**
 * `adapter` as an adapter process that answers one request at a time, in the order they came, and
 * says it takes `window` at once: what the pack's own server does. Each call waits for the one
 * before it, takes `costMs` (a turn of the event loop when 0), and crosses the "boundary" as a
 * copy, both ways. `dies(member, args)` true: the process goes down on that request, and it and
 * every request behind it fail, as a transport faults them.
 */
function asProcess(
  adapter: Adapter,
  window: number,
  opts: { costMs?: number; dies?: (member: string, args: unknown[]) => boolean } = {},
): { adapter: Adapter; traffic: Traffic } {
  const traffic: Traffic = { pending: 0, most: 0, mostRecovery: 0, calls: {} };
  let line: Promise<unknown> = Promise.resolve();
  let dead: Error | undefined;
  const serve =
    (member: string, fn: (...a: unknown[]) => unknown, self: unknown) =>
    (...args: unknown[]) => {
      traffic.pending += 1;
      traffic.calls[member] = (traffic.calls[member] ?? 0) + 1;
      if (member.startsWith('recovery.')) traffic.mostRecovery = Math.max(traffic.mostRecovery, traffic.pending);
      else traffic.most = Math.max(traffic.most, traffic.pending);
      const sent = structuredClone(args);
      const answer = line.then(async () => {
        await new Promise((r) => (opts.costMs ? setTimeout(r, opts.costMs) : setImmediate(r)));
        if (dead) throw dead;
        if (opts.dies?.(member, sent)) throw (dead = new Error('the adapter process exited with code 70'));
        return structuredClone(await fn.apply(self, sent));
      });
      line = answer.catch(() => undefined);
      return answer.finally(() => {
        traffic.pending -= 1;
      });
    };
  const wrapped: Record<string, unknown> = { describe: () => adapter.describe() };
  for (const [name, value] of Object.entries(adapter)) {
    if (name === 'describe') continue;
    if (typeof value === 'function') wrapped[name] = serve(name, value as (...a: unknown[]) => unknown, adapter);
    else if (value !== null && typeof value === 'object') {
      const inner: Record<string, unknown> = {};
      for (const key of [...Object.keys(value), ...Object.getOwnPropertyNames(Object.getPrototypeOf(value))]) {
        const fn = (value as Record<string, unknown>)[key];
        if (key !== 'constructor' && typeof fn === 'function')
          inner[key] = serve(`${name}.${key}`, fn as (...a: unknown[]) => unknown, value);
      }
      wrapped[name] = inner;
    }
  }
  Object.defineProperty(wrapped, CROSSES_PROCESS, { value: true });
  Object.defineProperty(wrapped, IN_FLIGHT, { value: window });
  return { adapter: wrapped as unknown as Adapter, traffic };
}

/** Runs `checks` against `adapter` as a process taking one request at a time, and as one taking `window`. */
async function bothWays(
  adapter: Adapter,
  run: Omit<RunOptions, 'adapter'>,
  window = 8,
  opts: Parameters<typeof asProcess>[2] = {},
) {
  const one = asProcess(adapter, 1, opts);
  const many = asProcess(adapter, window, opts);
  const serial = await runSynthetic({ ...run, adapter: one.adapter });
  const piped = await runSynthetic({ ...run, adapter: many.adapter });
  return { serial, piped, one: one.traffic, many: many.traffic };
}

describe('pipelining: an adapter process that takes several requests at once', () => {
  it.each([1, 42])('gives the report of a run one request at a time, for the whole pack (seed %i)', async (seed) => {
    const { serial, piped, one, many } = await bothWays(referenceAdapter, { checks: allChecks, seed, runs: 15 });
    expect(serial.summary.failed + serial.summary.errored).toBe(0);
    expect(withoutTiming(piped)).toEqual(withoutTiming(serial));
    expect(one.most).toBe(1);
    expect(many.most).toBeGreaterThan(1);
    expect(many.most).toBeLessThanOrEqual(8);
    // A recovery case is a session whose calls depend on the ones before: never pipelined.
    expect(many.mostRecovery).toBe(1);
  });

  const slips: [string, Adapter][] = [
    ['ENV-EXPIRED', envelopeBroken['ENV-EXPIRED']!],
    ['ENV-FIELD-TYPE', envelopeBroken['ENV-FIELD-TYPE']!],
    ['INT-CHECKSUM', integrityBroken['INT-CHECKSUM']!],
    ['WIRE-MALFORMED-REJECTED', wireBroken['WIRE-MALFORMED-REJECTED']!],
    ['VAL-VERBATIM', uasBroken['VAL-VERBATIM']!],
  ];
  it.each(slips)(
    'gives a broken adapter (%s) the same failures: counterexample, path, shrinks and replay',
    async (name, slip) => {
      // The failing check and the check after it in its suite (whose cases follow a shrunk failure);
      // the whole pack passing either way is the test above.
      const suite = allChecks.filter((c) => c.suite === allChecks.find((x) => x.id === name)!.suite);
      const at = suite.findIndex((c) => c.id === name);
      const checks = [suite[at]!, suite[(at + 1) % suite.length]!];
      const { serial, piped } = await bothWays(slip, { checks, seed: 3, runs: 40 });
      expect(serial.summary.failed).toBeGreaterThan(0);
      expect(withoutTiming(piped)).toEqual(withoutTiming(serial));
    },
  );

  it('draws each case once, and tells listeners of each case once', async () => {
    let drawn = 0;
    const counted = defineCheck<number>({
      ...syntheticBase,
      id: 'SYN-COUNTED',
      title: 'every number is accepted',
      requires: ['validateEnvelope'],
      arbitrary: () =>
        fc.integer({ min: 0, max: 1000 }).map((n) => {
          drawn += 1;
          return n;
        }),
      async run(n, h) {
        const v = await h.invoke<{ valid: boolean }>('validateEnvelope', [{ n }, { now: h.now }], 'verdict');
        return v.valid ? PASS : says('refused', true, v);
      },
    });
    let told = 0;
    const { adapter, traffic } = asProcess(
      { describe: () => ({ name: 'x', version: '1' }), validateEnvelope: () => ({ valid: true }) },
      8,
    );
    const report = await runSynthetic({
      checks: [counted],
      adapter,
      seed: 5,
      runs: 60,
      listeners: [{ onCase: () => void (told += 1) }],
    });
    expect(report.checks[0]!.status).toBe('passed');
    expect(drawn).toBe(60);
    expect(told).toBe(60);
    expect(traffic.calls.validateEnvelope).toBe(60);
  });

  it('stops drawing at the first failing case: at most a window of calls more than a run one at a time', async () => {
    const acceptsAll = { describe: () => ({ name: 'x', version: '1' }), validateEnvelope: () => ({ valid: true }) };
    const { serial, piped, one, many } = await bothWays(acceptsAll, {
      checks: [rare('SYN-RARE', 37)],
      seed: 9,
      runs: 500,
      verdictOnly: true,
    });
    expect(serial.checks[0]!.status).toBe('failed');
    expect(withoutTiming(piped)).toEqual(withoutTiming(serial));
    expect(many.calls.validateEnvelope! - one.calls.validateEnvelope!).toBeGreaterThan(0);
    expect(many.calls.validateEnvelope! - one.calls.validateEnvelope!).toBeLessThanOrEqual(8);
  });

  it('a process that goes down on a case blames that case, not one sent before it nor one behind it', async () => {
    const numbers = defineCheck<number>({
      ...syntheticBase,
      id: 'SYN-DIES',
      title: 'checksums of numbers',
      requires: ['computeChecksum'],
      arbitrary: () => fc.integer({ min: 0, max: 1000 }),
      async run(n, h) {
        await h.invoke('computeChecksum', [{ n }]);
        return PASS;
      },
    });
    const dies = (_member: string, args: unknown[]) => ((args[0] as { n: number }).n ?? 0) > 900;
    const { serial, piped } = await bothWays(referenceAdapter, { checks: [numbers], seed: 11, runs: 100 }, 8, { dies });
    expect(serial.checks[0]!.status).toBe('errored');
    expect(serial.checks[0]!.error!.input).toEqual(expect.any(Number));
    expect((serial.checks[0]!.error!.input as number) > 900).toBe(true);
    expect(withoutTiming(piped)).toEqual(withoutTiming(serial));
  });

  it('gives a request that waits behind others the time they take: no timeout where one at a time has none', async () => {
    const slowButInTime = { describe: () => ({ name: 'x', version: '1' }), validateEnvelope: () => ({ valid: true }) };
    // 60 ms a call against a 250 ms timeout: the eighth request in line waits 420 ms.
    const { serial, piped, many } = await bothWays(
      slowButInTime,
      { checks: [rare('SYN-NEVER', 1_000_003)], seed: 2, runs: 12, timeoutMs: 250 },
      8,
      { costMs: 60 },
    );
    expect(serial.checks[0]!.status).toBe('passed');
    expect(many.most).toBe(8);
    expect(withoutTiming(piped)).toEqual(withoutTiming(serial));
  });

  it('stops between cases when asked: the check that was cut is not reported', async () => {
    const acceptsAll = { describe: () => ({ name: 'x', version: '1' }), validateEnvelope: () => ({ valid: true }) };
    const { adapter, traffic } = asProcess(acceptsAll, 8);
    let told = 0;
    const report = await runSynthetic({
      checks: [rare('SYN-NEVER', 1_000_003)],
      adapter,
      seed: 4,
      runs: 400,
      listeners: [{ onCase: () => void (told += 1) }],
      shouldStop: () => told >= 20,
    });
    expect(report.incomplete).toBe(true);
    expect(report.checks).toEqual([]);
    expect(traffic.calls.validateEnvelope).toBeLessThan(40);
  });

  it('an adapter in process is called one request at a time, whatever it declares', async () => {
    let running = 0;
    let most = 0;
    const inProcess: Adapter = {
      describe: () => ({ name: 'x', version: '1', inFlight: 8 }),
      async validateEnvelope() {
        running += 1;
        most = Math.max(most, running);
        await new Promise((r) => setImmediate(r));
        running -= 1;
        return { valid: true };
      },
    };
    Object.defineProperty(inProcess, IN_FLIGHT, { value: 8 }); // not crossing a process: the mark is not enough
    const report = await runSynthetic({
      checks: [rare('SYN-NEVER', 1_000_003)],
      adapter: inProcess,
      seed: 4,
      runs: 30,
    });
    expect(report.checks[0]!.status).toBe('passed');
    expect(most).toBe(1);
  });
});
