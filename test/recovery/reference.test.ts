import { describe, expect, it } from 'vitest';
import { runChecks } from '../../src/api/run.js';
import { recoverySuite } from '../../suites/recovery/index.js';
import { referenceRecoveryAdapter } from './reference-adapter.js';

const notPassed = (r: Awaited<ReturnType<typeof runChecks>>) =>
  r.checks.filter((c) => c.status !== 'passed').map((c) => ({ id: c.id, status: c.status, message: c.failure?.message ?? c.error?.message, counterexample: c.failure?.counterexample }));

describe('the reference recovery policy', () => {
  it('passes every recovery check (seed 42, 100 runs)', async () => {
    const report = await runChecks({ checks: recoverySuite, adapter: referenceRecoveryAdapter, seed: 42, runs: 100 });
    expect(notPassed(report)).toEqual([]);
    // Every check exercised adversarial cases, not only fault-free workflows.
    for (const c of report.checks) expect(c.evidence.tags.adversarial ?? 0, c.id).toBeGreaterThan(0);
  });

  it('passes every recovery check at --runs 200, another seed (the full pack at 1000: test/pack/reference-1000.test.ts)', async () => {
    const report = await runChecks({ checks: recoverySuite, adapter: referenceRecoveryAdapter, seed: 1000, runs: 200 });
    expect(notPassed(report)).toEqual([]);
    expect(report.checks.every((c) => c.runs === 200)).toBe(true);
  }, 300_000);

  it('acts as a legacy agent when it declares a level below L6', async () => {
    const legacy = { ...referenceRecoveryAdapter, describe: () => ({ name: 'legacy', version: '0', capabilityLevel: 'L3' as const }) };
    const report = await runChecks({ checks: recoverySuite, adapter: legacy, seed: 5, runs: 60 });
    expect(notPassed(report)).toEqual([]);
  });
});
