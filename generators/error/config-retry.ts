import fc from 'fast-check';
import { isUrlKey, type ErrorSpec } from '../../src/spec/error.js';
import { copy, optionAt, type AdversarialError } from './adversarial.js';
import { errorPayload } from './error-payload.js';
import { acceptsExtras, parameterSchema, retriesBy } from './executable-parameters.js';
import { payloadWithOption, usableActions } from './payload-with-option.js';
import { recoveryOption } from './recovery-option.js';
import { subError } from './sub-error.js';

/** (condition, action) pairs whose allowed row in `spec` holds a retry action: where a retry would be fine but for the origin. */
function retryConditions(spec: ErrorSpec): [string, string][] {
  return Object.entries(spec.conditionActions.table).flatMap(([c, row]) => row.allowed.filter((a) => retriesBy(a, spec)).map((a) => [c, a] as [string, string]));
}

/** The retry parameters (D-ERR-08) that can ride on an option of `action` without breaking its schema (undeclared there, not URL keys). */
function plantableRetryParameters(action: string, spec: ErrorSpec): string[] {
  const schema = parameterSchema(action, spec);
  if (!acceptsExtras(schema)) return [];
  return spec.retry.parameters.filter((k) => !Object.hasOwn(schema.properties ?? {}, k) && !isUrlKey(k, spec));
}

/** A retry parameter's value: a count, a delay or a strategy name. */
const retryValue = fc.oneof(fc.integer({ min: 1, max: 10 }), fc.constantFrom('exponential', 'linear'));

/**
 * A valid `configuration`-origin payload that offers an automatic retry path (ERR-CONFIG-NO-RETRY):
 * a retry action on a condition that admits it (so the table is not broken), or retry parameters
 * added to an option that is otherwise valid.
 */
export function configRetry(spec: ErrorSpec): fc.Arbitrary<AdversarialError> {
  const ways: fc.Arbitrary<AdversarialError>[] = [];
  const pairs = retryConditions(spec);
  if (pairs.length > 0) {
    ways.push(
      fc
        .tuple(errorPayload(spec, { origin: 'configuration' }), fc.constantFrom(...pairs))
        // The retry option is drawn as for another origin: under configuration its optional retry parameters would be left out.
        .chain(([base, [condition, action]]) => fc.tuple(fc.constant(base), subError('configuration', spec, { condition }), recoveryOption(action, spec), fc.nat(), fc.nat()))
        .map(([base, se, retry, i, j]) => {
          const p = copy(base);
          const options = [...se.recovery_options];
          options.splice(j % (options.length + 1), 0, retry);
          const list = p.body.sub_errors ?? [];
          list.splice(i % (list.length + 1), 0, { ...se, recovery_options: options });
          p.body.sub_errors = list;
          return { family: `retry-action:${retry.action}`, payload: p as unknown };
        }),
    );
  }
  const carriers = usableActions(spec, ['configuration']).filter((a) => plantableRetryParameters(a, spec).length > 0);
  if (carriers.length > 0) {
    ways.push(
      fc
        .constantFrom(...carriers)
        .chain((action) => {
          const keys = plantableRetryParameters(action, spec);
          return fc.tuple(payloadWithOption(spec, action, { origins: ['configuration'] }), fc.subarray(keys, { minLength: 1, maxLength: Math.min(2, keys.length) }), retryValue, retryValue);
        })
        .map(([t, keys, v1, v2]) => {
          const p = copy(t.payload);
          const o = optionAt(p, t.subError, t.option);
          o.executable_parameters = { ...o.executable_parameters, ...Object.fromEntries(keys.map((k, n) => [k, n === 0 ? v1 : v2])) };
          return { family: `retry-params:${o.action}`, payload: p as unknown };
        }),
    );
  }
  if (ways.length === 0) throw new Error('spec/error.json retry names no retry path the table allows: ERR-CONFIG-NO-RETRY has nothing to plant');
  return fc.oneof(...ways);
}
