import * as fc from 'fast-check';
import { type EnvelopeCase, validEnvelope } from '../../generators/envelope/envelope.js';
import { seal } from '../../generators/envelope/seal.js';
import { jsonEqual } from '../../src/engine/json-equal.js';
import { type Answer, exchangeCheck } from '../../src/engine/kinds/exchange.js';
import type { SpecData } from '../../src/spec/index.js';
import { WIRE_SPEC } from './common.js';
import { wireRoundtripFixture } from './fixtures.js';

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

/** The keyless form the first step produced (the steps judge only after it was accepted). */
const keyless = (before: readonly Answer[]): unknown => (before[0]!.rejected ? undefined : before[0]!.value);

/** WIRE-ROUNDTRIP: keyed -> keyless -> keyed is lossless, through the adapter alone. */
export const wireRoundtrip = exchangeCheck<EnvelopeCase>({
  id: 'WIRE-ROUNDTRIP',
  title: 'keyed -> keyless -> keyed is lossless on generated envelopes of every profile',
  suite: 'wire',
  severity: 'MUST',
  statement:
    '`fromKeyless(toKeyless(envelope))` gives back the same JSON value (member order aside, `-0` as `0`) for every valid envelope of every profile, after the keyless form has passed through JSON text (001 §Formato de transferencia optimizado (sin llave); D-WIRE-01, D-WIRE-04).',
  specRef: WIRE_SPEC,
  decisions: ['D-WIRE-01', 'D-ENV-06'],
  cases: {
    arbitrary: (spec) =>
      fc.oneof(
        { weight: 3, arbitrary: validEnvelope(spec) },
        { weight: 1, arbitrary: withRoundtripFeature(spec, 'proto-key') },
        { weight: 1, arbitrary: withRoundtripFeature(spec, 'null-in-free-form') },
      ),
    show: (c) => ({ profile: c.profile, packet: c.packet }),
    tags: (c) => ['valid', `profile:${c.profile}`, ...roundtripFeatures(c.packet).map((f) => `family:${f}`)],
    reach: () => ROUNDTRIP_FEATURES.map((f) => `family:${f}`),
    fixture: wireRoundtripFixture,
  },
  steps: [
    {
      member: 'toKeyless',
      refusal: 'rejects',
      args: (c) => [c.packet],
      judge: (a) =>
        a.rejected ? { reason: 'encode-rejected', params: {}, expected: 'a keyless array', actual: a } : null,
    },
    {
      member: 'fromKeyless',
      refusal: 'rejects',
      // Through JSON, as on a real wire: the keyless form must survive serialization.
      args: (_c, before) => [JSON.parse(JSON.stringify(keyless(before) ?? null))],
      judge(a, c, before) {
        if (a.rejected)
          return {
            reason: 'decode-rejected',
            params: {},
            expected: c.packet,
            actual: { keyless: keyless(before), ...a },
          };
        if (!jsonEqual(a.value, c.packet))
          return {
            reason: 'changed',
            params: {},
            expected: c.packet,
            actual: { keyless: keyless(before), keyed: a.value },
          };
        return null;
      },
    },
  ],
  messages: {
    'encode-rejected': () => 'toKeyless rejected a valid envelope',
    'decode-rejected': () => 'fromKeyless rejected the keyless form toKeyless produced',
    changed: () => 'the round trip changed the envelope',
  },
});
