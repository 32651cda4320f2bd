import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { referenceAdapter } from '../../src/adapters/reference.js';
import { packCatalog } from '../../src/api/catalog.js';
import type { Verdict } from '../../src/contract/adapter.js';
import { DEFAULT_NOW } from '../../src/engine/harness.js';
import { bundledSpec } from '../../src/spec/index.js';

/**
 * What a valid generator makes is accepted by every check of every suite, MUST and SHOULD alike: an
 * implementation that judges the same content with one validator wherever it appears must never be
 * failed for it. Where one suite's valid content is another suite's subject (an envelope of profile
 * `uai.error.v1` carries an error body the error suite judges), the other suite's rules accept it too.
 */
const spec = bundledSpec();
const validEnvelopeChecks = packCatalog().checks.filter((c) => c.claim !== undefined);

describe('valid content across suites', () => {
  it('every valid uai.error.v1 envelope any check draws is a valid error payload for the error suite too', async () => {
    let seen = 0;
    for (const check of validEnvelopeChecks) {
      for (const input of fc.sample(check.arbitrary(spec), { seed: 77, numRuns: 80 })) {
        const claim = check.claim!(input, spec);
        const packet = claim.args[0] as { profile?: unknown } | undefined;
        if (!claim.valid || claim.member !== 'validateEnvelope' || packet?.profile !== 'uai.error.v1') continue;
        seen += 1;
        const v = (await referenceAdapter.validateError!(structuredClone(packet), { now: DEFAULT_NOW })) as Verdict;
        expect(v, `${check.id}: ${JSON.stringify(packet).slice(0, 500)}`).toMatchObject({ valid: true });
      }
    }
    expect(seen).toBeGreaterThan(0);
  });
});
