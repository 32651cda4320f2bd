import type { JsonObject } from '../../src/contract/recovery.js';
import type { EnvelopeSpec } from '../../src/spec/envelope.js';

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
  if (undeclared.length) return `the blocker carries top-level members the envelope does not declare: ${undeclared.join(', ')}`;
  const absent = env.envelopeFields.filter((k) => env.topLevel[k]?.required && !Object.hasOwn(packet, k));
  if (absent.length) return `the blocker lacks the envelope members ${absent.join(', ')}`;
  const declared = env.profiles[profile];
  if (packet.profile !== profile || !declared) return `the blocker's profile is ${JSON.stringify(packet.profile)}`;
  const body = packet.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return 'the blocker has no body object';
  const b = body as JsonObject;
  const missing = Object.entries(declared.fields).filter(([name, f]) => f.required && !Object.hasOwn(b, name)).map(([name]) => name);
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
