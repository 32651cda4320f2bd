import fc from 'fast-check';
import { copy, type AdversarialError } from './adversarial.js';
import { errorPayload } from './error-payload.js';
import { contradictingNumericStatus } from './numeric-status.js';

/** A valid payload whose `numeric_status` alone contradicts its `code` (ERR-NUMERIC-ALIGN, D-ERR-09). */
export function numericMisalignment(): fc.Arbitrary<AdversarialError> {
  return errorPayload()
    .chain((base) => fc.tuple(fc.constant(base), contradictingNumericStatus(base.body.code)))
    .map(([base, status]) => {
      const p = copy(base);
      p.body.numeric_status = status;
      return { family: `numeric:${p.body.code}:${status < 300 ? '2xx' : '4xx'}`, payload: p };
    });
}
