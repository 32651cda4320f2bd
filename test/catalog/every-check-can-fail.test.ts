import { describe, expect, it } from 'vitest';
import { packCatalog } from '../../src/api/catalog.js';
import { runChecks } from '../../src/api/run.js';
import type { BrokenRegistry } from '../helpers/broken.js';

/**
 * A check that cannot fail is a defect: every check id of the catalog fails, with that id, on an
 * adapter broken for it. The galleries are the suites' own (`test/suites/<suite>/broken.ts`), found
 * here by name, so a new suite or check without a broken adapter fails this test.
 */
const galleries = import.meta.glob<{ broken: BrokenRegistry }>('../suites/*/broken.ts', { eager: true });
const broken: BrokenRegistry = Object.assign({}, ...Object.values(galleries).map((m) => m.broken));
const catalog = packCatalog();

describe('every check can fail', () => {
  it('has a broken adapter for every check of the catalog, and none for a check that does not exist', () => {
    const ids = catalog.checks.map((c) => c.id);
    expect(ids.filter((id) => !Object.hasOwn(broken, id))).toEqual([]);
    expect(Object.keys(broken).filter((id) => !ids.includes(id))).toEqual([]);
  });

  for (const check of catalog.checks) {
    it.runIf(Object.hasOwn(broken, check.id))(`${check.id} fails, with its own id, on the adapter broken for it`, async () => {
      const report = await runChecks({ checks: [check], adapter: broken[check.id]!, seed: 1, runs: 100, adapterSpec: './broken' });
      const [r] = report.checks;
      expect({ id: r!.id, status: r!.status, error: r!.status === 'errored' ? r!.error.message : undefined }).toEqual({ id: check.id, status: 'failed', error: undefined });
      expect(r!.status === 'failed' && r!.failure.replay).toContain(`--check ${check.id}`);
    });
  }
});
