import { describe, expect, it } from 'vitest';
import { Catalog } from '../../src/engine/catalog.js';
import { runChecks } from '../../src/api/run.js';
import type { Adapter } from '../../src/contract/adapter.js';
import { allChecks } from '../../suites/index.js';
import { brokenEnvelopeAdapters } from '../broken/envelope-adapters.js';
import { brokenErrorAdapters } from '../error/broken-adapters.js';
import { brokenRecoveryAdapters } from '../recovery/broken-policies.js';
import { brokenUasAdapters } from '../uas/broken-adapters.js';

/** Every check id, mapped to the deliberately broken adapter that must fail it. */
const broken: Record<string, Adapter> = { ...brokenEnvelopeAdapters, ...brokenErrorAdapters, ...brokenRecoveryAdapters, ...brokenUasAdapters };
const catalog = new Catalog(allChecks);

describe('every check can fail', () => {
  it('has a broken adapter for every check id in the catalog', () => {
    expect(catalog.checks.map((c) => c.id).filter((id) => !(id in broken))).toEqual([]);
  });

  for (const check of catalog.checks) {
    it.runIf(check.id in broken)(`${check.id} fails on its broken adapter`, async () => {
      const report = await runChecks({ checks: [check], adapter: broken[check.id]!, seed: 1, runs: 100, adapterSpec: './broken' });
      const [r] = report.checks;
      expect({ id: r!.id, status: r!.status, error: r!.error?.message }).toEqual({ id: check.id, status: 'failed', error: undefined });
      expect(r!.failure!.replay).toContain(`--check ${check.id}`);
    });
  }
});
