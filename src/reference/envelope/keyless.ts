import {
  bodyLayout,
  objectLayout,
  type EnvelopeSpec,
  type FieldSpec,
  type FieldType,
  type ObjectLayout,
} from '../../spec/envelope.js';

/**
 * The keyless transfer format (001/004 §Formato de transferencia optimizado): every published
 * object becomes an array of its values in schema order, absent optional fields and reserved slots
 * become `null`; free-form objects and `keyless: "object"` layouts travel unchanged.
 */
type Json = unknown;

function encodeValue(spec: EnvelopeSpec, t: FieldType, v: Json): Json {
  if (t.type === 'object') {
    const layout = objectLayout(spec, t.layout);
    return layout.keyless === 'array' ? encodeObject(spec, layout, v as Record<string, Json>) : v;
  }
  if (t.type === 'array') return (v as Json[]).map((item) => encodeValue(spec, t.items, item));
  return v;
}

function encodeObject(spec: EnvelopeSpec, layout: ObjectLayout, obj: Record<string, Json>): Json[] {
  return (layout.keylessOrder ?? Object.keys(layout.fields)).map((name) =>
    name === null || obj[name] === undefined ? null : encodeValue(spec, layout.fields[name]!, obj[name]),
  );
}

/** Keyed envelope to keyless arrays. Throws on what it cannot map (not an object, unknown profile). */
export function toKeyless(spec: EnvelopeSpec, packet: unknown): Json[] {
  if (packet === null || typeof packet !== 'object' || Array.isArray(packet))
    throw new TypeError('a keyed envelope is a JSON object');
  const env = packet as Record<string, Json>;
  if (typeof env.profile !== 'string' || !Object.hasOwn(spec.profiles, env.profile))
    throw new TypeError(`unknown profile ${JSON.stringify(env.profile)}`);
  for (const k of Object.keys(env))
    if (!spec.envelopeFields.includes(k)) throw new TypeError(`undeclared top-level field ${k}`);
  const body = bodyLayout(spec, env.profile);
  return spec.envelopeFields.map((name) => {
    const v = env[name];
    if (v === undefined) return null;
    return name === 'body'
      ? encodeObject(spec, body, v as Record<string, Json>)
      : encodeValue(spec, spec.topLevel[name]!, v);
  });
}

class KeylessError extends TypeError {
  override name = 'KeylessError';
}

function jsonType(v: Json): string {
  return v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
}

/** The JSON type a field's keyless slot must hold. */
function expectedJsonType(spec: EnvelopeSpec, t: FieldType): string {
  switch (t.type) {
    case 'boolean':
      return 'boolean';
    case 'integer':
    case 'number':
      return 'number';
    case 'const':
      return typeof t.value;
    case 'free-object':
      return 'object';
    case 'array':
    case 'opaque-array':
      return 'array';
    case 'object':
      return objectLayout(spec, t.layout).keyless === 'array' ? 'array' : 'object';
    default:
      return 'string';
  }
}

function decodeValue(spec: EnvelopeSpec, t: FieldSpec | FieldType, v: Json, at: string): Json {
  const want = expectedJsonType(spec, t);
  if (jsonType(v) !== want) throw new KeylessError(`${at}: expected ${want}, found ${jsonType(v)}`);
  if (t.type === 'integer' && !Number.isInteger(v)) throw new KeylessError(`${at}: expected an integer`);
  if (t.type === 'object') {
    const layout = objectLayout(spec, t.layout);
    return layout.keyless === 'array' ? decodeObject(spec, layout, v as Json[], at) : v;
  }
  if (t.type === 'array') return (v as Json[]).map((item, i) => decodeValue(spec, t.items, item, `${at}[${i}]`));
  return v;
}

function decodeObject(spec: EnvelopeSpec, layout: ObjectLayout, arr: Json[], at: string): Record<string, Json> {
  const order = layout.keylessOrder ?? Object.keys(layout.fields);
  if (!Array.isArray(arr)) throw new KeylessError(`${at}: expected an array`);
  if (arr.length !== order.length) throw new KeylessError(`${at}: expected ${order.length} slots, found ${arr.length}`);
  const out: Record<string, Json> = {};
  for (const [i, name] of order.entries()) {
    const v = arr[i];
    if (name === null) {
      if (v !== null) throw new KeylessError(`${at}[${i}]: reserved slot must be null`);
      continue;
    }
    const f = layout.fields[name]!;
    if (v === null) {
      if (f.required) throw new KeylessError(`${at}[${i}] (${name}): required slot is null`);
      continue;
    }
    out[name] = decodeValue(spec, f, v, `${at}[${i}]`);
  }
  return out;
}

/** Keyless arrays to keyed envelope. Throws on wrong arity, wrong slot types, overflow and reserved slots. */
export function fromKeyless(spec: EnvelopeSpec, wire: unknown): Record<string, Json> {
  if (!Array.isArray(wire)) throw new KeylessError('a keyless envelope is an array');
  if (wire.length !== spec.envelopeFields.length)
    throw new KeylessError(`expected ${spec.envelopeFields.length} top-level slots, found ${wire.length}`);
  const profile = wire[1];
  if (typeof profile !== 'string' || !Object.hasOwn(spec.profiles, profile))
    throw new KeylessError(`slot 1: unknown profile ${JSON.stringify(profile)}`);
  const out: Record<string, Json> = {};
  for (const [i, name] of spec.envelopeFields.entries()) {
    const v = wire[i];
    if (v === null) throw new KeylessError(`slot ${i} (${name}): required slot is null`);
    out[name] =
      name === 'body'
        ? decodeObject(spec, bodyLayout(spec, profile), v as Json[], `body`)
        : decodeValue(spec, spec.topLevel[name]!, v, name);
  }
  return out;
}
