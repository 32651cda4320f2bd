import type { Ajv, ValidateFunction } from 'ajv';
import { addFormats, ajvClass } from '../../contract/dependency.js';
import { precompiled, validatorKey } from '../../contract/precompiled.js';
import type { EnvelopeSpec, FieldSpec, FieldType } from '../../spec/envelope.js';

/**
 * Builds strict JSON Schemas (2019-09 subset ajv's default draft understands) for every profile
 * from the envelope spec data it is given, so the data stays the single source of what a valid
 * envelope is.
 */
function typeSchema(spec: EnvelopeSpec, t: FieldType): Record<string, unknown> {
  switch (t.type) {
    case 'boolean':
      return { type: 'boolean' };
    case 'integer':
    case 'number':
      return {
        type: t.type,
        ...(t.minimum !== undefined ? { minimum: t.minimum } : {}),
        ...(t.maximum !== undefined ? { maximum: t.maximum } : {}),
      };
    case 'enum':
      return { type: 'string', enum: t.values };
    case 'const':
      return { const: t.value };
    case 'profile':
      return { type: 'string', enum: Object.keys(spec.profiles) };
    case 'free-object':
      return { type: 'object' };
    case 'opaque-array':
      return { type: 'array', items: { type: 'object' } };
    case 'object':
      return objectSchema(spec, spec.objects[t.layout]!.fields, spec.undeclaredMembers !== 'top-level');
    case 'array':
      return {
        type: 'array',
        items: typeSchema(spec, t.items),
        ...(t.minItems !== undefined ? { minItems: t.minItems } : {}),
      };
    case 'body':
      return { type: 'object' };
    default: {
      const base = Object.hasOwn(spec.types, t.type) ? spec.types[t.type] : undefined;
      if (!base) throw new Error(`spec/envelope.json: unknown type ${t.type}`);
      const pattern = t.type === 'date-time' && base.pattern ? dateTimePattern(spec, base.pattern) : base.pattern;
      return {
        type: base.json,
        ...(pattern ? { pattern } : {}),
        ...(base.format ? { format: base.format } : {}),
        ...(base.enum ? { enum: base.enum } : {}),
      };
    }
  }
}

/**
 * The date-time pattern under the case rule of `spec` (D-ENV-04): the pinned pattern itself, or,
 * under `utcCase: "any-case"`, the same with a lower-case `t` and `z` allowed (RFC 3339 §5.6).
 */
function dateTimePattern(spec: EnvelopeSpec, pinned: string): string {
  if (spec.utcCase !== 'any-case') return pinned;
  const relaxed = pinned.replace('T', '[Tt]').replace(/Z\$$/, '[Zz]$');
  if (relaxed === pinned || !relaxed.includes('[Tt]') || !relaxed.endsWith('[Zz]$'))
    throw new Error(`spec/envelope.json: cannot relax the case of the date-time pattern ${pinned}`);
  return relaxed;
}

/** An object of declared fields; `closed`: no other member allowed. */
function objectSchema(spec: EnvelopeSpec, fields: Record<string, FieldSpec>, closed: boolean): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const [name, f] of Object.entries(fields)) {
    properties[name] = typeSchema(spec, f);
    if (f.required) required.push(name);
  }
  return { type: 'object', properties, required, ...(closed ? { additionalProperties: false } : {}) };
}

/**
 * The full envelope schema of one profile (body included). The top level is always closed; the
 * published objects inside it too, unless `spec` closes the top level only (D-ENV-14).
 */
export function envelopeSchema(spec: EnvelopeSpec, profile: string): Record<string, unknown> {
  const top = objectSchema(spec, spec.topLevel, true);
  (top.properties as Record<string, unknown>).body = objectSchema(
    spec,
    spec.profiles[profile]!.fields,
    spec.undeclaredMembers !== 'top-level',
  );
  return top;
}

/** How envelope schemas are compiled: the name of these ajv options in a precompiled validator's key. */
export const ENVELOPE_FLAVOUR = 'envelope/ajv8 allErrors strict unicodeRegExp formats:date-time,uri-reference';

/** The ajv instance envelope schemas are compiled with; `source` keeps the code for the build's standalone output. */
export function envelopeAjv(options: { source?: boolean } = {}): Ajv {
  const ajv = new (ajvClass())({
    allErrors: true,
    strict: true,
    unicodeRegExp: true,
    ...(options.source ? { code: { source: true } } : {}),
  });
  addFormats()(ajv, ['date-time', 'uri-reference']);
  return ajv;
}

interface Compiled {
  ajv?: Ajv;
  validators: Map<string, ValidateFunction>;
}

/** Per spec object: its ajv instance (made only if something is compiled) and the validators so far. */
const compiled = new WeakMap<EnvelopeSpec, Compiled>();

/**
 * The validator of one profile of `spec`: the build's precompiled one when the build wrote this very
 * schema (the bundled spec's), else compiled the first time that profile is asked for; then kept for
 * as long as the spec object lives (the spec data is frozen, so it cannot go stale).
 */
export function profileValidator(spec: EnvelopeSpec, profile: string): ValidateFunction {
  let c = compiled.get(spec);
  if (!c) compiled.set(spec, (c = { validators: new Map() }));
  let v = c.validators.get(profile);
  if (!v) {
    const schema = envelopeSchema(spec, profile);
    v =
      precompiled<ValidateFunction>(validatorKey(ENVELOPE_FLAVOUR, schema)) ??
      (c.ajv ??= envelopeAjv()).compile(schema);
    c.validators.set(profile, v);
  }
  return v;
}
