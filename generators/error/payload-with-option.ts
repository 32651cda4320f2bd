import * as fc from 'fast-check';
import { errorEnums, type ErrorPayload, type ErrorSpec, type RecoveryOption } from '../../src/spec/error.js';
import { errorPayload } from './error-payload.js';
import { recoveryOption } from './recovery-option.js';
import { actionsFor, subError } from './sub-error.js';

/** A valid payload and the coordinates of one chosen recovery option in it. */
export interface PayloadWithOption {
  payload: ErrorPayload;
  subError: number;
  option: number;
}

/** The conditions under which `action` is a valid choice for `origin`. */
function conditionsAllowing(action: string, origin: string, spec: ErrorSpec): string[] {
  return errorEnums(spec).mechanicalCondition.filter((c) => actionsFor(c, origin, spec).includes(action));
}

/** The actions some valid payload under one of `origins` can offer (every origin of the schema by default). */
export function usableActions(spec: ErrorSpec, origins: string[] = errorEnums(spec).origin): string[] {
  return errorEnums(spec).action.filter((a) => origins.some((o) => conditionsAllowing(a, o, spec).length > 0));
}

/** How `payloadWithOption` plants its option. */
export interface PlantOptions {
  /** The option to plant, by origin (default: a valid option of the action); pass one that breaks a rule to plant a break. */
  option?: (origin: string) => fc.Arbitrary<RecoveryOption>;
  /** The origins to draw from (default: every origin of the schema). */
  origins?: string[];
}

/**
 * A valid payload in which one sub-error, at a random position, holds an option of `action` at a
 * random position. By default the option is valid; pass `option` to plant one that breaks a rule.
 * The origin is drawn among those under which the action is valid (and from `origins` if given),
 * so that the payload breaks nothing else.
 */
export function payloadWithOption(
  spec: ErrorSpec,
  action: string,
  plant: PlantOptions = {},
): fc.Arbitrary<PayloadWithOption> {
  const option = plant.option ?? ((origin: string) => recoveryOption(action, spec, origin));
  const origins = plant.origins ?? errorEnums(spec).origin;
  const usable = origins.filter((o) => conditionsAllowing(action, o, spec).length > 0);
  if (usable.length === 0) throw new Error(`no origin among ${origins.join(', ')} admits action ${action}`);
  return fc
    .constantFrom(...usable)
    .chain((origin) =>
      fc.tuple(
        errorPayload(spec, { origin }),
        fc
          .constantFrom(...conditionsAllowing(action, origin, spec))
          .chain((condition) => subError(origin, spec, { condition })),
        option(origin),
        fc.nat(),
        fc.nat(),
      ),
    )
    .map(([base, se, o, i, j]) => {
      const options = [...se.recovery_options];
      const at = j % (options.length + 1);
      options.splice(at, 0, o);
      const subErrors = [...(base.body.sub_errors ?? [])];
      const si = i % (subErrors.length + 1);
      subErrors.splice(si, 0, { ...se, recovery_options: options });
      return { payload: { ...base, body: { ...base.body, sub_errors: subErrors } }, subError: si, option: at };
    });
}
