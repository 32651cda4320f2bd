import type { Finding, ValidationContext } from '../../contract/adapter.js';
import type { EnvelopeSpec } from '../../spec/envelope.js';
import { referenceChecksum } from './checksum.js';
import { locateSecret } from '../secrets.js';
import { findUnsupportedClaim } from './claims.js';
import { clockInstant, utcInstant } from './instant.js';
import { strings } from './walk.js';

type Env = Record<string, any>;

/**
 * The policy rules of the validation expectations (001/004 §Expectativas de validación) that a
 * schema cannot say, under the policy of `spec`. Runs on schema-valid envelopes only.
 */
export function policyFindings(spec: EnvelopeSpec, env: Env, context: ValidationContext): Finding[] {
  const out: Finding[] = [];
  const body = env.body as Env;

  // Rule 6: expired packets (D-ENV-07: by default expired when now >= expires_at; under "after", when now > expires_at),
  // compared as exact instants (fractions to the nanosecond, leap seconds included).
  const now = clockInstant(context.now);
  const expiresAt = utcInstant(env.delivery.expires_at);
  if (now !== null && expiresAt !== null && (spec.expiry === 'after' ? expiresAt < now : expiresAt <= now)) {
    out.push({
      checkId: 'ENV-EXPIRED',
      path: '/delivery/expires_at',
      code: 'expired',
      message: `expired at ${env.delivery.expires_at}, now is ${context.now}`,
    });
  }

  // Rule 7: unsupported claims anywhere in the packet's text.
  for (const [path, text] of strings(env)) {
    const topic = findUnsupportedClaim(spec, text);
    if (topic) {
      out.push({
        checkId: 'ENV-UNSUPPORTED-CLAIM',
        path,
        code: 'unsupported_claim',
        message: `claims UAIX provides ${topic}`,
      });
      break;
    }
  }

  if (env.profile === 'uai.agent.memory-proposal.v1') {
    // Rule 8: secrets or token-like strings in memory proposals (D-ENV-08: anywhere in the packet, or in
    // its body only), in string values, member names and credential-named members alike.
    const secret = spec.secretScope === 'body' ? locateSecret(body, '/body') : locateSecret(env);
    if (secret)
      out.push({
        checkId: 'ENV-SECRET-IN-MEMORY',
        path: secret.path,
        code: 'secret',
        message: `memory proposal carries a ${secret.pattern}`,
      });
    // Rule 9: cold memory cannot become current truth directly (D-ENV-10).
    const cold = spec.policy.coldMemory;
    if (body.source_type === cold.sourceType && body.proposed_status === cold.forbiddenStatus) {
      out.push({
        checkId: 'ENV-COLD-MEMORY-PROMOTION',
        path: '/body/proposed_status',
        code: 'cold_memory_promotion',
        message: 'a cold memory record is proposed as current truth',
      });
    }
  }

  // Rule 10 (final reports carry complete evidence, D-ENV-11) is in the schema: minItems 1, non-blank items.

  // Rule 11: authorization, secret, destructive-action and boundary-conflict blockers need human review.
  if (
    env.profile === 'uai.agent.blocker.v1' &&
    spec.policy.humanReviewBlockerTypes.includes(body.blocker_type) &&
    body.human_review_required !== true
  ) {
    out.push({
      checkId: 'ENV-HUMAN-REVIEW-BLOCKER',
      path: '/body/human_review_required',
      code: 'human_review_required',
      message: `a ${body.blocker_type} blocker must require human review`,
    });
  }

  // Integrity (D-INT-01/02): a recorded checksum other than the placeholder must match.
  const recorded = env.integrity.checksum as string;
  if (recorded !== spec.policy.checksumPlaceholder) {
    const actual = referenceChecksum(spec, env);
    if (actual !== recorded)
      out.push({
        checkId: 'INT-TAMPER-DETECTED',
        path: '/integrity/checksum',
        code: 'checksum_mismatch',
        message: `content hashes to ${actual}`,
      });
  }
  return out;
}
