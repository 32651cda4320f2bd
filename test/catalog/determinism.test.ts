import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packCatalog } from '../../src/api/catalog.js';
import type { CheckDefinition } from '../../src/engine/check.js';
import { toJsonSafe } from '../../src/engine/json-safe.js';
import { bundledSpec } from '../../src/spec/index.js';

const spec = bundledSpec();
const draw = (seed: number, check: CheckDefinition) =>
  fc
    .sample(check.arbitrary(spec), { seed, numRuns: 12 })
    .map((c) => JSON.stringify(toJsonSafe(check.show ? check.show(c) : c)));

describe('every check of the catalog', () => {
  for (const check of packCatalog().checks) {
    it(`${check.id}: the same seed draws the same cases, from a fresh arbitrary`, () => {
      expect(draw(11, check)).toEqual(draw(11, check));
    });
  }
});
