import fc from 'fast-check';
import { envelopeSpec } from '../../../src/spec/envelope.js';
import { fakeSecretInProse } from '../../common/secrets.js';
import { unsupportedClaim } from '../boundary.js';
import { getAt, setAt, type Mutator } from './mutation.js';

/** ENV-EXPIRED: the clock at or after the expiry (equality expires, D-ENV-07). */
export const expired: Mutator = (c) =>
  fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1001, max: 20 * 365 * 86_400_000 })).map((late) => {
    const now = new Date(Date.parse(c.packet.delivery.expires_at) + late).toISOString();
    return { packet: c.packet, now, family: late === 0 ? 'at-expiry' : late <= 1000 ? 'just-after' : 'long-after', note: `now ${now} is not before expires_at ${c.packet.delivery.expires_at}` };
  });

/** Text fields of the body present in this packet. */
function bodyTextPointers(packet: Record<string, any>, profile: string): string[] {
  const fields = envelopeSpec().profiles[profile]!.fields;
  return Object.entries(fields)
    .filter(([name, f]) => f.type === 'text' && typeof packet.body[name] === 'string')
    .map(([name]) => `/body/${name}`);
}

/**
 * ENV-UNSUPPORTED-CLAIM: an affirmative claim that UAIX provides a service it does not, appended to
 * a body text field (or, where the profile has none, carried as an extension's purpose).
 */
export const unsupportedClaimAdded: Mutator = (c) =>
  fc.tuple(unsupportedClaim(), fc.constantFrom('append', 'replace')).chain(([claim, how]) => {
    const targets = bodyTextPointers(c.packet, c.profile);
    const where = targets.length ? fc.constantFrom(...targets) : fc.constant('/extensions/-');
    return where.map((pointer) => {
      const packet = structuredClone(c.packet);
      if (pointer === '/extensions/-') {
        packet.extensions.push({ namespace: 'urn:example:claims', purpose: claim.sentence, critical: false });
      } else {
        const old = getAt(packet, pointer) as string;
        setAt(packet, pointer, how === 'append' ? `${old}\n${claim.sentence}` : claim.sentence);
      }
      return { packet, family: claim.topic.replace(/\s+/g, '-'), note: `${pointer}: "${claim.sentence}"` };
    });
  });

/** ENV-SECRET-IN-MEMORY: a (fake) secret or token inside a memory proposal's facts. */
export const secretInMemory: Mutator = (c) =>
  fc.tuple(fakeSecretInProse(), fc.nat()).map(([s, i]) => {
    const packet = structuredClone(c.packet);
    const facts = packet.body.proposed_facts as string[];
    const at = i % (facts.length + 1);
    facts.splice(at, 0, s.text);
    return { packet, family: s.family, note: `/body/proposed_facts/${at} carries a ${s.family}` };
  });

/** ENV-COLD-MEMORY-PROMOTION: a cold memory record proposed as current truth, without review. */
export const coldMemoryPromoted: Mutator = (c) => {
  const cold = envelopeSpec().policy.coldMemory;
  const packet = structuredClone(c.packet);
  packet.body.source_type = cold.sourceType;
  packet.body.proposed_status = cold.forbiddenStatus;
  packet.body.review_required = false;
  return fc.constant({ packet, family: 'cold-to-current', note: `source_type ${cold.sourceType} proposed as ${cold.forbiddenStatus} without review` });
};

/** ENV-FINAL-REPORT-EVIDENCE: a final report whose evidence is empty or hollow. */
export const hollowEvidence: Mutator = (c) =>
  fc.constantFrom('empty-list', 'blank-item').map((family) => {
    const packet = structuredClone(c.packet);
    packet.body.evidence = family === 'empty-list' ? [] : [{ kind: 'artifact', ref: '', description: '' }];
    return { packet, family, note: family === 'empty-list' ? '/body/evidence is []' : '/body/evidence/0 has no reference and no description' };
  });

/** ENV-HUMAN-REVIEW-BLOCKER: an authorization/secret/destructive/boundary blocker that skips human review. */
export const blockerWithoutReview: Mutator = (c) =>
  fc.constantFrom(...envelopeSpec().policy.humanReviewBlockerTypes).map((type) => {
    const packet = structuredClone(c.packet);
    packet.body.blocker_type = type;
    packet.body.human_review_required = false;
    return { packet, family: type, note: `${type} blocker with human_review_required false` };
  });
