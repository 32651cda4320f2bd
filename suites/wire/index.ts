import * as fc from 'fast-check';
import { defineCheck, fail, PASS, type CheckDefinition, type Harness } from '../../src/engine/check.js';
import { jsonEqual } from '../../src/engine/json-equal.js';
import { seedFixtures, type SeedFixture } from '../../src/spec/seed-fixtures.js';
import { validEnvelope, type EnvelopeCase } from '../../generators/envelope/envelope.js';
import { encodeKeyless } from '../../generators/wire/encode.js';
import { MALFORMED_WIRE_FAMILIES, malformedWire, type MalformedWire } from '../../generators/wire/malformed.js';
import { seal } from '../../generators/envelope/seal.js';
import type { SpecData } from '../../src/spec/index.js';
import { malformedWireFixture, wireLayoutFixture, wireRoundtripFixture, wireSeedFixture } from './fixtures.js';

const SPEC = '001 §Formato de transferencia optimizado (sin llave); 004 §传输格式优化版（无键）';

async function encode(h: Harness, keyed: unknown) {
  return h.invokeOrReject('toKeyless', [keyed]);
}
async function decode(h: Harness, wire: unknown) {
  return h.invokeOrReject('fromKeyless', [wire]);
}

/** WIRE-SEED-FIXTURES: each seed's keyed fixture maps to exactly its published keyless arrays, and back. */
export const wireSeedFixtures = defineCheck<SeedFixture>({
  id: 'WIRE-SEED-FIXTURES',
  title: "The seeds' keyed fixtures map to exactly their published keyless arrays, and back",
  suite: 'wire',
  severity: 'MUST',
  statement:
    "`toKeyless` maps each seed's keyed fixture to exactly its published keyless arrays, and `fromKeyless` maps those arrays back to exactly the keyed fixture (001 §Formato de transferencia optimizado (sin llave); 004 §传输格式优化版（无键）; D-WIRE-01 to D-WIRE-03).",
  specRef: SPEC,
  requires: ['toKeyless', 'fromKeyless'],
  decisions: ['D-WIRE-01', 'D-WIRE-02', 'D-WIRE-03', 'D-ENV-06'],
  arbitrary: () => fc.constantFrom(...seedFixtures()),
  async run(f, h) {
    const enc = await encode(h, f.keyed);
    if (enc.rejected) return fail(`toKeyless rejected the published ${f.name} fixture`, f.keyless, enc);
    if (!jsonEqual(enc.value, f.keyless))
      return fail(`toKeyless of the ${f.name} fixture differs from the published keyless form`, f.keyless, enc.value);
    const dec = await decode(h, f.keyless);
    if (dec.rejected) return fail(`fromKeyless rejected the published ${f.name} keyless form`, f.keyed, dec);
    return jsonEqual(dec.value, f.keyed)
      ? PASS
      : fail(`fromKeyless of the published ${f.name} keyless form differs from the keyed fixture`, f.keyed, dec.value);
  },
  show: (f) => ({ fixture: f.name, keyed: f.keyed, keyless: f.keyless }),
  tags: (f) => ['valid', `fixture:${f.name}`],
  claim: (f) => ({ member: 'fromKeyless', args: [f.keyless], valid: true }),
  fixture: wireSeedFixture,
});

/**
 * WIRE-LAYOUT: generated envelopes encode to the pinned slot layout (as the pack's own encoder lays
 * it out from the spec), and the pinned layout decodes back.
 */
export const wireLayout = defineCheck<EnvelopeCase>({
  id: 'WIRE-LAYOUT',
  title: 'Generated envelopes of every profile encode to the pinned keyless slot order, and decode from it',
  suite: 'wire',
  severity: 'MUST',
  statement:
    '`toKeyless` writes the envelope and every object that travels as an array as the list of its slots in the pinned order (`keylessOrder`, else the declared field order), an absent member or a reserved slot as `null`, free-form objects unchanged; `fromKeyless` reads that layout back (001 §Formato de transferencia optimizado (sin llave); D-WIRE-01 to D-WIRE-03).',
  specRef: `${SPEC} (field order follows the schema order)`,
  requires: ['toKeyless', 'fromKeyless'],
  decisions: ['D-WIRE-01', 'D-WIRE-02', 'D-WIRE-03'],
  arbitrary: (spec) => validEnvelope(spec),
  async run(c, h) {
    const expected = encodeKeyless(h.spec.envelope, c.packet);
    const enc = await encode(h, c.packet);
    if (enc.rejected || !jsonEqual(enc.value, expected))
      return fail('toKeyless does not follow the pinned slot layout', expected, enc.rejected ? enc : enc.value);
    const dec = await decode(h, expected);
    if (dec.rejected || !jsonEqual(dec.value, c.packet))
      return fail(
        'fromKeyless of the pinned layout does not give the keyed envelope back',
        c.packet,
        dec.rejected ? dec : dec.value,
      );
    return PASS;
  },
  show: (c) => ({ profile: c.profile, packet: c.packet }),
  tags: (c) => ['valid', `profile:${c.profile}`],
  claim: (c, spec) => ({ member: 'fromKeyless', args: [encodeKeyless(spec.envelope, c.packet)], valid: true }),
  fixture: wireLayoutFixture,
});

/**
 * What a keyless codec can lose on the way and back (WIRE-ROUNDTRIP's families): an own `__proto__`
 * member of a free-form object (lost when members are copied by assignment), a `null` inside a
 * free-form object (lost when a decoder takes `null` for "absent" everywhere), and a declared
 * member holding `false` or `0` (lost when a decoder skips falsy slots).
 */
export const ROUNDTRIP_FEATURES = ['proto-key', 'null-in-free-form', 'falsy-slot'] as const;

/**
 * The `ROUNDTRIP_FEATURES` an envelope holds (a valid envelope has `null` only inside free-form
 * objects; a `false` or `0` counts wherever it is, so a case may carry the tag for a free-form one).
 */
function roundtripFeatures(packet: unknown): string[] {
  const found = new Set<string>();
  const visit = (v: unknown) => {
    if (v === null) found.add('null-in-free-form');
    else if (v === false || v === 0) found.add('falsy-slot');
    else if (Array.isArray(v)) v.forEach(visit);
    else if (typeof v === 'object') {
      if (Object.hasOwn(v, '__proto__')) found.add('proto-key');
      Object.values(v).forEach(visit);
    }
  };
  visit(packet);
  return ROUNDTRIP_FEATURES.filter((f) => found.has(f));
}

/** A valid envelope whose free-form `expected_output_schema` holds an own `__proto__` member, or a `null`. */
function withRoundtripFeature(spec: SpecData, feature: 'proto-key' | 'null-in-free-form'): fc.Arbitrary<EnvelopeCase> {
  return fc.tuple(validEnvelope(spec), fc.constantFrom<unknown>('kept', { admin: true }, 0)).map(([c, value]) => {
    const packet = structuredClone(c.packet);
    const free = packet.delivery.expected_output_schema as Record<string, unknown>;
    if (feature === 'proto-key')
      Object.defineProperty(free, '__proto__', { value, enumerable: true, writable: true, configurable: true });
    else free.superseded_by = { previous: null, reason: value };
    return { ...c, packet: seal(spec.envelope, packet, c.sealing) };
  });
}

/** WIRE-ROUNDTRIP: keyed -> keyless -> keyed is lossless, through the adapter alone. */
export const wireRoundtrip = defineCheck<EnvelopeCase>({
  id: 'WIRE-ROUNDTRIP',
  title: 'keyed -> keyless -> keyed is lossless on generated envelopes of every profile',
  suite: 'wire',
  severity: 'MUST',
  statement:
    '`fromKeyless(toKeyless(envelope))` gives back the same JSON value (member order aside, `-0` as `0`) for every valid envelope of every profile, after the keyless form has passed through JSON text (001 §Formato de transferencia optimizado (sin llave); D-WIRE-01, D-WIRE-04).',
  specRef: SPEC,
  requires: ['toKeyless', 'fromKeyless'],
  decisions: ['D-WIRE-01', 'D-ENV-06'],
  arbitrary: (spec) =>
    fc.oneof(
      { weight: 3, arbitrary: validEnvelope(spec) },
      { weight: 1, arbitrary: withRoundtripFeature(spec, 'proto-key') },
      { weight: 1, arbitrary: withRoundtripFeature(spec, 'null-in-free-form') },
    ),
  async run(c, h) {
    const enc = await encode(h, c.packet);
    if (enc.rejected) return fail('toKeyless rejected a valid envelope', 'a keyless array', enc);
    // Through JSON, as on a real wire: the keyless form must survive serialization.
    const wire = JSON.parse(JSON.stringify(enc.value ?? null));
    const dec = await decode(h, wire);
    if (dec.rejected)
      return fail('fromKeyless rejected the keyless form toKeyless produced', c.packet, { keyless: enc.value, ...dec });
    return jsonEqual(dec.value, c.packet)
      ? PASS
      : fail('the round trip changed the envelope', c.packet, { keyless: enc.value, keyed: dec.value });
  },
  show: (c) => ({ profile: c.profile, packet: c.packet }),
  tags: (c) => ['valid', `profile:${c.profile}`, ...roundtripFeatures(c.packet).map((f) => `family:${f}`)],
  reach: () => ROUNDTRIP_FEATURES.map((f) => `family:${f}`),
  fixture: wireRoundtripFixture,
});

/** WIRE-MALFORMED-REJECTED: wrong arity, wrong slot types, overflow and reserved slots are errors. */
export const wireMalformedRejected = defineCheck<MalformedWire>({
  id: 'WIRE-MALFORMED-REJECTED',
  title: 'Malformed keyless arrays (arity, slot types, overflow, reserved slots) are rejected, never decoded',
  suite: 'wire',
  severity: 'MUST',
  statement:
    '`fromKeyless` refuses (throws or rejects) input that is not an array, an array-encoded object with fewer or more slots than its layout, a slot of the wrong JSON type, a required slot set to `null`, or a reserved slot that is not `null` (001 §Formato de transferencia optimizado (sin llave); notes §Validator and conformance pack, keyless shape and overflow; D-WIRE-04).',
  specRef: `${SPEC}; notes §Validator and conformance pack (keyless shape, keyless overflow)`,
  requires: ['fromKeyless'],
  decisions: ['D-WIRE-02', 'D-WIRE-04'],
  arbitrary: (spec) => malformedWire(spec),
  async run(c, h) {
    const dec = await decode(h, c.wire);
    return dec.rejected
      ? PASS
      : fail(
          `fromKeyless decoded a malformed keyless envelope (${c.note})`,
          'an error (thrown or rejected)',
          dec.value,
        );
  },
  show: (c) => ({ broken: c.note, profile: c.profile, wire: c.wire }),
  tags: (c) => ['adversarial', `family:${c.family}`, `profile:${c.profile}`],
  reach: () => MALFORMED_WIRE_FAMILIES.map((f) => `family:${f}`),
  claim: (c) => ({ member: 'fromKeyless', args: [c.wire], valid: false, breaks: ['WIRE-MALFORMED-REJECTED'] }),
  fixture: malformedWireFixture,
});

export const wireSuite: CheckDefinition[] = [wireSeedFixtures, wireLayout, wireRoundtrip, wireMalformedRejected];
