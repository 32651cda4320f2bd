import * as fc from 'fast-check';
import { errorEnums, type ErrorSpec } from '../../src/spec/error.js';
import type { AdversarialError } from './adversarial.js';
import { retriesBy } from './executable-parameters.js';
import { plantedAt, positionsFor } from './positions.js';
import { recoveryOption } from './recovery-option.js';

/** The actions `spec`'s D-ERR-04 table forbids for `condition` that are usable under `origin` (no retry path under configuration). */
function misfitActions(condition: string, origin: string, spec: ErrorSpec): string[] {
  const table = spec.conditionActions.table;
  const forbidden = Object.hasOwn(table, condition) ? table[condition]!.forbidden : [];
  return forbidden.filter((a) => origin !== 'configuration' || !retriesBy(a, spec));
}

/** The seed's own counter-examples (000 Scenario 5: a plain retry on an unknown outcome; a grant renewal for a malformed request), drawn more often within their condition. */
const HEADLINE: Readonly<Record<string, string>> = {
  unknown_outcome: 'wait_for_dependency',
  malformed_request: 'renew_grant',
};

/** The conditions of `spec` that some origin can break: one family each (`misfit:<condition>`), since a validator's table may lack any one row. */
export function misfitConditions(spec: ErrorSpec): string[] {
  const origins = errorEnums(spec).origin;
  return errorEnums(spec).mechanicalCondition.filter((c) => origins.some((o) => misfitActions(c, o, spec).length > 0));
}

/**
 * A valid payload in which one sub-error gains an option whose action the table forbids for its
 * condition, with the parameters that action needs, so only D-ERR-04 is broken (ERR-CONDITION-ACTION).
 * The condition is drawn first, every condition alike (a validator's table may miss any row), then
 * the origin, the action and where the option sits (`at:first`, after a fitting option, in a later
 * sub-error: a validator that reads only the first option, passes a sub-error when any option fits,
 * or reads only the first sub-error).
 */
export function conditionActionMisfit(spec: ErrorSpec): fc.Arbitrary<AdversarialError> {
  const conditions = misfitConditions(spec);
  if (conditions.length === 0)
    throw new Error('spec/error.json conditionActions forbids no pair: ERR-CONDITION-ACTION has nothing to plant');
  return fc.constantFrom(...conditions).chain((condition) => {
    const origins = errorEnums(spec).origin.filter((o) => misfitActions(condition, o, spec).length > 0);
    return fc.constantFrom(...origins).chain((origin) => {
      const actions = misfitActions(condition, origin, spec);
      const headline =
        Object.hasOwn(HEADLINE, condition) && actions.includes(HEADLINE[condition]!) ? HEADLINE[condition]! : null;
      const action =
        headline !== null ? fc.oneof(fc.constant(headline), fc.constantFrom(...actions)) : fc.constantFrom(...actions);
      return fc.tuple(action, fc.constantFrom(...positionsFor(condition, origin, spec))).chain(([a, at]) =>
        plantedAt(spec, origin, condition, recoveryOption(a, spec, origin), at).map((payload) => ({
          family: `misfit:${condition}`,
          where: `${condition} -> ${a}`,
          variants: [at],
          payload: payload as unknown,
        })),
      );
    });
  });
}
