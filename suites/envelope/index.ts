import type { CheckDefinition } from '../../src/engine/check.js';
import { envColdMemoryPromotion } from './cold-memory-promotion.js';
import { envCorrelationId } from './correlation-id.js';
import { envExpired } from './expired.js';
import { envFallbackDirective } from './fallback-directive.js';
import { envFieldType } from './field-type.js';
import { envFinalReportEvidence } from './final-report-evidence.js';
import { envHumanReviewBlocker } from './human-review-blocker.js';
import { envIdempotencyKey } from './idempotency-key.js';
import { envIdentity } from './identity.js';
import { envProfileKnown } from './profile-known.js';
import { envRequiredFields } from './required-fields.js';
import { envSecretInMemory } from './secret-in-memory.js';
import { envSeedFixtures } from './seed-fixtures.js';
import { envUndeclaredField } from './undeclared-field.js';
import { envUnsupportedClaim } from './unsupported-claim.js';
import { envUtcZ } from './utc-z.js';
import { envValidAccepted } from './valid-accepted.js';

/**
 * The envelope suite: valid envelopes accepted, then each validation expectation of 001
 * §Expectativas de validación enforced, one check each.
 */
export const envelopeSuite: CheckDefinition[] = [
  envValidAccepted,
  envSeedFixtures,
  envProfileKnown,
  envRequiredFields,
  envUndeclaredField,
  envFieldType,
  envUtcZ,
  envIdentity,
  envCorrelationId,
  envIdempotencyKey,
  envFallbackDirective,
  envExpired,
  envUnsupportedClaim,
  envSecretInMemory,
  envColdMemoryPromotion,
  envFinalReportEvidence,
  envHumanReviewBlocker,
];
