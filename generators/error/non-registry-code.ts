import * as fc from 'fast-check';
import { registryClosed, type ErrorSpec } from '../../src/spec/error.js';
import { copy } from './adversarial.js';
import { errorPayload } from './error-payload.js';
import { foreignCodeOfFamily } from './foreign-codes.js';

/** A payload whose code is outside the registry, with the verdict D-ERR-03 gives it under the run's spec. */
export interface RegistryCase {
  family: string;
  payload: unknown;
  /** False under a closed registry (the pack's reading): the code is rejected. True under an open one. */
  valid: boolean;
}

/**
 * A valid payload whose `code` alone is replaced by a string outside `spec`'s registry
 * (ERR-REGISTRY-CODE): rejected under a closed registry, accepted under an open one. A code the
 * spec's registry holds is never drawn. The family (how the code misses the registry) is drawn first,
 * every family alike, so that each shows up in a default run. `numeric_status` is left as it was: D-ERR-09 has no row for
 * an unknown code, so alignment stays out of the way.
 */
export function nonRegistryCode(spec: ErrorSpec): fc.Arbitrary<RegistryCase> {
  const valid = !registryClosed(spec);
  return fc.tuple(errorPayload(spec), foreignCodeOfFamily(spec)).map(([base, { family, code }]) => {
    const p = copy(base);
    p.body.code = code;
    return { family, payload: p, valid };
  });
}
