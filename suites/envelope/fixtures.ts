import type { FixtureCodec } from '../../src/engine/check.js';
import { objectField, stringField } from '../../src/engine/fixture-codec.js';
import type { SeedFixture } from '../../src/spec/seed-fixtures.js';
import type { EnvelopeCase } from '../../generators/envelope/envelope.js';
import type { MutatedCase } from '../../generators/envelope/mutators/mutation.js';
import { generatorChecksum } from '../../generators/envelope/seal.js';

/**
 * Fixture codecs of the envelope and integrity checks. A validation case is
 * `input: { packet, context: { now } }`: call `validateEnvelope(packet, context)`; `expected` is the
 * `valid` the verdict must carry.
 */
function packetAndNow(input: unknown): { packet: Record<string, any>; now: string } {
  const i = objectField(input, 'input');
  return {
    packet: objectField(i.packet, 'input.packet'),
    now: stringField(objectField(i.context, 'input.context').now, 'input.context.now'),
  };
}

function profileOf(packet: Record<string, any>): string {
  return typeof packet.profile === 'string' ? packet.profile : 'unknown';
}

/** Cases that break one rule: the verdict must be `valid: false`. */
export const rejectionFixture: FixtureCodec<MutatedCase> = {
  encode: (c) => ({
    input: { packet: c.packet, context: { now: c.now } },
    expected: { valid: false },
    description: c.note,
  }),
  decode(f) {
    // A rejection case may send any JSON for the envelope (ENV-FIELD-TYPE's not-an-object): the packet need not be an object.
    const i = objectField(f.input, 'input');
    if (!Object.hasOwn(i, 'packet')) throw new Error('input.packet is missing');
    const now = stringField(objectField(i.context, 'input.context').now, 'input.context.now');
    const packet = i.packet as Record<string, any>;
    return {
      packet,
      now,
      profile: isObject(packet) ? profileOf(packet) : 'unknown',
      sealing: 'computed',
      family: 'fixture',
      note: f.description ?? 'a fixture case',
    };
  },
};

const isObject = (v: unknown): boolean => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Valid envelopes: the verdict must be `valid: true`. */
export const validEnvelopeFixture: FixtureCodec<EnvelopeCase> = {
  encode: (c) => ({
    input: { packet: c.packet, context: { now: c.now } },
    expected: { valid: true },
    description: `valid ${c.profile} envelope (${c.sealing} seal)`,
  }),
  decode(f) {
    const { packet, now } = packetAndNow(f.input);
    return { packet, now, profile: profileOf(packet), sealing: 'computed' };
  },
};

/** The seeds' published fixtures: valid under the run's clock. */
export const seedFixtureValidation: FixtureCodec<SeedFixture> = {
  encode: (f, { now }) => ({
    input: { fixture: f.name, packet: f.keyed, context: { now } },
    expected: { valid: true },
    description: `published ${f.name} fixture (seed ${f.seed})`,
  }),
  decode(f) {
    const { packet } = packetAndNow(f.input);
    const name = objectField(f.input, 'input').fixture;
    return { name: name === 'correction' ? 'correction' : 'ack', seed: '', keyed: packet, keyless: [] };
  },
};

/** INT-CHECKSUM: `input: { packet }`; `expected` is the checksum string `computeChecksum(packet)` returns (the pack's own). */
export const checksumFixture: FixtureCodec<{ origin: string; packet: Record<string, unknown> }> = {
  encode: (c, { spec }) => ({
    input: { packet: c.packet },
    expected: generatorChecksum(spec.envelope, c.packet),
    description: c.origin,
  }),
  decode: (f) => ({
    origin: f.description ?? 'fixture',
    packet: objectField(objectField(f.input, 'input').packet, 'input.packet'),
  }),
};
