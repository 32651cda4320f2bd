import fc from 'fast-check';
import { errorEnums, type ErrorSpec, type SubError } from '../../src/spec/error.js';
import { recoveryOption } from './recovery-option.js';

/**
 * The actions valid payloads may pair with `condition` under `origin`: the allowed row of `spec`'s
 * condition-to-action table (D-ERR-04), without retry actions when the origin is configuration (D-ERR-08).
 */
export function actionsFor(condition: string, origin: string, spec: ErrorSpec): string[] {
  const allowed = spec.conditionActions.table[condition]?.allowed ?? [];
  return origin === 'configuration' ? allowed.filter((a) => !spec.retry.actions.includes(a)) : allowed;
}

/** A valid sub-error under `origin`: a condition and zero to three options that fit it. */
export function subError(origin: string, spec: ErrorSpec, options: { condition?: string } = {}): fc.Arbitrary<SubError> {
  const condition = options.condition !== undefined ? fc.constant(options.condition) : fc.constantFrom(...errorEnums(spec).mechanicalCondition);
  return condition.chain((c) =>
    fc
      .array(fc.constantFrom(...actionsFor(c, origin, spec)).chain(recoveryOption), { maxLength: 3 })
      .map((recovery_options) => ({ mechanical_condition: c, recovery_options })),
  );
}
