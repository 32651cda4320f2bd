import type { ErrorObject, ValidateFunction } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { ajv2020Class } from './dependency.js';
import { precompiledSet, validatorKey } from './precompiled.js';
import adapterInfo from '../../schemas/protocol/adapter-info.schema.json' with { type: 'json' };
import bytes from '../../schemas/protocol/bytes.schema.json' with { type: 'json' };
import checksum from '../../schemas/protocol/checksum.schema.json' with { type: 'json' };
import describe from '../../schemas/protocol/describe.schema.json' with { type: 'json' };
import request from '../../schemas/protocol/request.schema.json' with { type: 'json' };
import response from '../../schemas/protocol/response.schema.json' with { type: 'json' };
import uasVerdict from '../../schemas/protocol/uas-verdict.schema.json' with { type: 'json' };
import verdict from '../../schemas/protocol/verdict.schema.json' with { type: 'json' };

/**
 * The shapes of everything that crosses the adapter boundary, written once: the JSON Schemas of
 * `schemas/protocol/` (the implementers' documentation of protocol `uaix-adapter/1`). The process
 * transport checks its messages against them, and the harness checks in-process answers against the
 * same answer schemas, so the two kinds of adapter are held to one shape. A wrong shape is the
 * implementation failing to answer (errored), kept apart from a wrong answer (failed).
 */
const SCHEMAS = {
  'adapter-info': adapterInfo,
  bytes,
  checksum,
  describe,
  request,
  response,
  'uas-verdict': uasVerdict,
  verdict,
} as const;

/** The name of a schema of `schemas/protocol/` (the file name without `.schema.json`). */
export type ShapeName = keyof typeof SCHEMAS;

/** The shapes a contract member's answer must have: what `Harness.invoke` checks. */
export type AnswerShape = 'adapter-info' | 'checksum' | 'uas-verdict' | 'verdict';

/** The answer shape of each contract member whose answer has a fixed shape. */
export const MEMBER_ANSWER: Readonly<Record<string, AnswerShape>> = Object.freeze({
  validateEnvelope: 'verdict',
  validateError: 'verdict',
  computeChecksum: 'checksum',
  verifyUas: 'uas-verdict',
});

/** How the protocol schemas are compiled: the name of these ajv options in the precompiled module's key. */
const PROTOCOL_FLAVOUR = 'protocol/ajv8 2020 strict';

/** The ajv instance with every protocol schema added (references between them resolve); `source` for the build's standalone output. */
export function protocolAjv(options: { source?: boolean } = {}): Ajv2020 {
  const ajv = new (ajv2020Class())({
    strict: true,
    allErrors: false,
    ...(options.source ? { code: { source: true } } : {}),
  });
  for (const schema of Object.values(SCHEMAS)) ajv.addSchema(schema as object);
  return ajv;
}

/** The key of the precompiled module of every protocol schema (one module, one export per `$id`). */
export const PROTOCOL_KEY = validatorKey(PROTOCOL_FLAVOUR, SCHEMAS);

/** The `$id` of every protocol schema, for the build. */
export const PROTOCOL_IDS: readonly string[] = Object.values(SCHEMAS).map((s) => s.$id);

let ajv: Ajv2020 | undefined;
/** Each protocol schema's validator by `$id`: the build's precompiled one, else compiled the first time it is asked for. */
const byId = precompiledSet<ValidateFunction>(PROTOCOL_KEY, (id) => (ajv ??= protocolAjv()).getSchema(id)!);

/**
 * The validator of one protocol schema: the build's precompiled one, else compiled the first time
 * it is asked for (a run that never sees a request pays for no request schema: compiling is most
 * of a short run's start-up).
 */
function validator(name: ShapeName): ValidateFunction {
  if (!Object.hasOwn(SCHEMAS, name)) throw new Error(`no protocol schema named ${name}`);
  return byId(SCHEMAS[name].$id);
}

function describeError(e: ErrorObject | undefined): string {
  if (!e) return 'does not match the schema';
  const extra =
    e.keyword === 'additionalProperties' ? ` (${(e.params as { additionalProperty: string }).additionalProperty})` : '';
  return `${e.instancePath || '(root)'} ${e.message ?? e.keyword}${extra}`;
}

/** Null when `value` matches `schemas/protocol/<name>.schema.json`, else one line saying why not. */
export function shapeProblem(name: ShapeName, value: unknown): string | null {
  const validate = validator(name);
  if (validate(value)) return null;
  // For a oneOf, ajv's first error is the useless "must match exactly one schema": name the branch instead.
  const errors = validate.errors ?? [];
  const specific = errors.find((e) => e.keyword !== 'oneOf' && e.keyword !== 'if') ?? errors[0];
  return `${name}: ${describeError(specific)}`;
}
