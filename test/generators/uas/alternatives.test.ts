import fc from 'fast-check';
import { describe, it } from 'vitest';
import { uasMutatedCase, uasValidCase, type UasCase } from '../../../generators/uas/cases.js';
import { uasMutators } from '../../../generators/uas/mutators/index.js';
import { verifyUas } from '../../../src/reference/uas/index.js';
import { bundledSpec, withOverrides } from '../../../src/spec/index.js';
import type { UasSpec } from '../../../src/spec/uas.js';
import { uasClaim } from '../../../suites/uas/verdicts.js';
import { alternatives } from '../../spec/overrides/uas.js';
import { claimViolation } from '../../suites/uas/claim-contract.js';

/** Throws with the difference when the reference for `spec` does not judge the case as it claims. */
function holdsItsClaim(c: UasCase, spec: UasSpec): void {
  const problem = claimViolation(uasClaim(c), verifyUas(c.source, c.artifact, spec));
  if (problem) throw new Error(`${c.family}: ${problem}`);
}

/**
 * Under each alternative decision (test/spec/overrides/uas.ts), the generators' cases say of
 * themselves what the reference built for that decision finds: exactly the rule each breaks.
 */
describe('UAS generators under every alternative decision', () => {
  for (const [key, { value, why }] of Object.entries(alternatives)) {
    it(`${key} (${why})`, () => {
      const spec = withOverrides(bundledSpec(), { uas: { [key]: value } }).uas;
      fc.assert(
        fc.property(uasValidCase(spec), (c) => holdsItsClaim(c, spec)),
        { seed: 3, numRuns: 40 },
      );
      for (const m of uasMutators)
        fc.assert(
          fc.property(uasMutatedCase([m], spec), (c) => holdsItsClaim(c, spec)),
          { seed: 13, numRuns: 5 },
        );
    });
  }
});
