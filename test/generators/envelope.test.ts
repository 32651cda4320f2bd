import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validEnvelope } from '../../generators/envelope/envelope.js';
import { generatorChecksum } from '../../generators/envelope/seal.js';
import { referenceChecksum } from '../../src/reference/checksum.js';
import { validateEnvelope } from '../../src/reference/envelope/validate.js';
import { profileNames } from '../../src/spec/envelope.js';

describe('validEnvelope', () => {
  it('is deterministic for a seed', () => {
    const a = fc.sample(validEnvelope(), { seed: 7, numRuns: 20 });
    const b = fc.sample(validEnvelope(), { seed: 7, numRuns: 20 });
    expect(a).toEqual(b);
  });

  for (const profile of profileNames()) {
    it(`only makes envelopes the reference accepts: ${profile}`, () => {
      fc.assert(
        fc.property(validEnvelope(profile), (c) => {
          const v = validateEnvelope(c.packet, { now: c.now });
          expect(v.findings ?? []).toEqual([]);
          expect(v.valid).toBe(true);
        }),
        { numRuns: 60, seed: 42 },
      );
    });
  }

  it('seals with a checksum the reference computes the same way', () => {
    fc.assert(
      fc.property(validEnvelope(), (c) => {
        expect(generatorChecksum(c.packet)).toBe(referenceChecksum(c.packet));
      }),
      { numRuns: 100, seed: 1 },
    );
  });
});
