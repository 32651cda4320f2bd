import * as fc from 'fast-check';
import { errorEnums, isUrlKey, type ErrorSpec, type RecoveryOption } from '../../src/spec/error.js';
import type { AdversarialError } from './adversarial.js';
import { acceptsExtras, parameterSchema, retriesBy } from './executable-parameters.js';
import { plantedAt, positionsFor } from './positions.js';
import { recoveryOption } from './recovery-option.js';
import { actionsFor } from './sub-error.js';

/** The conditions whose allowed row in `spec` holds `action`: where offering it would be fine but for the origin. */
function conditionsAllowing(action: string, spec: ErrorSpec): string[] {
  return Object.entries(spec.conditionActions.table)
    .filter(([, row]) => row.allowed.includes(action))
    .map(([c]) => c);
}

/** The retry actions (D-ERR-08) some condition allows: one family each. */
function retryActions(spec: ErrorSpec): string[] {
  return spec.retry.actions.filter((a) => conditionsAllowing(a, spec).length > 0);
}

/** The actions a configuration error may offer that can carry `key` without breaking their schema (undeclared there, extras admitted). */
function carriersOf(key: string, spec: ErrorSpec): string[] {
  if (isUrlKey(key, spec)) return [];
  return errorEnums(spec).action.filter((a) => {
    const schema = parameterSchema(a, spec);
    return (
      !retriesBy(a, spec) &&
      acceptsExtras(schema) &&
      !Object.hasOwn(schema.properties ?? {}, key) &&
      conditionsAllowing(a, spec).some((c) => actionsFor(c, 'configuration', spec).includes(a))
    );
  });
}

/** The retry parameters (D-ERR-08) some option can carry: one family each, since a validator's list may lack any one of them. */
function retryParameters(spec: ErrorSpec): string[] {
  return spec.retry.parameters.filter((k) => carriersOf(k, spec).length > 0);
}

/**
 * Values of a retry parameter that offer a retry, as numbers and as text (`value:number`,
 * `value:text`): a count, a delay in seconds or milliseconds, an ISO 8601 duration, an HTTP date, a
 * strategy name. Never 0, null or false, which a reader may take for "do not retry".
 */
const RETRY_VALUES: Readonly<Record<'number' | 'text', readonly unknown[]>> = {
  number: [1, 3, 5, 30, 500],
  text: ['3', '30', 'PT5S', '500ms', 'exponential', 'Wed, 21 Oct 2026 07:28:00 GMT'],
};

/** The families of ERR-CONFIG-NO-RETRY under `spec`: `retry-action:<action>` and `retry-param:<key>`. */
export function configRetryFamilies(spec: ErrorSpec): string[] {
  return [
    ...retryActions(spec).map((a) => `retry-action:${a}`),
    ...retryParameters(spec).map((k) => `retry-param:${k}`),
  ];
}

/** A plant of the retry action `action`: an option of it under a condition that allows it, drawn as for another origin (with its retry parameters). */
function actionPlant(action: string, spec: ErrorSpec): fc.Arbitrary<AdversarialError> {
  return fc.constantFrom(...conditionsAllowing(action, spec)).chain((condition) =>
    fc.constantFrom(...positionsFor(condition, 'configuration', spec)).chain((at) =>
      plantedAt(spec, 'configuration', condition, recoveryOption(action, spec), at).map((payload) => ({
        family: `retry-action:${action}`,
        where: condition,
        variants: [at],
        payload: payload as unknown,
      })),
    ),
  );
}

/** A plant of the retry parameter `key` on a valid option of a carrier, as a number or as text. */
function parameterPlant(key: string, spec: ErrorSpec): fc.Arbitrary<AdversarialError> {
  return fc
    .tuple(fc.constantFrom(...carriersOf(key, spec)), fc.constantFrom<'number' | 'text'>('number', 'text'))
    .chain(([action, kind]) => {
      const conditions = conditionsAllowing(action, spec).filter((c) =>
        actionsFor(c, 'configuration', spec).includes(action),
      );
      return fc
        .tuple(fc.constantFrom(...conditions), fc.constantFrom(...RETRY_VALUES[kind]))
        .chain(([condition, value]) => {
          const option = recoveryOption(action, spec, 'configuration').map(
            (o): RecoveryOption => ({ ...o, executable_parameters: { ...o.executable_parameters, [key]: value } }),
          );
          return fc.constantFrom(...positionsFor(condition, 'configuration', spec)).chain((at) =>
            plantedAt(spec, 'configuration', condition, option, at).map((payload) => ({
              family: `retry-param:${key}`,
              where: action,
              variants: [at, `value:${kind}`],
              payload: payload as unknown,
            })),
          );
        });
    });
}

/**
 * A valid `configuration`-origin payload that offers an automatic retry path (ERR-CONFIG-NO-RETRY):
 * a retry action on a condition that admits it (so the table is not broken), or one retry parameter
 * added to an option that is otherwise valid. The family is drawn first, every one alike: each retry
 * action, and each retry parameter D-ERR-08 names (a validator's list may lack any one); then where
 * the option sits, and for a parameter whether its value is a number or text.
 */
export function configRetry(spec: ErrorSpec): fc.Arbitrary<AdversarialError> {
  const ways = [
    ...retryActions(spec).map((a) => actionPlant(a, spec)),
    ...retryParameters(spec).map((k) => parameterPlant(k, spec)),
  ];
  if (ways.length === 0)
    throw new Error(
      'spec/error.json retry names no retry path the table allows: ERR-CONFIG-NO-RETRY has nothing to plant',
    );
  return fc.oneof(...ways);
}
