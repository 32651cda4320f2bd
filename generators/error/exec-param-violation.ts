import fc from 'fast-check';
import { isUrlKey, type ErrorSpec, type RecoveryOption } from '../../src/spec/error.js';
import { copy, optionAt, type AdversarialError } from './adversarial.js';
import { nonHttpsUri, relativeReference } from './https-url.js';
import { payloadWithOption } from './payload-with-option.js';
import { recoveryOption } from './recovery-option.js';

/** Values of the wrong type, or out of range, for each required parameter (D-ERR-05). */
const WRONG: Record<string, unknown[]> = {
  field_path: [42, null, ''],
  expected_format: [['date-time'], 7, ''],
  grant_type: [7, null, ''],
  supported_levels: ['L1', [], ['L9'], [1]],
  backoff_strategy: [2, null, ''],
  max_retries: ['5', 2.5, -1, null],
};

type Plant = { family: string; option: (o: RecoveryOption) => RecoveryOption };

function without(o: RecoveryOption, key: string): RecoveryOption {
  const params = { ...o.executable_parameters };
  delete params[key];
  return { ...o, executable_parameters: params };
}

/** Every way the pack breaks `action`'s parameters, as `spec` states them. */
function plants(action: string, spec: ErrorSpec): fc.Arbitrary<Plant>[] {
  const schema = spec.executableParameters.actions[action]!.schema;
  const required: string[] = schema.required ?? [];
  const props = Object.keys(schema.properties ?? {});
  const out: fc.Arbitrary<Plant>[] = [];
  for (const key of required) out.push(fc.constant({ family: `missing:${action}.${key}`, option: (o: RecoveryOption) => without(o, key) }));
  if (required.length > 0) {
    out.push(fc.constant({ family: `absent:${action}`, option: ({ executable_parameters: _, ...rest }: RecoveryOption) => rest }));
  }
  for (const key of required.filter((k) => WRONG[k])) {
    out.push(fc.constantFrom(...WRONG[key]!).map((v) => ({ family: `type:${action}.${key}`, option: (o: RecoveryOption) => ({ ...o, executable_parameters: { ...o.executable_parameters, [key]: v } }) })));
  }
  for (const key of props.filter((k) => isUrlKey(k, spec))) {
    out.push(fc.oneof(nonHttpsUri(), relativeReference()).map((v) => ({ family: `not-https:${action}.${key}`, option: (o: RecoveryOption) => ({ ...o, executable_parameters: { ...o.executable_parameters, [key]: v } }) })));
  }
  return out;
}

/**
 * A valid payload in which one option misses a parameter its action needs, carries one of the wrong
 * type, or hands out a URL that is not absolute https (ERR-EXEC-PARAMS). A broken human_review_url
 * stays a valid URI (`http:`, `ftp:`, `urn:`), so the published schema still accepts it.
 */
export function execParamViolation(spec: ErrorSpec): fc.Arbitrary<AdversarialError> {
  const actions = Object.keys(spec.executableParameters.actions);
  const byAction = actions.filter((a) => plants(a, spec).length > 0);
  const paramBreak = fc.constantFrom(...byAction).chain((action) =>
    fc.oneof(...plants(action, spec)).chain((plant) =>
      payloadWithOption(spec, action, { option: () => recoveryOption(action).map(plant.option) }).map((t) => ({ family: plant.family, payload: t.payload as unknown })),
    ),
  );
  const reviewUrlBreak = fc.tuple(fc.constantFrom(...actions), nonHttpsUri()).chain(([action, url]) =>
    payloadWithOption(spec, action).map(({ payload, subError, option }) => {
      const p = copy(payload);
      optionAt(p, subError, option).human_review_url = url;
      return { family: 'not-https:human_review_url', payload: p as unknown };
    }),
  );
  return fc.oneof({ weight: 4, arbitrary: paramBreak }, { weight: 1, arbitrary: reviewUrlBreak });
}
