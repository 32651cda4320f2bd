import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/model/report.js';
import { runChecks } from '../../src/api/run.js';
import { allChecks } from '../../suites/index.js';
import { brokenEnvelopeAdapters } from '../broken/envelope-adapters.js';
import { referenceAdapter } from '../../src/adapters/reference.js';

/** The report without its timing fields: what must be identical for the same seed. */
export function withoutTiming(r: Report): unknown {
  const copy = structuredClone(r) as any;
  delete copy.run.startedAt;
  delete copy.run.durationMs;
  for (const c of copy.checks) delete c.durationMs;
  return copy;
}

const checks = allChecks.filter((c) => ['envelope', 'integrity', 'wire'].includes(c.suite));

describe('determinism', () => {
  it('the same seed gives the same report, failures and shrunk counterexamples included', async () => {
    const adapter = { ...referenceAdapter, validateEnvelope: brokenEnvelopeAdapters['ENV-UTC-Z']!.validateEnvelope, toKeyless: brokenEnvelopeAdapters['WIRE-LAYOUT']!.toKeyless };
    const a = await runChecks({ checks, adapter, seed: 99, runs: 30 });
    const b = await runChecks({ checks, adapter, seed: 99, runs: 30 });
    expect(a.summary.failed).toBeGreaterThan(0);
    expect(withoutTiming(b)).toEqual(withoutTiming(a));
  });

  it('a check gets the same cases whatever else is selected', async () => {
    const one = checks.find((c) => c.id === 'ENV-UTC-Z')!;
    const adapter = { ...referenceAdapter, validateEnvelope: brokenEnvelopeAdapters['ENV-UTC-Z']!.validateEnvelope };
    const alone = await runChecks({ checks: [one], adapter, seed: 7, runs: 30 });
    const all = await runChecks({ checks, adapter, seed: 7, runs: 30 });
    expect(all.checks.find((c) => c.id === 'ENV-UTC-Z')!.failure).toEqual(alone.checks[0]!.failure);
  });

  it('another seed gives other cases', async () => {
    const one = checks.find((c) => c.id === 'ENV-UTC-Z')!;
    const adapter = { ...referenceAdapter, validateEnvelope: brokenEnvelopeAdapters['ENV-UTC-Z']!.validateEnvelope };
    const a = await runChecks({ checks: [one], adapter, seed: 1, runs: 30 });
    const b = await runChecks({ checks: [one], adapter, seed: 2, runs: 30 });
    expect(a.checks[0]!.failure!.seed).not.toBe(b.checks[0]!.failure!.seed);
  });
});
