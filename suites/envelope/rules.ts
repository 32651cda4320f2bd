import { mutated } from '../../generators/envelope/mutators/mutation.js';
import {
  badCorrelationId,
  badFallbackDirective,
  badIdempotencyKey,
  malformedIdentity,
  notUtcZ,
} from '../../generators/envelope/mutators/format.js';
import {
  blockerWithoutReview,
  coldMemoryPromoted,
  expired,
  hollowEvidence,
  secretInMemory,
  unsupportedClaimAdded,
} from '../../generators/envelope/mutators/policy.js';
import { missingRequired, undeclaredField, unknownProfile } from '../../generators/envelope/mutators/structure.js';
import { wrongValue } from '../../generators/envelope/mutators/types.js';
import { rejectionCheck } from './reject.js';

/**
 * The validation expectations of 001 §Expectativas de validación (= 004 §验证期望), numbered 1-12 in
 * the order the seeds list them (rule 5 names two fields and counts twice), each as one check.
 */
const rule = (n: number, extra = '') => `001 §Expectativas de validación #${n}; 004 §验证期望 #${n}${extra}`;

export const envProfileKnown = rejectionCheck({
  id: 'ENV-PROFILE-KNOWN',
  statement:
    'An envelope whose `profile` is not exactly the name of a profile in the registry (a `.v2` of a known profile, an unregistered name, a non-string) is invalid (001 §Registros UAIX relacionados; D-ENV-13).',
  title: 'An envelope naming a profile outside the registry is rejected',
  specRef: '001 §Registros UAIX relacionados; notes §Profile body fields',
  decisions: ['D-ENV-13'],
  cases: (spec) => mutated(spec, unknownProfile(spec.envelope)),
});

export const envRequiredFields = rejectionCheck({
  id: 'ENV-REQUIRED-FIELDS',
  statement:
    'An envelope missing one of the twelve canonical fields, a body field its profile requires, or a required member of a published object inside it is invalid (001 §Campos obligatorios, §Campos de confiabilidad; 004 §必填字段; D-ENV-05).',
  title: 'An envelope missing a required field (canonical, body or nested) is rejected',
  specRef: '001 §Campos obligatorios; 004 §必填字段',
  decisions: ['D-ENV-05', 'D-ENV-06'],
  cases: (spec) => mutated(spec, missingRequired(spec.envelope)),
});

export const envUndeclaredField = rejectionCheck({
  id: 'ENV-UNDECLARED-FIELD',
  statement:
    'An envelope carrying a member no schema declares, at the top level or inside any published object (body, delivery, a lineage step...), is invalid (001 §Campos adicionales, §Expectativas de validación #1; D-ENV-14).',
  title: 'An undeclared member, at the top level or inside any published object, is rejected',
  specRef: `001 §Campos adicionales; ${rule(1)}`,
  decisions: ['D-ENV-14', 'D-WIRE-02'],
  cases: (spec) => mutated(spec, undeclaredField(spec.envelope)),
});

export const envFieldType = rejectionCheck({
  id: 'ENV-FIELD-TYPE',
  statement:
    'An envelope that is no JSON object, or whose field holds a value its declared type does not admit (another JSON type, the value spelled as text, a number past its bound or not whole, a word outside its closed vocabulary, a blank or spaced token, a list too short or with an item of another type), is invalid: schema validation is strict (001 §Expectativas de validación #1; D-ENV-16).',
  title: 'A field holding a value of the wrong type, range or vocabulary (or a packet that is no object) is rejected',
  specRef: rule(1),
  decisions: ['D-ENV-16', 'D-ENV-01', 'D-ENV-02', 'D-ENV-03'],
  cases: (spec) => mutated(spec, wrongValue(spec.envelope)),
});

export const envUtcZ = rejectionCheck({
  id: 'ENV-UTC-Z',
  statement:
    'A date-time field written otherwise than in UTC with a trailing upper-case `Z` (`+00:00`, another offset, no designator) makes the envelope invalid, even when it names the same instant (001 §Expectativas de validación #2; D-ENV-04).',
  title: 'A date-time field without the trailing Z is rejected',
  specRef: rule(2),
  decisions: ['D-ENV-04'],
  cases: (spec) => mutated(spec, notUtcZ(spec.envelope)),
});

export const envIdentity = rejectionCheck({
  id: 'ENV-IDENTITY',
  statement:
    'An envelope whose `source` or `target` identity has a malformed `id` (blank, with whitespace or control characters inside, not a string) or `type` is invalid (001 §Expectativas de validación #3; D-ENV-01).',
  title: 'A malformed source or target identity is rejected',
  specRef: rule(3),
  decisions: ['D-ENV-01'],
  cases: (spec) => mutated(spec, malformedIdentity),
});

export const envCorrelationId = rejectionCheck({
  id: 'ENV-CORRELATION-ID',
  statement:
    'An envelope whose `conversation.correlation_id` is missing, blank, has whitespace or control characters inside, or is not a string is invalid (001 §Expectativas de validación #4; D-ENV-01).',
  title: 'A missing or malformed correlation id is rejected',
  specRef: rule(4),
  decisions: ['D-ENV-01'],
  cases: (spec) => mutated(spec, badCorrelationId),
});

export const envIdempotencyKey = rejectionCheck({
  id: 'ENV-IDEMPOTENCY-KEY',
  statement:
    'An envelope whose `delivery.idempotency_key` is missing, blank, has whitespace or control characters inside, or is not a string is invalid (001 §Expectativas de validación #5; D-ENV-01).',
  title: 'A missing or malformed idempotency key is rejected',
  specRef: rule(5),
  decisions: ['D-ENV-01'],
  cases: (spec) => mutated(spec, badIdempotencyKey),
});

export const envFallbackDirective = rejectionCheck({
  id: 'ENV-FALLBACK-DIRECTIVE',
  statement:
    'An envelope whose `delivery.fallback_directive` is missing, blank (whitespace only) or not a string is invalid (001 §Expectativas de validación #6; D-ENV-02).',
  title: 'A missing or blank fallback directive is rejected',
  specRef: rule(6),
  decisions: ['D-ENV-02'],
  cases: (spec) => mutated(spec, badFallbackDirective),
});

export const envExpired = rejectionCheck({
  id: 'ENV-EXPIRED',
  statement:
    "An envelope whose `delivery.expires_at` is at or before the validators' clock (`context.now`) is invalid (001 §Expectativas de validación #7; D-ENV-07).",
  title: 'An envelope at or past its expiry (against context.now) is rejected',
  specRef: rule(7),
  decisions: ['D-ENV-07'],
  cases: (spec) => mutated(spec, expired(spec.envelope)),
});

export const envUnsupportedClaim = rejectionCheck({
  id: 'ENV-UNSUPPORTED-CLAIM',
  statement:
    'An envelope with a sentence affirming that UAIX provides hosted messaging, automatic sync, runtime orchestration, repository writes, official adapters, certification or hosted import is invalid, while the same services named in the negative are no claim (001 §Expectativas de validación #8, §Límite de soporte; D-ENV-09).',
  title: 'An affirmative claim that UAIX hosts, syncs, orchestrates, writes, certifies or imports is rejected',
  specRef: rule(8, '; 001 §Límite de soporte'),
  decisions: ['D-ENV-09'],
  cases: (spec) => mutated(spec, unsupportedClaimAdded(spec.envelope)),
});

export const envSecretInMemory = rejectionCheck({
  id: 'ENV-SECRET-IN-MEMORY',
  statement:
    'A `uai.agent.memory-proposal.v1` envelope whose body carries a private key, a credential, a bearer, session or API token, or another token-shaped secret is invalid; identifiers, digests, UUIDs and redacted placeholders are not secrets (001 §Expectativas de validación #9, §Reglas de redacción; D-ENV-08).',
  title: 'A memory proposal carrying a secret or token-like credential is rejected',
  specRef: rule(9, '; 001 §Reglas de redacción'),
  decisions: ['D-ENV-08'],
  cases: (spec) => mutated(spec, secretInMemory(spec.envelope), ['uai.agent.memory-proposal.v1']),
});

export const envColdMemoryPromotion = rejectionCheck({
  id: 'ENV-COLD-MEMORY-PROMOTION',
  statement:
    'A `uai.agent.memory-proposal.v1` envelope proposing a record of `source_type` `cold_memory` with `proposed_status` `current` is invalid: cold memory does not become current truth directly (001 §Expectativas de validación #10; D-ENV-10).',
  title: 'A cold memory record proposed directly as current truth is rejected',
  specRef: rule(10),
  decisions: ['D-ENV-10'],
  cases: (spec) => mutated(spec, coldMemoryPromoted(spec.envelope), ['uai.agent.memory-proposal.v1']),
});

export const envFinalReportEvidence = rejectionCheck({
  id: 'ENV-FINAL-REPORT-EVIDENCE',
  statement:
    'A `uai.agent.final-report.v1` envelope whose `evidence` list is empty, or holds an item with a blank reference and description, is invalid (001 §Expectativas de validación #11; D-ENV-11).',
  title: 'A final report without complete evidence is rejected',
  specRef: rule(11),
  decisions: ['D-ENV-11'],
  cases: (spec) => mutated(spec, hollowEvidence, ['uai.agent.final-report.v1']),
});

export const envHumanReviewBlocker = rejectionCheck({
  id: 'ENV-HUMAN-REVIEW-BLOCKER',
  statement:
    'A `uai.agent.blocker.v1` envelope whose `blocker_type` is `authorization`, `secret`, `destructive_action` or `boundary_conflict` and whose `human_review_required` is not `true` is invalid (001 §Expectativas de validación #12; D-ENV-12).',
  title: 'An authorization, secret, destructive-action or boundary-conflict blocker without human review is rejected',
  specRef: rule(12),
  decisions: ['D-ENV-12'],
  cases: (spec) => mutated(spec, blockerWithoutReview(spec.envelope), ['uai.agent.blocker.v1']),
});
