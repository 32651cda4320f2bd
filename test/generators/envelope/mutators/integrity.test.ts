import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TAMPER_FAMILIES, tamperedEnvelope } from '../../../../generators/envelope/mutators/integrity.js';
import { generatorChecksum } from '../../../../generators/envelope/seal.js';
import { bundledSpec } from '../../../../src/spec/index.js';

const spec = bundledSpec();

describe('tamperedEnvelope', () => {
  const { breaks, cases } = tamperedEnvelope(spec);

  it('breaks the tamper rule', () => {
    expect(breaks).toBe('INT-TAMPER-DETECTED');
  });

  it('records a well-formed checksum that is not the content’s own', () => {
    fc.assert(
      fc.property(cases, (c) => {
        expect(c.packet.integrity.checksum).toMatch(/^sha256:[0-9a-f]{64}$/);
        expect(c.packet.integrity.checksum).not.toBe(generatorChecksum(spec.envelope, c.packet));
        expect(c.sealing).toBe('computed');
      }),
      { numRuns: 150, seed: 12 },
    );
  });

  it('reaches every family it names', () => {
    const families = new Set(fc.sample(cases, { seed: 1, numRuns: 60 }).map((c) => c.family));
    expect([...families].sort()).toEqual([...TAMPER_FAMILIES].sort());
  });
});
