import type { JsonObject } from '../../src/contract/recovery.js';
import type { EnvelopeSpec, FieldType } from '../../src/spec/envelope.js';
import { generatorChecksum } from '../../generators/envelope/seal.js';

/**
 * The envelope rules a blocker packet is held to by the recovery judges, read from the run's
 * envelope data (`spec/envelope.json`) and written apart from any validator the pack ships: the
 * packet is a UAI-1 envelope of the blocker profile, with every top-level member the envelope
 * declares and no other (D-ENV rules on undeclared members), the profile's required body fields,
 * a `blocker_type` the profile lists (D-ENV-12), and human review where that type needs it. The
 * pack's own validator accepts every blocker the reference emits (tested); these rules are the part
 * a blocker most easily gets wrong: a member outside the envelope, a type outside the list.
 */
export function blockerEnvelopeProblem(env: EnvelopeSpec, profile: string, packet: JsonObject): string | null {
  const undeclared = Object.keys(packet).filter((k) => !env.envelopeFields.includes(k));
  if (undeclared.length)
    return `the blocker carries top-level members the envelope does not declare: ${undeclared.join(', ')}`;
  const absent = env.envelopeFields.filter((k) => env.topLevel[k]?.required && !Object.hasOwn(packet, k));
  if (absent.length) return `the blocker lacks the envelope members ${absent.join(', ')}`;
  const declared = env.profiles[profile];
  if (packet.profile !== profile || !declared) return `the blocker's profile is ${JSON.stringify(packet.profile)}`;
  const body = packet.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return 'the blocker has no body object';
  const b = body as JsonObject;
  const missing = Object.entries(declared.fields)
    .filter(([name, f]) => f.required && !Object.hasOwn(b, name))
    .map(([name]) => name);
  if (missing.length) return `the blocker's body lacks ${missing.join(', ')}`;
  const type = declared.fields.blocker_type;
  if (type?.type === 'enum' && !type.values.includes(String(b.blocker_type))) {
    return `blocker_type ${JSON.stringify(b.blocker_type)} is none of the profile's types (${type.values.join(', ')})`;
  }
  if (env.policy.humanReviewBlockerTypes.includes(String(b.blocker_type)) && b.human_review_required !== true) {
    return `a ${String(b.blocker_type)} blocker must set human_review_required: true`;
  }
  return null;
}

/** The string array at `body[name]`, or an empty list when the field is absent or not such an array. */
export function stringList(body: JsonObject, name: string): string[] {
  const v = body[name];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/** Whether `v` is a JSON object (not null, not an array). */
const isObject = (v: unknown): v is JsonObject => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The pattern a string of named type `type` matches under `env` (D-ENV-01 to D-ENV-04, D-INT-02):
 * the data's own, read case-insensitively for a date-time when D-ENV-04 allows either case.
 */
function typePattern(env: EnvelopeSpec, type: string): RegExp | undefined {
  const t = Object.hasOwn(env.types, type) ? env.types[type] : undefined;
  if (t?.pattern === undefined) return undefined;
  return new RegExp(t.pattern, type === 'date-time' && env.utcCase === 'any-case' ? 'iu' : 'u');
}

/**
 * What is wrong with `value` as a field of type `f` of `spec/envelope.json` (at `where`), or null:
 * its JSON type, its named type's pattern (tokens, texts, date-times that are real instants...),
 * enum and const values, integer and number bounds, and the members of a published object
 * (required ones present; undeclared ones absent where D-ENV-14 closes every object).
 */
function fieldProblem(env: EnvelopeSpec, f: FieldType, value: unknown, where: string): string | null {
  const shown = `${where} ${JSON.stringify(value)}`;
  switch (f.type) {
    case 'const':
      return value === f.value ? null : `${shown} is not ${JSON.stringify(f.value)}`;
    case 'enum':
      return typeof value === 'string' && f.values.includes(value)
        ? null
        : `${shown} is none of ${f.values.join(', ')}`;
    case 'boolean':
      return typeof value === 'boolean' ? null : `${shown} is not a boolean`;
    case 'integer':
    case 'number': {
      const ok =
        typeof value === 'number' && Number.isFinite(value) && (f.type === 'number' || Number.isInteger(value));
      if (!ok) return `${shown} is not ${f.type === 'integer' ? 'an integer' : 'a number'}`;
      if (
        (f.minimum !== undefined && (value as number) < f.minimum) ||
        (f.maximum !== undefined && (value as number) > f.maximum)
      )
        return `${shown} is out of range`;
      return null;
    }
    case 'free-object':
      return isObject(value) ? null : `${shown} is not an object`;
    case 'opaque-array':
      return Array.isArray(value) ? null : `${shown} is not an array`;
    case 'array': {
      if (!Array.isArray(value)) return `${shown} is not an array`;
      if (f.minItems !== undefined && value.length < f.minItems) return `${shown} has fewer than ${f.minItems} items`;
      for (let i = 0; i < value.length; i++) {
        const p = fieldProblem(env, f.items, value[i], `${where}[${i}]`);
        if (p) return p;
      }
      return null;
    }
    case 'object':
      return Object.hasOwn(env.objects, f.layout)
        ? membersProblem(env, env.objects[f.layout]!.fields, value, where)
        : null;
    case 'profile':
    case 'body':
      // The profile and the body are judged by blockerEnvelopeProblem and below, against the blocker profile.
      return null;
    default: {
      if (typeof value !== 'string') return `${shown} is not a string`;
      const pattern = typePattern(env, f.type);
      if (pattern && !pattern.test(value)) return `${shown} is not a ${f.type}`;
      if (f.type === 'date-time' && Number.isNaN(Date.parse(value))) return `${shown} is no instant`;
      if (f.type === 'level') {
        const levels = env.types.level?.enum ?? [];
        if (!levels.includes(value)) return `${shown} is no level`;
      }
      return null;
    }
  }
}

/** What is wrong with the members of `value` as an object of `fields`, or null. */
function membersProblem(
  env: EnvelopeSpec,
  fields: Record<string, FieldType & { required: boolean }>,
  value: unknown,
  where: string,
): string | null {
  if (!isObject(value)) return `${where} is not an object`;
  for (const [name, f] of Object.entries(fields)) {
    if (!Object.hasOwn(value, name)) {
      if (f.required) return `${where}.${name} is missing`;
      continue;
    }
    const p = fieldProblem(env, f, value[name], `${where}.${name}`);
    if (p) return p;
  }
  if (env.undeclaredMembers === 'everywhere') {
    const undeclared = Object.keys(value).filter((k) => !Object.hasOwn(fields, k));
    if (undeclared.length) return `${where} carries members it does not declare: ${undeclared.join(', ')}`;
  }
  return null;
}

/**
 * The rest of what makes a blocker a valid UAI-1 envelope (docs/recovery-contract.md, "The blocker
 * envelope"), once `blockerEnvelopeProblem` found its members and body fields: every member and
 * body field of the type `spec/envelope.json` gives it (tokens, non-blank texts, enums, consts,
 * integers, date-times, inside every published object), `delivery.expires_at` after `emittedAt`
 * (the world's clock when the agent emitted it, D-ENV-07), and an integrity checksum that matches
 * the content by the pack's own hash (D-INT-01) or is the seeds' placeholder (D-INT-02). Written
 * from the data, apart from any validator the pack ships.
 */
export function blockerFieldProblem(
  env: EnvelopeSpec,
  profile: string,
  packet: JsonObject,
  emittedAt: number,
): string | null {
  const top = membersProblem(env, env.topLevel, packet, 'the blocker');
  if (top) return top;
  const declared = env.profiles[profile];
  if (declared) {
    const body = membersProblem(env, declared.fields, packet.body, 'body');
    if (body) return body;
  }
  const expires = Date.parse(String((packet.delivery as JsonObject).expires_at));
  if (env.expiry === 'after' ? expires < emittedAt : expires <= emittedAt)
    return `delivery.expires_at ${JSON.stringify((packet.delivery as JsonObject).expires_at)} is not after the instant the blocker was emitted (${new Date(emittedAt).toISOString()})`;
  const checksum = (packet.integrity as JsonObject).checksum;
  if (checksum !== env.policy.checksumPlaceholder && checksum !== generatorChecksum(env, packet))
    return `integrity.checksum ${JSON.stringify(checksum)} does not match the content (D-INT-01: ${generatorChecksum(env, packet)})`;
  return null;
}
