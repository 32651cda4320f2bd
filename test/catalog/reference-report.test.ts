import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stampOf } from '../../src/api/catalog.js';
import { packageRoot } from '../../src/io/package.js';

/**
 * `reports/reference/` is the pack's published verdict on its own reference (`npm run conformance`).
 * Its stamp is of behaviour (`codeDigest`), so a comment or a reformatting leaves it current, and a
 * change of what the pack draws or judges makes it stale until it is regenerated.
 */
describe('the committed reference report', () => {
  it('was made by the pack of this checkout (regenerate it with `npm run conformance` when this fails)', () => {
    const report = JSON.parse(readFileSync(join(packageRoot, 'reports/reference/report.json'), 'utf8')) as {
      run: { catalogHash: string };
      summary: { total: number; passed: number };
    };
    expect(report.run.catalogHash).toBe(stampOf());
    expect(report.summary.passed).toBe(report.summary.total);
  });
});
