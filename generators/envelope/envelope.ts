import fc from 'fast-check';
import { profileNames, type EnvelopeSpec } from '../../src/spec/envelope.js';
import { tokenLike } from '../common/token-like.js';
import { freeText } from '../common/text.js';
import { supportBoundary } from './boundary.js';
import { objectOf } from './fields.js';
import { seal } from './seal.js';

/** A valid envelope before sealing: its profile, the validators' clock, and the packet. */
export interface UnsealedEnvelope {
  profile: string;
  now: string;
  packet: Record<string, any>;
}

/** One generated envelope case: the packet, the validators' clock, and how it was sealed. */
export interface EnvelopeCase extends UnsealedEnvelope {
  sealing: 'computed' | 'placeholder';
}

const NOW_MIN = Date.UTC(2020, 0, 1);
const NOW_MAX = Date.UTC(2040, 0, 1);

/** Bodies of one profile, with overrides that keep the cross-field rules of the validation expectations true. */
function bodyOf(spec: EnvelopeSpec, profile: string): fc.Arbitrary<Record<string, unknown>> {
  const fields = spec.profiles[profile]!.fields;
  const overrides: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, f] of Object.entries(fields)) if (f.boundary) overrides[name] = supportBoundary();
  let body = objectOf(spec, fields, overrides);
  switch (profile) {
    case 'uai.agent.ack.v1':
      // D-ENV-06: a rejection carries its reason; other statuses omit it.
      body = body.chain((b) =>
        b.status === 'rejected' ? freeText().map((r) => ({ ...b, rejection_reason: r })) : fc.constant(withoutKey(b, 'rejection_reason')),
      );
      break;
    case 'uai.agent.blocker.v1':
      body = body.map((b) => (spec.policy.humanReviewBlockerTypes.includes(b.blocker_type as string) ? { ...b, human_review_required: true } : b));
      break;
    case 'uai.agent.memory-proposal.v1':
      body = fc
        .tuple(body, fc.array(fc.oneof(freeText(), tokenLike().map((t) => `Observed id ${t.value} in the task log.`)), { minLength: 1, maxLength: 4 }))
        .map(([b, facts]) => {
          const cold = spec.policy.coldMemory;
          const status = b.source_type === cold.sourceType && b.proposed_status === cold.forbiddenStatus ? 'candidate' : b.proposed_status;
          return { ...b, proposed_facts: facts, proposed_status: status };
        });
      break;
  }
  return body;
}

function withoutKey(o: Record<string, unknown>, key: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(o)) if (k !== key) out[k] = o[k];
  return out;
}

/** Envelope arbitraries per profile, built once per spec data (building arbitraries is costly). */
const topCache = new WeakMap<EnvelopeSpec, Map<string, fc.Arbitrary<Record<string, unknown>>>>();

function topOf(spec: EnvelopeSpec, profile: string): fc.Arbitrary<Record<string, unknown>> {
  let perSpec = topCache.get(spec);
  if (!perSpec) topCache.set(spec, (perSpec = new Map()));
  let arb = perSpec.get(profile);
  if (!arb) {
    arb = objectOf(spec, spec.topLevel, { profile: fc.constant(profile), body: bodyOf(spec, profile) });
    perSpec.set(profile, arb);
  }
  return arb;
}

/**
 * Valid envelopes of `spec`, of one profile (or of every profile), unsealed: expiry after `now`,
 * every cross-field rule kept. Seal with `seal()` after any mutation.
 */
export function envelopeOf(spec: EnvelopeSpec, profile?: string): fc.Arbitrary<UnsealedEnvelope> {
  const profileArb = profile ? fc.constant(profile) : fc.constantFrom(...profileNames(spec));
  const clock = fc.tuple(
    fc.integer({ min: NOW_MIN, max: NOW_MAX }),
    // time left before expiry: the one-second boundary, or up to decades
    fc.oneof(fc.constant(1000), fc.integer({ min: 1000, max: 60 * 365 * 86_400_000 })),
    fc.constantFrom('s', 'ms'),
  );
  return fc.tuple(profileArb.chain((p) => topOf(spec, p).map((packet) => ({ p, packet }))), clock).map(([{ p, packet: generated }, [nowMs, left, precision]]) => {
    // fast-check may reuse generated values while shrinking: never edit them in place.
    const packet = structuredClone(generated);
    const iso = new Date(nowMs + left).toISOString();
    (packet.delivery as Record<string, unknown>).expires_at = precision === 's' ? `${iso.slice(0, 19)}Z` : iso;
    return { profile: p, now: `${new Date(nowMs).toISOString().slice(0, 19)}Z`, packet: packet as Record<string, any> };
  });
}

/** Valid, sealed envelope cases of `spec`, of every profile (or one). */
export function validEnvelope(spec: EnvelopeSpec, profile?: string): fc.Arbitrary<EnvelopeCase> {
  return fc.tuple(envelopeOf(spec, profile), fc.constantFrom<'computed' | 'placeholder'>('computed', 'placeholder')).map(([c, sealing]) => ({
    ...c,
    sealing,
    packet: seal(spec, structuredClone(c.packet), sealing),
  }));
}
