import fc from 'fast-check';
import { errorEnums, isUrlKey, isUrlOptionMember, type ErrorSpec, type RecoveryOption } from '../../src/spec/error.js';
import { copy, optionAt, type AdversarialError } from './adversarial.js';
import { parameterSchema } from './executable-parameters.js';
import { wrongValues, type Schema } from './from-schema.js';
import { nonHttpsUri, relativeReference } from './https-url.js';
import { payloadWithOption, usableActions } from './payload-with-option.js';
import { recoveryOption } from './recovery-option.js';

/** One way to break an option: its family, and whether the break touches a retry parameter (then never under configuration). */
type Plant = { family: string; option: (o: RecoveryOption) => RecoveryOption; retryKey: boolean };

function without(o: RecoveryOption, key: string): RecoveryOption {
  const params = { ...o.executable_parameters };
  delete params[key];
  return { ...o, executable_parameters: params };
}

const setParam = (key: string, value: unknown) => (o: RecoveryOption): RecoveryOption => ({ ...o, executable_parameters: { ...o.executable_parameters, [key]: value } });

/** Every way the pack breaks `action`'s parameters, as `spec` states them (D-ERR-05, D-ERR-06). */
function plants(action: string, spec: ErrorSpec): fc.Arbitrary<Plant>[] {
  const schema = parameterSchema(action, spec);
  const required: string[] = schema.required ?? [];
  const props: Record<string, Schema> = schema.properties ?? {};
  const retryKey = (k: string) => spec.retry.parameters.includes(k);
  const out: fc.Arbitrary<Plant>[] = [];
  for (const key of required) out.push(fc.constant({ family: `missing:${action}.${key}`, option: (o: RecoveryOption) => without(o, key), retryKey: false }));
  if (required.length > 0) {
    out.push(fc.constant({ family: `absent:${action}`, option: ({ executable_parameters: _, ...rest }: RecoveryOption) => rest, retryKey: false }));
  }
  for (const [key, prop] of Object.entries(props)) {
    const wrong = wrongValues(prop);
    if (wrong.length > 0) out.push(fc.constantFrom(...wrong).map((v) => ({ family: `type:${action}.${key}`, option: setParam(key, v), retryKey: retryKey(key) })));
  }
  for (const key of Object.keys(props).filter((k) => isUrlKey(k, spec))) {
    out.push(fc.oneof(nonHttpsUri(), relativeReference()).map((v) => ({ family: `not-https:${action}.${key}`, option: setParam(key, v), retryKey: retryKey(key) })));
  }
  return out;
}

/**
 * A valid payload in which one option misses a parameter its action needs, carries one of the wrong
 * type or out of range, or hands out a URL that is not absolute https (ERR-EXEC-PARAMS). A broken
 * human_review_url (where D-ERR-06 names it) stays a valid URI (`http:`, `ftp:`, `urn:`), so the
 * published schema still accepts it.
 */
export function execParamViolation(spec: ErrorSpec): fc.Arbitrary<AdversarialError> {
  const actions = usableActions(spec);
  const byAction = actions.filter((a) => plants(a, spec).length > 0);
  const others = errorEnums(spec).origin.filter((o) => o !== 'configuration');
  const ways: { weight: number; arbitrary: fc.Arbitrary<AdversarialError> }[] = [];
  if (byAction.length > 0) {
    const paramBreak = fc.constantFrom(...byAction).chain((action) =>
      fc.oneof(...plants(action, spec)).chain((plant) =>
        payloadWithOption(spec, action, { option: (origin) => recoveryOption(action, spec, origin).map(plant.option), ...(plant.retryKey ? { origins: others } : {}) }).map((t) => ({
          family: plant.family,
          payload: t.payload as unknown,
        })),
      ),
    );
    ways.push({ weight: 4, arbitrary: paramBreak });
  }
  if (isUrlOptionMember('human_review_url', spec) && actions.length > 0) {
    const reviewUrlBreak = fc.tuple(fc.constantFrom(...actions), nonHttpsUri()).chain(([action, url]) =>
      payloadWithOption(spec, action).map(({ payload, subError, option }) => {
        const p = copy(payload);
        optionAt(p, subError, option).human_review_url = url;
        return { family: 'not-https:human_review_url', payload: p as unknown };
      }),
    );
    ways.push({ weight: 1, arbitrary: reviewUrlBreak });
  }
  if (ways.length === 0) throw new Error('spec/error.json leaves no parameter or URL to break: ERR-EXEC-PARAMS has nothing to plant');
  return fc.oneof(...ways);
}
