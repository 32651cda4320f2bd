import type { ValidateFunction } from 'ajv/dist/2020.js';
import { addFormats, ajv2020Class } from '../../contract/dependency.js';
import type { Finding } from '../../contract/adapter.js';
import { levelSchemas, membersOpen, schemeCaseSensitive, type ErrorSpec } from '../../spec/error.js';
import { isAbsoluteHttpsUrl } from './https-url.js';

interface Compiled {
  payload: ValidateFunction;
  params: Map<string, ValidateFunction>;
}

const cache = new WeakMap<ErrorSpec, Compiled>();

/** The pack's own format of the parameter schemas (D-ERR-06, scheme case by D-ERR-14): it always asserts. */
const HTTPS_FORMAT = 'absolute-https-url';

/** Every `format` named anywhere in `schema`. */
function formatsIn(schema: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const v of schema) formatsIn(v, out);
  else if (schema !== null && typeof schema === 'object') {
    for (const [k, v] of Object.entries(schema)) {
      if (k === 'format' && typeof v === 'string') out.add(v);
      else formatsIn(v, out);
    }
  }
  return out;
}

/**
 * The published schema with every object that declares its members closed (D-ERR-10 `false`):
 * the payload, the body, a sub-error and an option. `executable_parameters` declares none and stays open.
 */
function closedSchema(spec: ErrorSpec): Record<string, any> {
  const copy = { ...spec, schema: structuredClone(spec.schema) } as ErrorSpec;
  for (const node of Object.values(levelSchemas(copy))) node.additionalProperties = false;
  return copy.schema;
}

/**
 * Validators compiled from the error spec data: the published schema (asserting only the formats
 * D-ERR-01 lists, closed when D-ERR-10 says so) and one schema per action's executable parameters.
 * Compiled once per spec object, on first use (a run that never validates an error payload never
 * compiles them).
 */
export function compiled(spec: ErrorSpec): Compiled {
  const known = cache.get(spec);
  if (known) return known;
  const ajv = new (ajv2020Class())({ allErrors: true, strict: true, validateFormats: true });
  const named = formatsIn([spec.schema, Object.values(spec.executableParameters.actions).map((a) => a.schema)]);
  named.delete(HTTPS_FORMAT);
  const asserted = [...named].filter((f) => spec.formats.asserted.includes(f));
  if (asserted.length > 0) addFormats()(ajv, asserted as never);
  // Annotation-only formats are declared so that strict mode knows them, and never fail.
  for (const f of named) if (!asserted.includes(f)) ajv.addFormat(f, true);
  const caseSensitive = schemeCaseSensitive(spec);
  ajv.addFormat(HTTPS_FORMAT, { type: 'string', validate: (v: string) => isAbsoluteHttpsUrl(v, caseSensitive) });
  const params = new Map<string, ValidateFunction>();
  for (const [action, { schema }] of Object.entries(spec.executableParameters.actions))
    params.set(action, ajv.compile(schema));
  const made = { payload: ajv.compile(membersOpen(spec) ? spec.schema : closedSchema(spec)), params };
  cache.set(spec, made);
  return made;
}

/** Turns ajv errors into findings under one check id, with JSON Pointer paths below `base`. */
export function ajvFindings(errors: ValidateFunction['errors'], checkId: string, base = ''): Finding[] {
  return (errors ?? []).map((e) => {
    const missing = e.keyword === 'required' ? `/${(e.params as { missingProperty: string }).missingProperty}` : '';
    const extra =
      e.keyword === 'additionalProperties'
        ? `/${(e.params as { additionalProperty: string }).additionalProperty.replace(/~/g, '~0').replace(/\//g, '~1')}`
        : '';
    return {
      checkId,
      path: `${base}${e.instancePath}${missing}${extra}`,
      code: e.keyword,
      message: e.message ?? e.keyword,
    };
  });
}
