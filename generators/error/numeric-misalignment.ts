import * as fc from 'fast-check';
import type { ErrorPayload, ErrorSpec } from '../../src/spec/error.js';
import type { Mutator } from '../common/mutator.js';
import { copy, type AdversarialError } from './adversarial.js';
import { contradictingStatuses } from './numeric-status.js';

/** RFC 9110's statuses of authentication and authorization (401, 403, 407): a family of their own. */
const AUTH_STATUSES = [401, 403, 407];

/**
 * The family of a status that contradicts a code, by the slip of a validator it exposes:
 * - `numeric:range-floor`: the lowest status of the compared range itself (a range read as exclusive);
 * - `numeric:success`: another 2xx (a check of `200` alone);
 * - `numeric:redirect`: a 3xx (a check of success statuses alone);
 * - `numeric:auth-4xx`: 401, 403 or 407 with a code of another kind (auth statuses read as transport ones);
 * - `numeric:cross-4xx`: another 4xx of another kind (a check of the auth statuses alone).
 */
export function numericFamily(status: number, spec: ErrorSpec): string {
  if (status === spec.numericAlignment.httpRange[0]) return 'numeric:range-floor';
  if (status < 300) return 'numeric:success';
  if (status < 400) return 'numeric:redirect';
  return AUTH_STATUSES.includes(status) ? 'numeric:auth-4xx' : 'numeric:cross-4xx';
}

/** The statuses that contradict `code`, by family. */
function statusesByFamily(code: string, spec: ErrorSpec): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const s of contradictingStatuses(code, spec))
    out.set(numericFamily(s, spec), [...(out.get(numericFamily(s, spec)) ?? []), s]);
  return out;
}

/** Every family the mutator can name under `spec`: the kinds of status that contradict some code with a row. */
export function numericFamilies(spec: ErrorSpec): string[] {
  const families = new Set(spec.registry.codes.flatMap((code) => [...statusesByFamily(code, spec).keys()]));
  return ['numeric:range-floor', 'numeric:success', 'numeric:redirect', 'numeric:auth-4xx', 'numeric:cross-4xx'].filter(
    (f) => families.has(f),
  );
}

/**
 * ERR-NUMERIC-ALIGN (D-ERR-09): a valid payload whose `numeric_status` alone is replaced by one that
 * contradicts its `code`, the family drawn first among those the code has, then the status. A code
 * without a row in the table (one a user added to the registry, or any code of an open registry) is
 * never compared: such a payload offers nothing to break.
 */
export function numericMisalignment(spec: ErrorSpec): Mutator<ErrorPayload, AdversarialError> {
  return {
    breaks: 'ERR-NUMERIC-ALIGN',
    families: numericFamilies(spec),
    mutate: (base) => {
      const families = [...statusesByFamily(base.body.code, spec)];
      if (families.length === 0) return fc.constant(null);
      return fc.constantFrom(...families).chain(([family, statuses]) =>
        fc.constantFrom(...statuses).map((status) => {
          const p = copy(base);
          p.body.numeric_status = status;
          return { family, variants: [`code:${p.body.code}`], payload: p };
        }),
      );
    },
  };
}
