import { mutated } from '../../generators/envelope/mutators/mutation.js';
import { badCorrelationId, badFallbackDirective, badIdempotencyKey, malformedIdentity, notUtcZ } from '../../generators/envelope/mutators/format.js';
import { blockerWithoutReview, coldMemoryPromoted, expired, hollowEvidence, secretInMemory, unsupportedClaimAdded } from '../../generators/envelope/mutators/policy.js';
import { missingRequired, undeclaredField, unknownProfile } from '../../generators/envelope/mutators/structure.js';
import { rejectionCheck } from './reject.js';

/**
 * The validation expectations of 001 §Expectativas de validación (= 004 §验证期望), numbered 1-12 in
 * the order the seeds list them (rule 5 names two fields and counts twice), each as one check.
 */
const rule = (n: number, extra = '') => `001 §Expectativas de validación #${n}; 004 §验证期望 #${n}${extra}`;

export const envProfileKnown = rejectionCheck({
  id: 'ENV-PROFILE-KNOWN',
  title: 'An envelope naming a profile outside the registry is rejected',
  specRef: '001 §Registros UAIX relacionados; notes §Profile body fields',
  decisions: ['D-ENV-13'],
  cases: (spec) => mutated(spec, unknownProfile(spec)),
});

export const envRequiredFields = rejectionCheck({
  id: 'ENV-REQUIRED-FIELDS',
  title: 'An envelope missing a required field (canonical, body or nested) is rejected',
  specRef: '001 §Campos obligatorios; 004 §必填字段',
  decisions: ['D-ENV-05', 'D-ENV-06'],
  cases: (spec) => mutated(spec, missingRequired(spec)),
});

export const envUndeclaredField = rejectionCheck({
  id: 'ENV-UNDECLARED-FIELD',
  title: 'An undeclared member, at the top level or inside any published object, is rejected',
  specRef: `001 §Campos adicionales; ${rule(1)}`,
  decisions: ['D-WIRE-02'],
  cases: (spec) => mutated(spec, undeclaredField(spec)),
});

export const envUtcZ = rejectionCheck({
  id: 'ENV-UTC-Z',
  title: 'A date-time field without the trailing Z is rejected',
  specRef: rule(2),
  decisions: ['D-ENV-04'],
  cases: (spec) => mutated(spec, notUtcZ(spec)),
});

export const envIdentity = rejectionCheck({
  id: 'ENV-IDENTITY',
  title: 'A malformed source or target identity is rejected',
  specRef: rule(3),
  decisions: ['D-ENV-01'],
  cases: (spec) => mutated(spec, malformedIdentity),
});

export const envCorrelationId = rejectionCheck({
  id: 'ENV-CORRELATION-ID',
  title: 'A missing or malformed correlation id is rejected',
  specRef: rule(4),
  decisions: ['D-ENV-01'],
  cases: (spec) => mutated(spec, badCorrelationId),
});

export const envIdempotencyKey = rejectionCheck({
  id: 'ENV-IDEMPOTENCY-KEY',
  title: 'A missing or malformed idempotency key is rejected',
  specRef: rule(5),
  decisions: ['D-ENV-01'],
  cases: (spec) => mutated(spec, badIdempotencyKey),
});

export const envFallbackDirective = rejectionCheck({
  id: 'ENV-FALLBACK-DIRECTIVE',
  title: 'A missing or blank fallback directive is rejected',
  specRef: rule(6),
  decisions: ['D-ENV-02'],
  cases: (spec) => mutated(spec, badFallbackDirective),
});

export const envExpired = rejectionCheck({
  id: 'ENV-EXPIRED',
  title: 'An envelope at or past its expiry (against context.now) is rejected',
  specRef: rule(7),
  decisions: ['D-ENV-07'],
  cases: (spec) => mutated(spec, expired),
});

export const envUnsupportedClaim = rejectionCheck({
  id: 'ENV-UNSUPPORTED-CLAIM',
  title: 'An affirmative claim that UAIX hosts, syncs, orchestrates, writes, certifies or imports is rejected',
  specRef: rule(8, '; 001 §Límite de soporte'),
  decisions: ['D-ENV-09'],
  cases: (spec) => mutated(spec, unsupportedClaimAdded(spec)),
});

export const envSecretInMemory = rejectionCheck({
  id: 'ENV-SECRET-IN-MEMORY',
  title: 'A memory proposal carrying a secret or token-like credential is rejected',
  specRef: rule(9, '; 001 §Reglas de redacción'),
  decisions: ['D-ENV-08'],
  cases: (spec) => mutated(spec, secretInMemory, ['uai.agent.memory-proposal.v1']),
});

export const envColdMemoryPromotion = rejectionCheck({
  id: 'ENV-COLD-MEMORY-PROMOTION',
  title: 'A cold memory record proposed directly as current truth is rejected',
  specRef: rule(10),
  decisions: ['D-ENV-10'],
  cases: (spec) => mutated(spec, coldMemoryPromoted(spec), ['uai.agent.memory-proposal.v1']),
});

export const envFinalReportEvidence = rejectionCheck({
  id: 'ENV-FINAL-REPORT-EVIDENCE',
  title: 'A final report without complete evidence is rejected',
  specRef: rule(11),
  decisions: ['D-ENV-11'],
  cases: (spec) => mutated(spec, hollowEvidence, ['uai.agent.final-report.v1']),
});

export const envHumanReviewBlocker = rejectionCheck({
  id: 'ENV-HUMAN-REVIEW-BLOCKER',
  title: 'An authorization, secret, destructive-action or boundary-conflict blocker without human review is rejected',
  specRef: rule(12),
  decisions: ['D-ENV-12'],
  cases: (spec) => mutated(spec, blockerWithoutReview(spec), ['uai.agent.blocker.v1']),
});
