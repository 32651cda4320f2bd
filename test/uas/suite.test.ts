import { describe, expect, it } from 'vitest';
import { Catalog } from '../../src/engine/catalog.js';
import { runChecks } from '../../src/api/run.js';
import { UAS_CHECK_IDS } from '../../src/spec/uas.js';
import { uasSuite } from '../../suites/uas/index.js';
import { brokenUasAdapters, moreBrokenCoordinates } from './broken-adapters.js';
import { referenceWithUas } from './reference-adapter.js';

describe('the UAS suite', () => {
  it('is a valid catalog holding every check id the issue lists', () => {
    const ids = new Catalog(uasSuite).checks.map((c) => c.id);
    expect(ids).toEqual([...UAS_CHECK_IDS]);
  });

  it('passes entirely on the reference adapter at 200 runs (the full pack at 1000: test/pack/reference-1000.test.ts)', { timeout: 900_000 }, async () => {
    const report = await runChecks({ checks: uasSuite, adapter: referenceWithUas, seed: 42, runs: 200, adapterSpec: 'reference' });
    const notPassed = report.checks.filter((c) => c.status !== 'passed').map((c) => ({ id: c.id, status: c.status, failure: c.failure, error: c.error }));
    expect(notPassed).toEqual([]);
    for (const c of report.checks) expect(c.runs, c.id).toBe(200);
    const families = Object.keys(report.checks.find((c) => c.id === 'VAL-INTERCEPT-PACKET')!.evidence.tags).filter((t) => t.startsWith('family:'));
    expect(families.length).toBeGreaterThanOrEqual(30);
  });

  it('has a broken adapter for every check', () => {
    expect(Object.keys(brokenUasAdapters).sort()).toEqual(uasSuite.map((c) => c.id).sort());
  });

  for (const check of uasSuite) {
    it(`${check.id} fails, with its id, on the adapter broken for it`, { timeout: 60_000 }, async () => {
      const report = await runChecks({ checks: [check], adapter: brokenUasAdapters[check.id]!, seed: 1, runs: 200, adapterSpec: './broken' });
      const [r] = report.checks;
      expect({ id: r!.id, status: r!.status, error: r!.error?.message }).toEqual({ id: check.id, status: 'failed', error: undefined });
      expect(r!.failure!.replay).toContain(`--check ${check.id}`);
    });
  }

  for (const [name, adapter] of Object.entries(moreBrokenCoordinates)) {
    it(`VAL-MISMATCH-COORDINATES fails on a verifier that reports the ${name}`, { timeout: 60_000 }, async () => {
      const check = uasSuite.find((c) => c.id === 'VAL-MISMATCH-COORDINATES')!;
      const report = await runChecks({ checks: [check], adapter, seed: 2, runs: 200, adapterSpec: './broken' });
      expect(report.checks[0]!.status).toBe('failed');
    });
  }

  it('keeps the broken adapters honest: each fails only its own check (and VERBATIM its coordinates)', { timeout: 600_000 }, async () => {
    for (const [id, adapter] of Object.entries(brokenUasAdapters)) {
      const report = await runChecks({ checks: uasSuite, adapter, seed: 3, runs: 40, adapterSpec: './broken' });
      const failed = report.checks.filter((c) => c.status !== 'passed').map((c) => c.id);
      const tolerated = id === 'VAL-VERBATIM' ? ['VAL-VERBATIM', 'VAL-MISMATCH-COORDINATES'] : [id];
      expect(failed.filter((f) => !tolerated.includes(f)), id).toEqual([]);
    }
  });
});
