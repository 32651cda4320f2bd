import fc from 'fast-check';
import type { Adapter } from '../../src/contract/adapter.js';
import { type CaseFailure, type CheckDefinition, defineCheck, failed, PASS } from '../../src/engine/check.js';
import { runChecks as runEngine, type RunOptions } from '../../src/engine/runner.js';
import type { Report } from '../../src/model/report.js';

/**
 * Small checks with known answers, apart from every suite, so that the engine, the model and the
 * commands are tested on their own terms: a suite's change never moves these tests.
 */
/** The one failure reason of the test checks: `says`, whose message is its `text` param. */
export const SAYS = { says: (p: { text: string }) => p.text };

/** A failing case result of a test check, its message `text`. */
export const says = (text: string, expected: unknown, actual: unknown): CaseFailure =>
  failed('says', { text }, expected, actual);

export const syntheticBase = {
  suite: 'synthetic',
  severity: 'MUST' as const,
  specRef: '000 §synthetic',
  statement: 'A synthetic rule of the engine tests.',
  messages: SAYS,
};

/** Passes when the adapter says `{ valid: true }` to every number. */
export const acceptsAll: CheckDefinition<number> = defineCheck<number>({
  ...syntheticBase,
  id: 'SYN-ACCEPTS',
  title: 'every number is accepted',
  requires: ['validateEnvelope'],
  arbitrary: () => fc.integer({ min: 0, max: 1000 }),
  async run(n, h) {
    const v = await h.invoke<{ valid: boolean }>('validateEnvelope', [{ n }, { now: h.now }], 'verdict');
    return v.valid ? PASS : says(`${n} was refused`, { valid: true }, v);
  },
  show: (n) => ({ n }),
  tags: (n) => ['valid', n % 2 ? 'odd' : 'even'],
});

/** Fails on multiples of `every` above 50, so that the first failure of a long run lands in a later chunk. */
export function rare(id: string, every: number): CheckDefinition<number> {
  return defineCheck<number>({
    ...syntheticBase,
    id,
    title: `fails on multiples of ${every}`,
    requires: ['validateEnvelope'],
    arbitrary: () => fc.integer({ min: 1, max: 100_000 }),
    async run(n, h) {
      await h.invoke('validateEnvelope', [{}, { now: h.now }]);
      return n % every === 0 && n > 50 ? says(`${n} is a multiple of ${every}`, 'not a multiple', n) : PASS;
    },
    tags: (n) => [n % 2 ? 'odd' : 'even'],
  });
}

/** Calls computeChecksum on large numbers only: errored when that member throws. */
export const faultsOnLarge: CheckDefinition<number> = defineCheck<number>({
  ...syntheticBase,
  id: 'SYN-FAULT',
  title: 'the adapter faults on large numbers',
  severity: 'SHOULD',
  requires: ['computeChecksum'],
  arbitrary: () => fc.integer({ min: 0, max: 1000 }),
  async run(n, h) {
    if (n > 990) await h.invoke('computeChecksum', [{ boom: n }]);
    return PASS;
  },
});

/** An adapter that accepts everything and cannot compute checksums. */
export const syntheticAdapter: Adapter = {
  describe: () => ({ name: 'synthetic', version: '1' }),
  validateEnvelope: () => ({ valid: true }),
  computeChecksum: () => {
    throw new Error('no checksum today');
  },
};

/** The synthetic checks of the sharding tests: a failure past chunk 0, a rare failure, a pass, a fault. */
export const syntheticChecks: CheckDefinition[] = [
  rare('SYN-RARE-A', 37),
  rare('SYN-RARE-B', 5003),
  rare('SYN-NEVER', 1_000_003),
  faultsOnLarge,
];

/** Runs the engine with a fixed tool stamp (what the api layer fills in from the build). */
export function runSynthetic(opts: RunOptions): Promise<Report> {
  return runEngine(opts, {
    tool: { name: 'uaix-conformance', version: '0.0.0-test' },
    catalogHash: `sha256:${'0'.repeat(64)}`,
  });
}

/** The report without its timing fields: what must be identical for the same seed. */
export function withoutTiming(r: Report): unknown {
  const copy = structuredClone(r) as any;
  delete copy.run.startedAt;
  delete copy.run.durationMs;
  for (const c of copy.checks) {
    delete c.durationMs;
    for (const p of c.parts ?? []) delete p.durationMs;
  }
  return copy;
}
