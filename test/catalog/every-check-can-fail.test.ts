import { describe, expect, it } from 'vitest';
import { packCatalog } from '../../src/api/catalog.js';
import type { Gallery } from '../helpers/broken.js';

/**
 * No check of the catalog goes unproven. Each suite's folder proves its own checks, with the
 * contracts of `test/helpers/suite-proofs.ts` (so vitest runs the suites side by side): its gallery of
 * broken adapters fails every check it holds (`broken.test.ts`), and the reference passes every
 * check at depth, 200 runs (`reference.test.ts`); and where the gallery proves mutation families
 * (`byFamily`), each family alone catches its slip (`families.test.ts`). This test finds them by name.
 */
const galleries = import.meta.glob<Gallery>('../suites/*/broken.ts', { eager: true });
const proofs = Object.keys(import.meta.glob('../suites/*/*.test.ts'));
const catalog = packCatalog();
const folder = (path: string) => path.split('/')[2]!;

describe('every check of the catalog', () => {
  it("has a broken adapter that must fail it, in its suite's gallery", () => {
    const covered = new Set(Object.values(galleries).flatMap((g) => Object.keys(g.broken)));
    expect(catalog.checks.map((c) => c.id).filter((id) => !covered.has(id))).toEqual([]);
  });

  it('is proven by its suite: the gallery is run, and the reference passes at depth', () => {
    for (const suite of catalog.suites) {
      expect(Object.keys(galleries).map(folder), suite).toContain(suite);
      const owed = ['broken.test.ts', 'reference.test.ts'];
      const gallery = Object.entries(galleries).find(([p]) => folder(p) === suite)?.[1];
      if (gallery?.byFamily !== undefined) owed.push('families.test.ts');
      expect(
        proofs.filter((p) => folder(p) === suite).map((p) => p.split('/')[3]),
        suite,
      ).toEqual(expect.arrayContaining(owed));
    }
  });
});
