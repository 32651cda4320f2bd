import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { envelopeOf, validEnvelope } from '../../../generators/envelope/envelope.js';
import { envelopeReference } from '../../../src/reference/envelope/index.js';
import { profileNames } from '../../../src/spec/envelope.js';
import { bundledSpec, withOverrides } from '../../../src/spec/index.js';

const spec = bundledSpec();
const reference = envelopeReference(spec);

describe('validEnvelope', () => {
  it('is deterministic for a seed', () => {
    expect(fc.sample(validEnvelope(spec.envelope), { seed: 7, numRuns: 20 })).toEqual(fc.sample(validEnvelope(spec.envelope), { seed: 7, numRuns: 20 }));
  });

  for (const profile of profileNames(spec.envelope)) {
    it(`only makes envelopes of the profile asked for that the reference accepts: ${profile}`, () => {
      fc.assert(
        fc.property(validEnvelope(spec.envelope, profile), (c) => {
          expect(c.packet.profile).toBe(profile);
          expect(reference.validateEnvelope(c.packet, { now: c.now })).toEqual({ valid: true });
        }),
        { numRuns: 60, seed: 42 },
      );
    });
  }

  it('seals half with the checksum and half with the placeholder', () => {
    const sealings = new Set(fc.sample(validEnvelope(spec.envelope), { seed: 2, numRuns: 50 }).map((c) => c.sealing));
    expect([...sealings].sort()).toEqual(['computed', 'placeholder']);
  });
});

describe('envelopeOf', () => {
  it('sets the expiry after the clock, at least a second ahead', () => {
    fc.assert(
      fc.property(envelopeOf(spec.envelope), (c) => Date.parse(c.packet.delivery.expires_at) - Date.parse(c.now) >= 1000),
      { numRuns: 200, seed: 5 },
    );
  });

  it('draws from the registry it is given, and the reference of that spec accepts what it draws', () => {
    const { 'uai.agent.ack.v1': ack, 'uai.agent.blocker.v1': blocker } = spec.envelope.profiles;
    const narrowed = withOverrides(spec, { envelope: { profiles: { 'uai.agent.ack.v1': ack, 'uai.agent.blocker.v1': blocker } } });
    const narrowedReference = envelopeReference(narrowed);
    fc.assert(
      fc.property(validEnvelope(narrowed.envelope), (c) => {
        expect(['uai.agent.ack.v1', 'uai.agent.blocker.v1']).toContain(c.profile);
        expect(narrowedReference.validateEnvelope(c.packet, { now: c.now })).toEqual({ valid: true });
      }),
      { numRuns: 50, seed: 9 },
    );
  });
});
