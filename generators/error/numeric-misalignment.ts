import fc from 'fast-check';
import type { ErrorPayload, ErrorSpec } from '../../src/spec/error.js';
import type { Mutator } from '../common/mutator.js';
import { copy, type AdversarialError } from './adversarial.js';
import { contradictingNumericStatus, contradictingStatuses } from './numeric-status.js';

/** The family of a misaligned status: the code and the kind of status that contradicts it. */
const familyOf = (code: string, status: number): string => `numeric:${code}:${status < 300 ? '2xx' : status < 400 ? '3xx' : '4xx'}`;

/** Every family the mutator can name under `spec`: each code with a row, with each kind of status that contradicts it. */
function numericFamilies(spec: ErrorSpec): string[] {
  const families = spec.registry.codes.flatMap((code) => contradictingStatuses(code, spec).map((s) => familyOf(code, s)));
  return [...new Set(families)];
}

/**
 * ERR-NUMERIC-ALIGN (D-ERR-09): a valid payload whose `numeric_status` alone is replaced by one that
 * contradicts its `code`. A code without a row in the table (one a user added to the registry, or
 * any code of an open registry) is never compared: such a payload offers nothing to break.
 */
export function numericMisalignment(spec: ErrorSpec): Mutator<ErrorPayload, AdversarialError> {
  return {
    breaks: 'ERR-NUMERIC-ALIGN',
    families: numericFamilies(spec),
    mutate: (base) =>
      fc.tuple(fc.constant(base), contradictingNumericStatus(base.body.code, spec)).map(([b, status]) => {
        if (status === null) return null;
        const p = copy(b);
        p.body.numeric_status = status;
        return { family: familyOf(p.body.code, status), payload: p };
      }),
  };
}
