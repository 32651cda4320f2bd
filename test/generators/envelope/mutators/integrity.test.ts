import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MALFORMED_DIGEST_FAMILIES,
  TAMPER_FAMILIES,
  tamperedEnvelope,
  type TamperFamily,
} from '../../../../generators/envelope/mutators/integrity.js';
import { generatorChecksum } from '../../../../generators/envelope/seal.js';
import { bundledSpec } from '../../../../src/spec/index.js';

const spec = bundledSpec();

describe('tamperedEnvelope', () => {
  const { breaks, cases } = tamperedEnvelope(spec);

  it('breaks the tamper rule', () => {
    expect(breaks).toBe('INT-TAMPER-DETECTED');
  });

  it('records a checksum that is not the content’s own: well-formed, or the right digest in a form the checksum grammar refuses', () => {
    const grammar = new RegExp(spec.envelope.types.checksum!.pattern!);
    fc.assert(
      fc.property(cases, (c) => {
        const recorded = c.packet.integrity.checksum as string;
        const own = generatorChecksum(spec.envelope, c.packet);
        expect(recorded).not.toBe(own);
        expect(c.sealing).toBe('computed');
        if (MALFORMED_DIGEST_FAMILIES.includes(c.family as TamperFamily)) {
          expect(recorded, c.note).not.toMatch(grammar);
          // What the grammar refuses still carries (part of) the right digest: only its form is wrong.
          expect(recorded.replace(/\s/g, ''), c.note).toContain(own.slice(7, 7 + 32));
        } else {
          expect(recorded, c.note).toMatch(/^sha256:[0-9a-f]{64}$/);
        }
      }),
      { numRuns: 150, seed: 12 },
    );
  });

  it('never writes the right digest in another case (upper-case hex names the same digest, D-INT-02)', () => {
    for (const c of fc.sample(cases, { seed: 3, numRuns: 200 })) {
      const own = generatorChecksum(spec.envelope, c.packet);
      expect((c.packet.integrity.checksum as string).toLowerCase(), c.note).not.toBe(own);
    }
  });

  it('reaches every family it names', () => {
    const families = new Set(fc.sample(cases, { seed: 1, numRuns: 60 }).map((c) => c.family));
    expect([...families].sort()).toEqual([...TAMPER_FAMILIES].sort());
  });
});
