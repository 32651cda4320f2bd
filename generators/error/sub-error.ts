import fc from 'fast-check';
import { errorEnums, errorSpec, type SubError } from '../../src/spec/error.js';
import { recoveryOption } from './recovery-option.js';

/**
 * The actions valid payloads may pair with `condition` under `origin`: the allowed row of the
 * condition-to-action table (D-ERR-04), without retry actions when the origin is configuration (D-ERR-08).
 */
export function actionsFor(condition: string, origin: string): string[] {
  const spec = errorSpec();
  const allowed = spec.conditionActions.table[condition]?.allowed ?? [];
  return origin === 'configuration' ? allowed.filter((a) => !spec.retry.actions.includes(a)) : allowed;
}

/** A valid sub-error: a condition and zero to three options that fit it. */
export function subError(origin: string, options: { condition?: string; minOptions?: number } = {}): fc.Arbitrary<SubError> {
  const condition = options.condition !== undefined ? fc.constant(options.condition) : fc.constantFrom(...errorEnums().mechanicalCondition);
  return condition.chain((c) =>
    fc
      .array(fc.constantFrom(...actionsFor(c, origin)).chain(recoveryOption), { minLength: options.minOptions ?? 0, maxLength: 3 })
      .map((recovery_options) => ({ mechanical_condition: c, recovery_options })),
  );
}
