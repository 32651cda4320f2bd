import fc from 'fast-check';
import type { EnvelopeSpec } from '../../../src/spec/envelope.js';
import { fakeSecretInProse, SECRET_FAMILIES } from '../../common/secrets.js';
import { CLAIMS, unsupportedClaim } from '../boundary.js';
import { getAt, setAt } from '../walk.js';
import type { EnvelopeMutator } from './mutation.js';

/**
 * ENV-EXPIRED: the clock at or after the expiry (D-ENV-07: the instant of expiry is already too
 * late), or, where the spec's envelopes expire only after `expires_at`, strictly after it.
 */
export function expired(spec: EnvelopeSpec): EnvelopeMutator {
  const atExpiry = spec.expiry !== 'after';
  const late = [...(atExpiry ? [fc.constant(0)] : []), fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1001, max: 20 * 365 * 86_400_000 })];
  return {
    breaks: 'ENV-EXPIRED',
    families: [...(atExpiry ? ['at-expiry'] : []), 'just-after', 'long-after'],
    mutate: (c) =>
      fc.oneof(...late).map((ms) => {
        const now = new Date(Date.parse(c.packet.delivery.expires_at) + ms).toISOString();
        return { packet: c.packet, now, family: ms === 0 ? 'at-expiry' : ms <= 1000 ? 'just-after' : 'long-after', note: `now ${now} is ${atExpiry ? 'not before' : 'after'} expires_at ${c.packet.delivery.expires_at}` };
      }),
  };
}

/** Text fields of the profile's body (in `spec`) present in this packet. */
function bodyTextPointers(spec: EnvelopeSpec, packet: Record<string, any>, profile: string): string[] {
  const fields = spec.profiles[profile]!.fields;
  return Object.entries(fields)
    .filter(([name, f]) => f.type === 'text' && typeof packet.body[name] === 'string')
    .map(([name]) => `/body/${name}`);
}

/** The family of a claim about `topic`: the topic, spaces as dashes. */
const claimFamily = (topic: string): string => topic.replace(/\s+/g, '-');

/**
 * ENV-UNSUPPORTED-CLAIM: an affirmative claim that UAIX provides a service it does not, appended to
 * a body text field (or, where the profile has none, carried as an extension's purpose).
 */
export function unsupportedClaimAdded(spec: EnvelopeSpec): EnvelopeMutator {
  return {
    breaks: 'ENV-UNSUPPORTED-CLAIM',
    families: Object.keys(CLAIMS).map(claimFamily),
    mutate: (c) =>
      fc.tuple(unsupportedClaim(), fc.constantFrom('append', 'replace')).chain(([claim, how]) => {
        const targets = bodyTextPointers(spec, c.packet, c.profile);
        const where = targets.length ? fc.constantFrom(...targets) : fc.constant('/extensions/-');
        return where.map((pointer) => {
          const packet = structuredClone(c.packet);
          if (pointer === '/extensions/-') {
            packet.extensions.push({ namespace: 'urn:example:claims', purpose: claim.sentence, critical: false });
          } else {
            const old = getAt(packet, pointer) as string;
            setAt(packet, pointer, how === 'append' ? `${old}\n${claim.sentence}` : claim.sentence);
          }
          return { packet, family: claimFamily(claim.topic), note: `${pointer}: "${claim.sentence}"` };
        });
      }),
  };
}

/** ENV-SECRET-IN-MEMORY: a (fake) secret or token inside a memory proposal's facts. */
export const secretInMemory: EnvelopeMutator = {
  breaks: 'ENV-SECRET-IN-MEMORY',
  families: SECRET_FAMILIES,
  mutate: (c) =>
    fc.tuple(fakeSecretInProse(), fc.nat()).map(([s, i]) => {
      const packet = structuredClone(c.packet);
      const facts = packet.body.proposed_facts as string[];
      const at = i % (facts.length + 1);
      facts.splice(at, 0, s.text);
      return { packet, family: s.family, note: `/body/proposed_facts/${at} carries a ${s.family}` };
    }),
};

/** ENV-COLD-MEMORY-PROMOTION: a cold memory record (as `spec` names it) proposed as current truth, without review. */
export function coldMemoryPromoted(spec: EnvelopeSpec): EnvelopeMutator {
  const cold = spec.policy.coldMemory;
  return {
    breaks: 'ENV-COLD-MEMORY-PROMOTION',
    families: ['cold-to-current'],
    mutate: (c) => {
      const packet = structuredClone(c.packet);
      packet.body.source_type = cold.sourceType;
      packet.body.proposed_status = cold.forbiddenStatus;
      packet.body.review_required = false;
      return fc.constant({ packet, family: 'cold-to-current', note: `source_type ${cold.sourceType} proposed as ${cold.forbiddenStatus} without review` });
    },
  };
}

/** ENV-FINAL-REPORT-EVIDENCE: a final report whose evidence is empty or hollow. */
export const hollowEvidence: EnvelopeMutator = {
  breaks: 'ENV-FINAL-REPORT-EVIDENCE',
  families: ['empty-list', 'blank-item'],
  mutate: (c) =>
    fc.constantFrom('empty-list', 'blank-item').map((family) => {
      const packet = structuredClone(c.packet);
      packet.body.evidence = family === 'empty-list' ? [] : [{ kind: 'artifact', ref: '', description: '' }];
      return { packet, family, note: family === 'empty-list' ? '/body/evidence is []' : '/body/evidence/0 has no reference and no description' };
    }),
};

/** ENV-HUMAN-REVIEW-BLOCKER: a blocker of a type `spec` says needs human review (authorization, secret...), skipping it. */
export function blockerWithoutReview(spec: EnvelopeSpec): EnvelopeMutator {
  const types = spec.policy.humanReviewBlockerTypes;
  return {
    breaks: 'ENV-HUMAN-REVIEW-BLOCKER',
    families: types,
    mutate: (c) =>
      fc.constantFrom(...types).map((type) => {
        const packet = structuredClone(c.packet);
        packet.body.blocker_type = type;
        packet.body.human_review_required = false;
        return { packet, family: type, note: `${type} blocker with human_review_required false` };
      }),
  };
}
