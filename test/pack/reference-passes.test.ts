import { describe, expect, it } from 'vitest';
import { runChecks } from '../../src/api/run.js';
import { referenceAdapter } from '../../src/adapters/reference.js';
import { allChecks } from '../../suites/index.js';

describe('the reference adapter', () => {
  it('passes every check of the catalog', async () => {
    const report = await runChecks({ checks: allChecks, adapter: referenceAdapter, seed: 42, runs: 100, adapterSpec: 'reference' });
    const notPassed = report.checks.filter((c) => c.status !== 'passed').map((c) => ({ id: c.id, status: c.status, failure: c.failure, error: c.error, skip: c.skipReason }));
    expect(notPassed).toEqual([]);
  });
});
