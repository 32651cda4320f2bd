import type { FixtureCodec } from '../../src/engine/check.js';
import { arrayField, objectField } from '../../src/engine/fixture-codec.js';
import type { SeedFixture } from '../../src/spec/seed-fixtures.js';
import type { EnvelopeCase } from '../../generators/envelope/envelope.js';
import { encodeKeyless } from '../../generators/wire/encode.js';
import type { MalformedWire } from '../../generators/wire/malformed.js';

/** Fixture codecs of the wire checks (`toKeyless` / `fromKeyless`). */
function packetOf(input: unknown): Record<string, any> {
  return objectField(objectField(input, 'input').packet, 'input.packet');
}

function envelopeCase(packet: Record<string, any>): EnvelopeCase {
  return {
    packet,
    now: '',
    profile: typeof packet.profile === 'string' ? packet.profile : 'unknown',
    sealing: 'computed',
  };
}

/** `input: { fixture, keyed }`, `expected: { keyless }`: each maps to the other exactly. */
export const wireSeedFixture: FixtureCodec<SeedFixture> = {
  encode: (f) => ({
    input: { fixture: f.name, keyed: f.keyed },
    expected: { keyless: f.keyless },
    description: `published ${f.name} fixture (seed ${f.seed})`,
  }),
  decode(f) {
    const i = objectField(f.input, 'input');
    const keyless = arrayField(objectField(f.expected, 'expected').keyless, 'expected.keyless');
    return {
      name: i.fixture === 'correction' ? 'correction' : 'ack',
      seed: '',
      keyed: objectField(i.keyed, 'input.keyed'),
      keyless,
    };
  },
};

/** `input: { packet }`, `expected: { keyless }` (the pack's encoding): toKeyless gives exactly it, fromKeyless of it gives packet. */
export const wireLayoutFixture: FixtureCodec<EnvelopeCase> = {
  encode: (c, { spec }) => ({
    input: { packet: c.packet },
    expected: { keyless: encodeKeyless(spec.envelope, c.packet) },
    description: `${c.profile} envelope`,
  }),
  decode: (f) => envelopeCase(packetOf(f.input)),
};

/** `input: { packet }`, `expected: { packet }`: fromKeyless(toKeyless(packet)) gives packet back. */
export const wireRoundtripFixture: FixtureCodec<EnvelopeCase> = {
  encode: (c) => ({
    input: { packet: c.packet },
    expected: { packet: c.packet },
    description: `${c.profile} envelope`,
  }),
  decode: (f) => envelopeCase(packetOf(f.input)),
};

/** `input: { wire }`, `expected: { rejected: true }`: fromKeyless must throw or reject. */
export const malformedWireFixture: FixtureCodec<MalformedWire> = {
  encode: (c) => ({ input: { wire: c.wire }, expected: { rejected: true }, description: c.note }),
  decode(f) {
    const i = objectField(f.input, 'input');
    if (!('wire' in i)) throw new Error('input.wire is missing');
    return { wire: i.wire, profile: 'unknown', family: 'slot-type', note: f.description ?? 'a fixture case' };
  },
};
