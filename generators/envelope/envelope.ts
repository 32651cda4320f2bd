import fc from 'fast-check';
import { envelopeSpec, profileNames } from '../../src/spec/envelope-spec.js';
import { tokenLike } from '../common/token-like.js';
import { freeText } from '../common/text.js';
import { supportBoundary } from './boundary.js';
import { objectOf, utcDateTime } from './fields.js';
import { seal } from './seal.js';

/** One generated envelope case: the packet, the validators' clock, and how it was sealed. */
export interface EnvelopeCase {
  profile: string;
  now: string;
  packet: Record<string, any>;
  sealing: 'computed' | 'placeholder';
}

const NOW_MIN = Date.UTC(2020, 0, 1);
const NOW_MAX = Date.UTC(2040, 0, 1);

/** Body overrides that keep the cross-field rules of the validation expectations true. */
function bodyOf(profile: string): fc.Arbitrary<Record<string, unknown>> {
  const spec = envelopeSpec();
  const fields = spec.profiles[profile]!.fields;
  const overrides: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, f] of Object.entries(fields)) if (f.boundary) overrides[name] = supportBoundary();
  let body = objectOf(fields, overrides);
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

/**
 * Valid envelopes of one profile (or of every profile), unsealed: expiry after `now`, every
 * cross-field rule kept. Seal with `seal()` after any mutation.
 */
export function envelopeOf(profile?: string): fc.Arbitrary<{ profile: string; now: string; packet: Record<string, any> }> {
  const spec = envelopeSpec();
  const profileArb = profile ? fc.constant(profile) : fc.constantFrom(...profileNames());
  return profileArb.chain((p) =>
    fc.integer({ min: NOW_MIN, max: NOW_MAX }).chain((nowMs) => {
      const top = objectOf(spec.topLevel, {
        profile: fc.constant(p),
        body: bodyOf(p),
      });
      const expiry = fc.oneof(
        fc.constant(nowMs + 1000), // the boundary: one second to go
        fc.integer({ min: nowMs + 1000, max: Date.UTC(2099, 11, 31) }),
      );
      return fc.tuple(top, expiry, fc.constantFrom('s', 'ms')).map(([generated, exp, precision]) => {
        // fast-check may reuse generated values while shrinking: never edit them in place.
        const packet = structuredClone(generated);
        const iso = new Date(exp).toISOString();
        (packet.delivery as Record<string, unknown>).expires_at = precision === 's' ? `${iso.slice(0, 19)}Z` : iso;
        return { profile: p, now: `${new Date(nowMs).toISOString().slice(0, 19)}Z`, packet: packet as Record<string, any> };
      });
    }),
  );
}

/** Valid, sealed envelope cases of every profile (or one). */
export function validEnvelope(profile?: string): fc.Arbitrary<EnvelopeCase> {
  return fc.tuple(envelopeOf(profile), fc.constantFrom<'computed' | 'placeholder'>('computed', 'placeholder')).map(([c, sealing]) => ({
    ...c,
    sealing,
    packet: seal(structuredClone(c.packet), sealing),
  }));
}

export { utcDateTime };
