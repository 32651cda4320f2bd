import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { envelopeOf, validEnvelope } from '../../../generators/envelope/envelope.js';
import { generatorChecksum, seal } from '../../../generators/envelope/seal.js';
import { referenceChecksum } from '../../../src/reference/envelope/checksum.js';
import { bundledSpec, withOverrides } from '../../../src/spec/index.js';
import { seedFixtures } from '../../../src/spec/seed-fixtures.js';

const spec = bundledSpec();

describe('generatorChecksum', () => {
  it("agrees with the reference's checksum (another SHA-256 implementation) on generated envelopes", () => {
    fc.assert(
      fc.property(validEnvelope(spec.envelope), (c) => {
        expect(generatorChecksum(c.packet)).toBe(referenceChecksum(c.packet));
      }),
      { numRuns: 100, seed: 1 },
    );
  });

  it("agrees with the reference's checksum on the seed fixtures", () => {
    for (const f of seedFixtures()) expect(generatorChecksum(f.keyed), f.name).toBe(referenceChecksum(f.keyed));
  });

  it('leaves the recorded checksum out of what it hashes', () => {
    const [f] = seedFixtures();
    const other = structuredClone(f!.keyed) as { integrity: { checksum: string } };
    other.integrity.checksum = 'sha256:0000';
    expect(generatorChecksum(other)).toBe(generatorChecksum(f!.keyed));
  });
});

describe('seal', () => {
  it('records the checksum of the content, or the placeholder of the spec it is given', () => {
    const placeholder = 'sha256:placeholder-of-an-override';
    const overridden = withOverrides(spec, { envelope: { policy: { ...spec.envelope.policy, checksumPlaceholder: placeholder } } }).envelope;
    const [c] = fc.sample(envelopeOf(spec.envelope), { seed: 3, numRuns: 1 });
    const computed = seal(spec.envelope, structuredClone(c!.packet), 'computed');
    expect(computed.integrity.checksum).toBe(generatorChecksum(computed));
    expect(seal(spec.envelope, structuredClone(c!.packet), 'placeholder').integrity.checksum).toBe(spec.envelope.policy.checksumPlaceholder);
    expect(seal(overridden, structuredClone(c!.packet), 'placeholder').integrity.checksum).toBe(placeholder);
  });

  it('leaves an envelope without an integrity checksum alone', () => {
    expect(seal(spec.envelope, { profile: 'uai.agent.ack.v1' }, 'computed')).toEqual({ profile: 'uai.agent.ack.v1' });
    expect(seal(spec.envelope, { integrity: { version: 1 } }, 'computed')).toEqual({ integrity: { version: 1 } });
  });
});
