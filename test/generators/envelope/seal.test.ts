import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { envelopeOf, validEnvelope } from '../../../generators/envelope/envelope.js';
import { checksumSubject, generatorChecksum, seal } from '../../../generators/envelope/seal.js';
import { referenceChecksum } from '../../../src/reference/envelope/checksum.js';
import { bundledSpec, withOverrides, type SpecData } from '../../../src/spec/index.js';
import { seedFixtures } from '../../../src/spec/seed-fixtures.js';

const spec = bundledSpec();
const whole = withOverrides(spec, { envelope: { checksumScope: 'integrity-object' } });

describe('generatorChecksum', () => {
  for (const [scope, s] of [
    ['checksum-member', spec],
    ['integrity-object', whole],
  ] as const) {
    it(`agrees with the reference's checksum (another SHA-256 implementation) on generated envelopes, scope ${scope}`, () => {
      fc.assert(
        fc.property(validEnvelope(s), (c) => {
          expect(generatorChecksum(s.envelope, c.packet)).toBe(referenceChecksum(s.envelope, c.packet));
        }),
        { numRuns: 100, seed: 1 },
      );
    });

    it(`agrees with the reference's checksum on the seed fixtures, scope ${scope}`, () => {
      for (const f of seedFixtures())
        expect(generatorChecksum(s.envelope, f.keyed), f.name).toBe(referenceChecksum(s.envelope, f.keyed));
    });
  }

  it('leaves the recorded checksum out of what it hashes, and the rest of integrity in (D-INT-01)', () => {
    const [f] = seedFixtures();
    const other = structuredClone(f!.keyed) as { integrity: { checksum: string; version: number } };
    other.integrity.checksum = 'sha256:0000';
    expect(generatorChecksum(spec.envelope, other)).toBe(generatorChecksum(spec.envelope, f!.keyed));
    other.integrity.version = 2;
    expect(generatorChecksum(spec.envelope, other)).not.toBe(generatorChecksum(spec.envelope, f!.keyed));
  });

  it('leaves the whole integrity object out under the integrity-object scope', () => {
    const [f] = seedFixtures();
    const other = structuredClone(f!.keyed) as { integrity: { version: number } };
    other.integrity.version = 2;
    expect(generatorChecksum(whole.envelope, other)).toBe(generatorChecksum(whole.envelope, f!.keyed));
    expect(checksumSubject(whole.envelope, f!.keyed)).not.toHaveProperty('integrity');
  });
});

describe('seal', () => {
  it('records the checksum of the content, or the placeholder of the spec it is given', () => {
    const placeholder = 'sha256:placeholder-of-another-spec';
    // The placeholder is seed data a user cannot override; the sealer follows any data it is given.
    const other: SpecData = {
      ...spec,
      envelope: { ...spec.envelope, policy: { ...spec.envelope.policy, checksumPlaceholder: placeholder } },
    };
    const [c] = fc.sample(envelopeOf(spec), { seed: 3, numRuns: 1 });
    const computed = seal(spec.envelope, structuredClone(c!.packet), 'computed');
    expect(computed.integrity.checksum).toBe(generatorChecksum(spec.envelope, computed));
    expect(seal(spec.envelope, structuredClone(c!.packet), 'placeholder').integrity.checksum).toBe(
      spec.envelope.policy.checksumPlaceholder,
    );
    expect(seal(other.envelope, structuredClone(c!.packet), 'placeholder').integrity.checksum).toBe(placeholder);
  });

  it('never edits the envelope it seals: the drawn envelope is frozen at every depth, the sealed one new where it differs', () => {
    const frozenThroughout = (v: unknown): boolean =>
      v === null ||
      typeof v !== 'object' ||
      (Object.isFrozen(v) && Reflect.ownKeys(v).every((k) => frozenThroughout((v as Record<PropertyKey, unknown>)[k])));
    for (const c of fc.sample(envelopeOf(spec), { seed: 5, numRuns: 50 })) {
      expect(frozenThroughout(c.packet)).toBe(true);
      const before = JSON.stringify(c.packet);
      const sealed = seal(spec.envelope, c.packet, 'computed');
      expect(JSON.stringify(c.packet)).toBe(before);
      expect(sealed.integrity.checksum).toBe(generatorChecksum(spec.envelope, c.packet));
      expect(Object.keys(sealed)).toEqual(Object.keys(c.packet));
      expect(sealed.body).toBe(c.packet.body);
    }
  });

  it('leaves an envelope without an integrity checksum alone', () => {
    expect(seal(spec.envelope, { profile: 'uai.agent.ack.v1' }, 'computed')).toEqual({ profile: 'uai.agent.ack.v1' });
    expect(seal(spec.envelope, { integrity: { version: 1 } }, 'computed')).toEqual({ integrity: { version: 1 } });
  });
});
