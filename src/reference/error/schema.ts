import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Finding } from '../../contract/adapter.js';
import type { ErrorSpec } from '../../spec/error.js';
import { isAbsoluteHttpsUrl } from './https-url.js';

interface Compiled {
  payload: ValidateFunction;
  params: Map<string, ValidateFunction>;
}

const cache = new WeakMap<ErrorSpec, Compiled>();

/**
 * Validators compiled from the error spec data: the published schema (with only the formats
 * D-ERR-01 asserts) and one schema per action's executable parameters. Compiled once per spec
 * object, on first use (a run that never validates an error payload never compiles them).
 */
export function compiled(spec: ErrorSpec): Compiled {
  const known = cache.get(spec);
  if (known) return known;
  const ajv = new Ajv2020({ allErrors: true, strict: true, validateFormats: true });
  addFormats.default(ajv, spec.formats.asserted as never);
  // Annotation-only formats are declared so that strict mode knows them, and never fail.
  for (const f of spec.formats.annotationOnly) ajv.addFormat(f, true);
  ajv.addFormat('absolute-https-url', { type: 'string', validate: isAbsoluteHttpsUrl });
  const params = new Map<string, ValidateFunction>();
  for (const [action, { schema }] of Object.entries(spec.executableParameters.actions)) params.set(action, ajv.compile(schema));
  const made = { payload: ajv.compile(spec.schema), params };
  cache.set(spec, made);
  return made;
}

/** Turns ajv errors into findings under one check id, with JSON Pointer paths below `base`. */
export function ajvFindings(errors: ValidateFunction['errors'], checkId: string, base = ''): Finding[] {
  return (errors ?? []).map((e) => {
    const missing = e.keyword === 'required' ? `/${(e.params as { missingProperty: string }).missingProperty}` : '';
    return { checkId, path: `${base}${e.instancePath}${missing}`, code: e.keyword, message: e.message ?? e.keyword };
  });
}
