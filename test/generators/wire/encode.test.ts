import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validEnvelope } from '../../../generators/envelope/envelope.js';
import { encodeKeyless } from '../../../generators/wire/encode.js';
import { fromKeyless, toKeyless } from '../../../src/reference/envelope/keyless.js';
import { profileNames } from '../../../src/spec/envelope.js';
import { bundledSpec, type SpecData } from '../../../src/spec/index.js';
import { seedFixtures } from '../../../src/spec/seed-fixtures.js';

const data = bundledSpec();
const spec = data.envelope;

/**
 * The pack's keyless encoder is the wire checks' oracle, written apart from the reference's codec:
 * the two must agree exactly, and the reference must decode the pack's encoding to the envelope.
 */
describe('encodeKeyless', () => {
  for (const profile of profileNames(spec)) {
    it(`encodes ${profile} envelopes exactly as the reference does, and the reference decodes them back`, () => {
      fc.assert(
        fc.property(validEnvelope(data, profile), (c) => {
          const wire = encodeKeyless(spec, c.packet);
          expect(wire).toEqual(toKeyless(spec, c.packet));
          expect(fromKeyless(spec, wire)).toEqual(c.packet);
        }),
        { numRuns: 40, seed: 21 },
      );
    });
  }

  it.each(seedFixtures().map((f) => [f.name, f] as const))(
    'encodes the %s seed fixture to exactly its published keyless form, as the reference does',
    (_name, f) => {
      const wire = encodeKeyless(spec, f.keyed);
      expect(wire).toEqual(f.keyless);
      expect(wire).toEqual(toKeyless(spec, f.keyed));
      expect(fromKeyless(spec, wire)).toEqual(f.keyed);
    },
  );

  it('follows the layouts of the spec it is given, as the reference does', () => {
    const conversation = spec.objects.conversation!;
    // Layouts are seed data a user cannot override; the encoder follows any data it is given.
    const other: SpecData = {
      ...data,
      envelope: {
        ...spec,
        objects: {
          ...spec.objects,
          conversation: { ...conversation, keylessOrder: [...conversation.keylessOrder!].reverse() },
        },
      },
    };
    const reversed = other.envelope;
    fc.assert(
      fc.property(validEnvelope(other), (c) => {
        const wire = encodeKeyless(reversed, c.packet);
        expect((wire[reversed.envelopeFields.indexOf('conversation')] as unknown[])[0]).toBe(
          c.packet.conversation.correlation_id,
        );
        expect(wire).toEqual(toKeyless(reversed, c.packet));
        expect(fromKeyless(reversed, wire)).toEqual(c.packet);
      }),
      { numRuns: 30, seed: 4 },
    );
  });
});
