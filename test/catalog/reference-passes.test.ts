import { describe, expect, it } from 'vitest';
import { referenceAdapter } from '../../src/adapters/reference.js';
import { packCatalog } from '../../src/api/catalog.js';
import { runChecks } from '../../src/api/run.js';
import { problemOf } from '../../src/model/report.js';

describe('the reference adapter', () => {
  for (const suite of packCatalog().suites) {
    it(`passes every check of the ${suite} suite`, async () => {
      const report = await runChecks({ checks: packCatalog().select({ suites: [suite] }), adapter: referenceAdapter, seed: 42, runs: 100, adapterSpec: 'reference' });
      expect(report.checks.filter((c) => c.status !== 'passed').map((c) => ({ id: c.id, status: c.status, problem: problemOf(c) ?? (c.status === 'skipped' ? c.skipReason : '') }))).toEqual([]);
    });
  }
});
