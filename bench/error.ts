import fc from 'fast-check';
import type { Bench } from 'tinybench';
import { conditionActionMisfit } from '../generators/error/condition-action-misfit.js';
import { configRetry } from '../generators/error/config-retry.js';
import { errorPayload } from '../generators/error/error-payload.js';
import { execParamViolation } from '../generators/error/exec-param-violation.js';
import { nonRegistryCode } from '../generators/error/non-registry-code.js';
import { numericMisalignment } from '../generators/error/numeric-misalignment.js';
import { mutated } from '../generators/error/adversarial.js';
import { scenarioPayloads } from '../generators/error/scenarios.js';
import { schemaViolation } from '../generators/error/schema-violation.js';
import { secretLeak } from '../generators/error/secret-leak.js';
import { errorReference } from '../src/reference/error/index.js';
import { containsSecret } from '../src/reference/secrets.js';
import { bundledSpec } from '../src/spec/index.js';

const CONTEXT = { now: '2026-06-01T00:00:00Z' };

/** Cycles through a fixed, pre-generated corpus so that generation stays out of the measurement. */
function cycle<T>(items: readonly T[]): () => T {
  let i = 0;
  return () => items[i++ % items.length]!;
}

/**
 * Adds the error-payload tasks to `bench`: one operation validates one payload, so ops/s is error
 * payloads validated per second (valid, adversarial, and the seed's scenarios), plus the secret scan alone.
 */
export async function benchError(bench: Bench): Promise<void> {
  const spec = bundledSpec();
  const { validateError } = errorReference(spec);
  const e = spec.error;
  const valid = fc.sample(errorPayload(e), { seed: 42, numRuns: 2000 });
  const adversarial = fc
    .sample(
      fc.oneof(
        schemaViolation(e),
        nonRegistryCode(e),
        conditionActionMisfit(e),
        execParamViolation(e),
        secretLeak(e),
        configRetry(e),
        mutated(errorPayload(e), numericMisalignment(e)),
      ),
      { seed: 42, numRuns: 2000 },
    )
    .map((c) => c.payload);
  const nextValid = cycle(valid);
  const nextAdversarial = cycle(adversarial);
  const nextScenario = cycle(scenarioPayloads());
  validateError(valid[0], CONTEXT); // compile the ajv validators before timing
  bench
    .add('error: validateError, generated valid payloads (payloads/s)', () => {
      validateError(nextValid(), CONTEXT);
    })
    .add('error: validateError, adversarial payloads (payloads/s)', () => {
      validateError(nextAdversarial(), CONTEXT);
    })
    .add('error: validateError, seed 000 scenarios (payloads/s)', () => {
      validateError(nextScenario(), CONTEXT);
    })
    .add('secrets: containsSecret over a valid error payload (payloads/s)', () => {
      containsSecret(nextValid());
    });
}
