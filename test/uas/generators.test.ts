import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { uasMutatedCase, uasValidCase } from '../../generators/uas/cases.js';
import { uasMutators } from '../../generators/uas/mutators/index.js';
import { contractViolation } from './contract.js';

describe('UAS generators: contract with the reference verifier', () => {
  it('every valid document is accepted', () => {
    fc.assert(fc.property(uasValidCase(), (c) => contractViolation(c) === null || fail(contractViolation(c)!)), { seed: 7, numRuns: 300 });
  });

  for (const m of uasMutators) {
    it(`${m.family} breaks ${m.breaks} and nothing else`, () => {
      fc.assert(
        fc.property(uasMutatedCase([m]), (c) => {
          expect(c.family).toBe(m.family);
          expect(c.expected.every((e) => e.checkId === m.breaks)).toBe(true);
          const problem = contractViolation(c);
          if (problem) throw new Error(problem);
        }),
        { seed: 11, numRuns: 80 },
      );
    });
  }
});

function fail(message: string): never {
  throw new Error(message);
}
