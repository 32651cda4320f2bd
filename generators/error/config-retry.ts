import fc from 'fast-check';
import type { ErrorSpec } from '../../src/spec/error.js';
import { copy, optionAt, type AdversarialError } from './adversarial.js';
import { payloadWithOption } from './payload-with-option.js';
import { recoveryOption } from './recovery-option.js';
import { subError } from './sub-error.js';
import { errorPayload } from './error-payload.js';

/** Conditions whose allowed row in `spec` holds a retry action: where a retry would be fine but for the origin. */
function retryConditions(spec: ErrorSpec): [string, string][] {
  return Object.entries(spec.conditionActions.table).flatMap(([c, row]) => row.allowed.filter((a) => spec.retry.actions.includes(a)).map((a) => [c, a] as [string, string]));
}

/**
 * A valid `configuration`-origin payload that offers an automatic retry path (ERR-CONFIG-NO-RETRY):
 * a retry action on a condition that admits it (so the table is not broken), or retry parameters
 * added to an option that is otherwise valid.
 */
export function configRetry(spec: ErrorSpec): fc.Arbitrary<AdversarialError> {
  const retryAction = fc
    .tuple(errorPayload(spec, { origin: 'configuration' }), fc.constantFrom(...retryConditions(spec)))
    .chain(([base, [condition, action]]) => fc.tuple(fc.constant(base), subError('configuration', spec, { condition }), recoveryOption(action), fc.nat(), fc.nat()))
    .map(([base, se, retry, i, j]) => {
      const p = copy(base);
      const options = [...se.recovery_options];
      options.splice(j % (options.length + 1), 0, retry);
      const list = p.body.sub_errors ?? [];
      list.splice(i % (list.length + 1), 0, { ...se, recovery_options: options });
      p.body.sub_errors = list;
      return { family: `retry-action:${retry.action}`, payload: p as unknown };
    });
  const nonRetryActions = Object.keys(spec.executableParameters.actions).filter((a) => !spec.retry.actions.includes(a));
  const retryParams = fc
    .constantFrom(...nonRetryActions)
    .chain((action) => fc.tuple(payloadWithOption(spec, action, { origins: ['configuration'] }), fc.integer({ min: 1, max: 10 })))
    .map(([t, n]) => {
      const p = copy(t.payload);
      const o = optionAt(p, t.subError, t.option);
      o.executable_parameters = { ...o.executable_parameters, backoff_strategy: 'exponential', max_retries: n };
      return { family: `retry-params:${o.action}`, payload: p as unknown };
    });
  return fc.oneof(retryAction, retryParams);
}
