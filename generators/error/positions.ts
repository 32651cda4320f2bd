import * as fc from 'fast-check';
import type { ErrorPayload, ErrorSpec, RecoveryOption } from '../../src/spec/error.js';
import { errorPayload } from './error-payload.js';
import { recoveryOption } from './recovery-option.js';
import { actionsFor, subError } from './sub-error.js';

/**
 * Where a planted option sits, as an evidence tag: the first option of the first sub-error; after an
 * option that fits, in the same sub-error; or in a sub-error after another one. Each exposes its own
 * slip: a validator that reads only the first option, that passes a sub-error when any one of its
 * options is right, or that reads only the first sub-error.
 */
export const POSITIONS = ['at:first', 'at:later-option', 'at:later-sub-error'] as const;
export type Position = (typeof POSITIONS)[number];

/** The positions available for an option planted under `condition` and `origin`: after another option only where one fits. */
export function positionsFor(condition: string, origin: string, spec: ErrorSpec): Position[] {
  return actionsFor(condition, origin, spec).length > 0 ? [...POSITIONS] : ['at:first', 'at:later-sub-error'];
}

/**
 * A valid payload of `origin` holding, at position `at`, a sub-error of `condition` with the option
 * `planted` draws among valid options: the payload breaks only what the planted option breaks.
 */
export function plantedAt(
  spec: ErrorSpec,
  origin: string,
  condition: string,
  planted: fc.Arbitrary<RecoveryOption>,
  at: Position,
): fc.Arbitrary<ErrorPayload> {
  const fitting = actionsFor(condition, origin, spec);
  const filler =
    at === 'at:later-option' && fitting.length > 0
      ? fc.constantFrom(...fitting).chain((a) => recoveryOption(a, spec, origin))
      : fc.constant(null);
  return fc
    .tuple(
      errorPayload(spec, { origin }),
      subError(origin, spec, { condition }),
      planted,
      filler,
      subError(origin, spec),
    )
    .map(([base, se, option, before, earlier]) => {
      const others = base.body.sub_errors ?? [];
      const target =
        at === 'at:later-option' && before !== null
          ? { ...se, recovery_options: [before, ...se.recovery_options, option] }
          : { ...se, recovery_options: [option, ...se.recovery_options] };
      const subErrors = at === 'at:later-sub-error' ? [earlier, ...others, target] : [target, ...others];
      return { ...base, body: { ...base.body, sub_errors: subErrors } };
    });
}
