import * as fc from 'fast-check';
import { errorEnums, type ErrorSpec, type RecoveryOption, type SubError } from '../../src/spec/error.js';
import { retriesBy } from './executable-parameters.js';
import { recoveryOption } from './recovery-option.js';

/**
 * The actions valid payloads may pair with `condition` under `origin`: the allowed row of `spec`'s
 * condition-to-action table (D-ERR-04), without retry paths when the origin is configuration (D-ERR-08).
 */
export function actionsFor(condition: string, origin: string, spec: ErrorSpec): string[] {
  const allowed = spec.conditionActions.table[condition]?.allowed ?? [];
  return origin === 'configuration' ? allowed.filter((a) => !retriesBy(a, spec)) : allowed;
}

/** A valid sub-error under `origin`: a condition and zero to three options that fit it (none where no action fits). */
export function subError(
  origin: string,
  spec: ErrorSpec,
  options: { condition?: string } = {},
): fc.Arbitrary<SubError> {
  const condition =
    options.condition !== undefined
      ? fc.constant(options.condition)
      : fc.constantFrom(...errorEnums(spec).mechanicalCondition);
  return condition.chain((c) => {
    const actions = actionsFor(c, origin, spec);
    const option =
      actions.length > 0
        ? fc.array(
            fc.constantFrom(...actions).chain((a) => recoveryOption(a, spec, origin)),
            { maxLength: 3 },
          )
        : fc.constant<RecoveryOption[]>([]);
    return option.map((recovery_options) => ({ mechanical_condition: c, recovery_options }));
  });
}
