import {
  bodyLayout,
  envelopeLayout,
  objectLayout,
  type EnvelopeSpec,
  type FieldType,
  type ObjectLayout,
} from '../../src/spec/envelope.js';

/**
 * The pack's own keyless encoder (001/004 §Formato de transferencia optimizado, D-WIRE-01..03),
 * the oracle of the wire checks, written apart from any implementation it judges: read from the
 * layouts of `spec` alone. Every object whose layout travels as an array becomes the array of its
 * slots in `keylessOrder` (the declared field order when there is none); an absent field and a
 * reserved (`null`-named) slot are `null`; the body follows its profile's layout; free-form objects
 * and `keyless: "object"` layouts travel unchanged. It encodes valid envelopes: what it is not
 * given, it does not check.
 */
export function encodeKeyless(spec: EnvelopeSpec, packet: Record<string, unknown>): unknown[] {
  return slotsOf(spec, envelopeLayout(spec), packet, String(packet.profile));
}

/** The slots of one array-encoded object. `profile` picks the layout of the body wherever it sits. */
function slotsOf(
  spec: EnvelopeSpec,
  layout: ObjectLayout,
  object: Record<string, unknown>,
  profile: string,
): unknown[] {
  const order = layout.keylessOrder ?? Object.keys(layout.fields);
  return order.map((name) => {
    const value = name === null ? undefined : object[name];
    return value === undefined ? null : wireValue(spec, layout.fields[name!]!, value, profile);
  });
}

/** One field's value as it travels. */
function wireValue(spec: EnvelopeSpec, type: FieldType, value: unknown, profile: string): unknown {
  switch (type.type) {
    case 'body':
      return slotsOf(spec, bodyLayout(spec, profile), value as Record<string, unknown>, profile);
    case 'object': {
      const layout = objectLayout(spec, type.layout);
      return layout.keyless === 'array' ? slotsOf(spec, layout, value as Record<string, unknown>, profile) : value;
    }
    case 'array':
      return (value as unknown[]).map((item) => wireValue(spec, type.items, item, profile));
    default:
      return value;
  }
}
