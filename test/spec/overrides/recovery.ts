import type { Alternatives } from '../../helpers/overrides.js';

/**
 * Another reasonable reading for each decision key of `spec/recovery.json` (its `$decisions`):
 * `test/catalog/overrides.test.ts` holds the generators, the judges and the reference to moving
 * together under each.
 */
export const alternatives: Alternatives = {
  backoff: {
    value: { initialDelayMs: 2000, exponentialFactor: 3 },
    why: 'seed 000 scenario 2 says "exponential" and gives no delay: a 2 s first delay tripled on each retry is as exponential as 1 s doubled',
  },
  isolatedNoopBlockerType: {
    value: 'boundary_conflict',
    why: 'seed 000 says the blocker "names the exact boundary conflict": boundary_conflict (which needs human review, D-ENV-12) reads the sentence as literally as isolated_noop reads the error status',
  },
};
