import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { uasMutatedCase, uasValidCase, type UasCase } from '../../../generators/uas/cases.js';
import { uasMutators } from '../../../generators/uas/mutators/index.js';
import { blankRef, markupInId, severalRules } from '../../../generators/uas/mutators/several.js';
import { validVariants } from '../../../generators/uas/mutators/valid.js';
import { verifyUas } from '../../../src/reference/uas/index.js';
import { bundledSpec } from '../../../src/spec/index.js';
import { uasClaim } from '../../../suites/uas/common.js';
import { claimViolation } from '../../suites/uas/claim-contract.js';

const spec = bundledSpec();

/** Throws with the difference when the reference does not judge the case as it claims. */
function holdsItsClaim(c: UasCase): void {
  const problem = claimViolation(uasClaim(c), verifyUas(c.source, c.artifact, spec.uas));
  if (problem) throw new Error(`${c.family}: ${problem}`);
}

describe('UAS generators, judged by the reference verifier', () => {
  it('make valid documents that are accepted', () => {
    fc.assert(fc.property(uasValidCase(spec.uas), holdsItsClaim), { seed: 7, numRuns: 150 });
  });

  for (const v of validVariants) {
    it(`${v.families.join(', ')}: a valid document written otherwise is accepted`, () => {
      fc.assert(
        fc.property(uasMutatedCase([v], spec.uas), (c) => {
          expect(c.expected).toEqual([]);
          holdsItsClaim(c);
        }),
        { seed: 11, numRuns: 40 },
      );
    });
  }

  it('several-rules: breaks two to four rules at once, each claimed, findings about one unit only', () => {
    fc.assert(
      fc.property(uasMutatedCase([severalRules], spec.uas), (c) => {
        const ids = new Set(c.expected.map((e) => e.checkId));
        expect(ids.size).toBeGreaterThanOrEqual(2);
        expect(new Set(c.expected.flatMap((e) => (e.unitId === undefined ? [] : [e.unitId]))).size).toBeLessThanOrEqual(1);
        holdsItsClaim(c);
      }),
      { seed: 11, numRuns: 80 },
    );
  });

  it('markup-in-id: breaks one rule on a unit whose id holds &, <, > and a CR, the finding naming that id', () => {
    fc.assert(
      fc.property(uasMutatedCase([markupInId], spec.uas), (c) => {
        expect(c.expected).toHaveLength(1);
        for (const ch of ['&', '<', '>', '\r']) expect(c.expected[0]!.unitId).toContain(ch);
        holdsItsClaim(c);
      }),
      { seed: 11, numRuns: 60 },
    );
  });

  it('blank-ref: a <node> or register entry whose ref is blank or padded breaks VAL-EDGE-REF alone', () => {
    fc.assert(
      fc.property(uasMutatedCase([blankRef], spec.uas), (c) => {
        expect(c.expected).toEqual([{ checkId: 'VAL-EDGE-REF' }]);
        holdsItsClaim(c);
      }),
      { seed: 11, numRuns: 60 },
    );
  });

  for (const m of uasMutators) {
    it(`${m.families.join(', ')}: breaks ${m.breaks} and nothing else, at the coordinates it names`, () => {
      fc.assert(
        fc.property(uasMutatedCase([m], spec.uas), (c) => {
          expect(m.families).toContain(c.family);
          expect(c.expected.every((e) => e.checkId === m.breaks)).toBe(true);
          holdsItsClaim(c);
        }),
        // Each mutator alone: its cases are also held to their claims by test/catalog/claims.test.ts
        // and the family proofs, through the checks that draw them.
        { seed: 11, numRuns: 40 },
      );
    });
  }
});
