import type { CheckDefinition } from '../../src/engine/check.js';
import * as rules from './rules.js';
import { envSeedFixtures } from './seed-fixtures.js';
import { envValidAccepted } from './valid-accepted.js';

/** The envelope suite: valid envelopes accepted, each validation expectation enforced. */
export const envelopeSuite: CheckDefinition[] = [
  envValidAccepted,
  envSeedFixtures,
  rules.envProfileKnown,
  rules.envRequiredFields,
  rules.envUndeclaredField,
  rules.envFieldType,
  rules.envUtcZ,
  rules.envIdentity,
  rules.envCorrelationId,
  rules.envIdempotencyKey,
  rules.envFallbackDirective,
  rules.envExpired,
  rules.envUnsupportedClaim,
  rules.envSecretInMemory,
  rules.envColdMemoryPromotion,
  rules.envFinalReportEvidence,
  rules.envHumanReviewBlocker,
];
