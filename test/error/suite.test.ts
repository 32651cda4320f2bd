import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Catalog } from '../../src/engine/catalog.js';
import { runChecks } from '../../src/api/run.js';
import { errorSuite } from '../../suites/error/index.js';
import { brokenErrorAdapters } from './broken-adapters.js';
import { referenceWithError } from './reference-adapter.js';

describe('the error suite', () => {
  it('is a valid catalog of error checks with the issue 3 ids', () => {
    const ids = new Catalog(errorSuite).checks.map((c) => c.id);
    expect(ids).toEqual([
      'ERR-VALID-ACCEPTED',
      'ERR-SEED-SCENARIOS',
      'ERR-SCHEMA',
      'ERR-REGISTRY-CODE',
      'ERR-CONDITION-ACTION',
      'ERR-EXEC-PARAMS',
      'ERR-NO-SECRETS',
      'ERR-CONFIG-NO-RETRY',
      'ERR-NUMERIC-ALIGN',
    ]);
    expect(errorSuite.find((c) => c.id === 'ERR-NUMERIC-ALIGN')!.severity).toBe('SHOULD');
  });

  it('passes entirely on the reference adapter at 200 runs (the full pack at 1000: test/pack/reference-1000.test.ts)', { timeout: 600_000 }, async () => {
    const report = await runChecks({ checks: errorSuite, adapter: referenceWithError, seed: 42, runs: 200, adapterSpec: 'reference' });
    const notPassed = report.checks.filter((c) => c.status !== 'passed').map((c) => ({ id: c.id, status: c.status, failure: c.failure, error: c.error }));
    expect(notPassed).toEqual([]);
    for (const c of report.checks) expect(c.runs, c.id).toBe(200);
    // Evidence that the valid generator reaches every enum value and action.
    const tags = report.checks.find((c) => c.id === 'ERR-VALID-ACCEPTED')!.evidence.tags;
    for (const t of ['status:error', 'status:fatal', 'status:isolated_noop', 'origin:protocol', 'origin:endpoint', 'origin:host', 'origin:configuration']) expect(tags[t], t).toBeGreaterThan(0);
    expect(Object.keys(tags).filter((t) => t.startsWith('condition:'))).toHaveLength(9);
    expect(Object.keys(tags).filter((t) => t.startsWith('action:'))).toHaveLength(8);
  });

  it('cites only decisions written down in docs/spec-decisions.md', () => {
    const doc = readFileSync(new URL('../../docs/spec-decisions.md', import.meta.url), 'utf8');
    for (const c of errorSuite) for (const d of c.decisions ?? []) expect(doc, `${c.id} cites ${d}`).toContain(`## ${d} `);
  });

  it('has a broken adapter for every check', () => {
    expect(Object.keys(brokenErrorAdapters).sort()).toEqual(errorSuite.map((c) => c.id).sort());
  });

  for (const check of errorSuite) {
    it(`${check.id} fails, with its id, on the adapter broken for it`, async () => {
      const report = await runChecks({ checks: [check], adapter: brokenErrorAdapters[check.id]!, seed: 1, runs: 100, adapterSpec: './broken' });
      const [r] = report.checks;
      expect({ id: r!.id, status: r!.status, error: r!.error?.message }).toEqual({ id: check.id, status: 'failed', error: undefined });
      expect(r!.failure!.replay).toContain(`--check ${check.id}`);
      expect(r!.failure!.actual).toMatchObject({ valid: expect.any(Boolean) });
    });
  }

  it('keeps the broken adapters honest: each passes the checks it was not written for, bar the acceptance pair', async () => {
    for (const [id, adapter] of Object.entries(brokenErrorAdapters)) {
      const report = await runChecks({ checks: errorSuite, adapter, seed: 3, runs: 50, adapterSpec: './broken' });
      const failed = report.checks.filter((c) => c.status !== 'passed').map((c) => c.id);
      const tolerated = id === 'ERR-SEED-SCENARIOS' ? ['ERR-SEED-SCENARIOS', 'ERR-VALID-ACCEPTED'] : [id];
      expect(failed.filter((f) => !tolerated.includes(f)), id).toEqual([]);
    }
  });
});
