import * as fc from 'fast-check';
import { isUrlKey, type ErrorSpec } from '../../src/spec/error.js';
import { tokenLike } from '../common/token-like.js';
import { detailText } from './detail-text.js';
import { objectOf, type Schema } from './from-schema.js';
import { httpsUrl, nonHttpsUri, validHttpsUrl } from './https-url.js';

const LEVELS = ['L0', 'L1', 'L2', 'L3', 'L4', 'L5', 'L6', 'L7'];

/**
 * Curated values by parameter name: the seed's own spellings (scenarios 1-5) and their neighbours,
 * JSONPath-like field paths with unicode and bracket members among them. Each is offered only
 * where it fits the parameter's schema in the run's spec.
 */
const CURATED: Readonly<Record<string, readonly unknown[]>> = {
  field_path: [
    '$.parameters.scheduled_time',
    '$.body.constraints[0].deadline',
    "$['paramètres']['heure']",
    '$.参数.时间',
    '$',
  ],
  expected_format: ['date-time', 'uuid', 'uri', 'integer', 'ISO-8601 duration', 'E.164'],
  grant_type: [
    'refresh_token',
    'client_credentials',
    'authorization_code',
    'urn:ietf:params:oauth:grant-type:token-exchange',
  ],
  backoff_strategy: ['exponential', 'linear', 'fixed', 'exponential_jitter'],
  max_retries: [1, 5, 2 ** 31 - 1],
  supported_levels: [['L0', 'L1'], ['L3'], LEVELS],
};

/**
 * Free-form extra members (unicode keys included) that no rule reads: token-like ids, texts,
 * numbers and booleans; none is credential-named. `callback_url` is a URL key by suffix under the
 * pack's data (D-ERR-06) and then holds an absolute https URL.
 */
const EXTRA_KEYS = [
  'note',
  'trace_id',
  'checksum',
  'idempotency_key',
  '説明',
  'clé_été',
  '🔁hint',
  'x-correlation',
  'callback_url',
];

/** The parameter schema of `action` in `spec` (D-ERR-05). */
export function parameterSchema(action: string, spec: ErrorSpec): Schema {
  const actions = spec.executableParameters.actions;
  const entry = Object.hasOwn(actions, action) ? actions[action] : undefined;
  if (!entry) throw new Error(`spec/error.json executableParameters has no schema for action ${action}`);
  return entry.schema;
}

/** Whether an action may travel without `executable_parameters` (its schema requires nothing). */
export function paramsOptional(action: string, spec: ErrorSpec): boolean {
  return (parameterSchema(action, spec).required ?? []).length === 0;
}

/** Whether offering `action` is a retry path (D-ERR-08): a retry action, or one whose schema requires a retry parameter. */
export function retriesBy(action: string, spec: ErrorSpec): boolean {
  return (
    spec.retry.actions.includes(action) ||
    ((parameterSchema(action, spec).required ?? []) as string[]).some((k) => spec.retry.parameters.includes(k))
  );
}

/** Whether the parameter schema admits members it does not declare (the default of an object schema). */
export function acceptsExtras(schema: Schema): boolean {
  return (
    (schema.additionalProperties === undefined || schema.additionalProperties === true) &&
    schema.patternProperties === undefined &&
    schema.propertyNames === undefined
  );
}

/** A value for one extra member. */
function extraValue(key: string, spec: ErrorSpec): fc.Arbitrary<unknown> {
  if (isUrlKey(key, spec)) return validHttpsUrl(spec);
  if (key.endsWith('_url')) return fc.oneof(httpsUrl(), nonHttpsUri());
  return fc.oneof(
    tokenLike().map((t) => t.value),
    detailText(),
    fc.integer(),
    fc.boolean(),
  );
}

/** Up to two extra members the schema does not declare and no rule reads (neither retry parameters nor, under configuration, anything retry-like). */
function extras(schema: Schema, spec: ErrorSpec): fc.Arbitrary<Record<string, unknown>> {
  const declared = Object.keys(schema.properties ?? {});
  const keys = EXTRA_KEYS.filter((k) => !declared.includes(k) && !spec.retry.parameters.includes(k));
  return fc
    .subarray(keys, { maxLength: 2 })
    .chain(
      (ks) =>
        fc.record(Object.fromEntries(ks.map((k) => [k, extraValue(k, spec)]))) as fc.Arbitrary<Record<string, unknown>>,
    );
}

/**
 * Valid executable parameters of `action` under `spec` (D-ERR-05): what its schema requires, some
 * of what it declares, every URL absolute https (D-ERR-06), plus free-form extras where the schema
 * admits them. Under `configuration` an optional retry parameter is left out (D-ERR-08).
 */
export function executableParameters(
  action: string,
  spec: ErrorSpec,
  origin?: string,
): fc.Arbitrary<Record<string, unknown>> {
  const schema = parameterSchema(action, spec);
  const props: Record<string, Schema> = { ...(schema.properties ?? {}) };
  if (origin === 'configuration')
    for (const k of spec.retry.parameters) if (!(schema.required ?? []).includes(k)) delete props[k];
  const needed = objectOf(
    { ...schema, properties: props },
    { url: validHttpsUrl(spec), isUrl: (k) => isUrlKey(k, spec), curated: CURATED },
  );
  if (!acceptsExtras(schema)) return needed;
  return fc.tuple(extras(schema, spec), needed).map(([x, p]) => ({ ...x, ...p }));
}
