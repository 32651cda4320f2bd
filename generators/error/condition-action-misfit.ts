import fc from 'fast-check';
import { errorEnums, type ErrorSpec } from '../../src/spec/error.js';
import { copy, type AdversarialError } from './adversarial.js';
import { errorPayload } from './error-payload.js';
import { retriesBy } from './executable-parameters.js';
import { recoveryOption } from './recovery-option.js';
import { subError } from './sub-error.js';

/** Forbidden (condition, action) pairs of `spec`'s D-ERR-04 table usable under `origin` (no retry path under configuration). */
function misfits(origin: string, spec: ErrorSpec): [string, string][] {
  return Object.entries(spec.conditionActions.table).flatMap(([condition, row]) =>
    row.forbidden.filter((a) => origin !== 'configuration' || !retriesBy(a, spec)).map((a) => [condition, a] as [string, string]),
  );
}

/** The seed's own counter-examples (000 Scenario 5: a plain retry on an unknown outcome; a grant renewal for a malformed request), drawn more often. */
const HEADLINE: [string, string][] = [
  ['unknown_outcome', 'wait_for_dependency'],
  ['malformed_request', 'renew_grant'],
];

/**
 * A valid payload in which one sub-error gains an option whose action the table forbids for its
 * condition, with the parameters that action needs, so only D-ERR-04 is broken (ERR-CONDITION-ACTION).
 */
export function conditionActionMisfit(spec: ErrorSpec): fc.Arbitrary<AdversarialError> {
  const origins = errorEnums(spec).origin.filter((o) => misfits(o, spec).length > 0);
  if (origins.length === 0) throw new Error('spec/error.json conditionActions forbids no pair: ERR-CONDITION-ACTION has nothing to plant');
  return fc
    .constantFrom(...origins)
    .chain((origin) => {
      const pairs = misfits(origin, spec);
      const headline = HEADLINE.filter(([c, a]) => pairs.some(([pc, pa]) => pc === c && pa === a));
      const pair = headline.length > 0 ? fc.oneof(fc.constantFrom(...headline), fc.constantFrom(...pairs)) : fc.constantFrom(...pairs);
      return fc.tuple(fc.constant(origin), errorPayload(spec, { origin }), pair).chain(([o, base, [condition, action]]) =>
        fc.tuple(fc.constant(base), fc.constant(action), subError(o, spec, { condition }), recoveryOption(action, spec, o), fc.nat(), fc.nat()),
      );
    })
    .map(([base, action, se, misfit, i, j]) => {
      const p = copy(base);
      const options = [...se.recovery_options];
      options.splice(j % (options.length + 1), 0, misfit);
      const list = p.body.sub_errors ?? [];
      list.splice(i % (list.length + 1), 0, { ...se, recovery_options: options });
      p.body.sub_errors = list;
      return { family: `misfit:${se.mechanical_condition}:${action}`, payload: p };
    });
}
