import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { envelopeSpec, type FieldSpec, type FieldType } from '../../spec/envelope.js';

/**
 * Builds strict JSON Schemas (2019-09 subset ajv's default draft understands) for every profile
 * from `spec/envelope.json`, so the data stays the single source of what a valid envelope is.
 */
function typeSchema(t: FieldType): Record<string, unknown> {
  const spec = envelopeSpec();
  switch (t.type) {
    case 'boolean':
      return { type: 'boolean' };
    case 'integer':
    case 'number':
      return { type: t.type, ...(t.minimum !== undefined ? { minimum: t.minimum } : {}), ...(t.maximum !== undefined ? { maximum: t.maximum } : {}) };
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
      return objectSchema(spec.objects[t.layout]!.fields);
    case 'array':
      return { type: 'array', items: typeSchema(t.items), ...(t.minItems !== undefined ? { minItems: t.minItems } : {}) };
    case 'body':
      return { type: 'object' };
    default: {
      const base = spec.types[t.type];
      if (!base) throw new Error(`spec/envelope.json: unknown type ${t.type}`);
      return {
        type: base.json,
        ...(base.pattern ? { pattern: base.pattern } : {}),
        ...(base.format ? { format: base.format } : {}),
        ...(base.enum ? { enum: base.enum } : {}),
      };
    }
  }
}

function objectSchema(fields: Record<string, FieldSpec>): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const [name, f] of Object.entries(fields)) {
    properties[name] = typeSchema(f);
    if (f.required) required.push(name);
  }
  return { type: 'object', properties, required, additionalProperties: false };
}

/** The full envelope schema of one profile (body included). */
export function envelopeSchema(profile: string): Record<string, unknown> {
  const spec = envelopeSpec();
  const top = objectSchema(spec.topLevel);
  (top.properties as Record<string, unknown>).body = objectSchema(spec.profiles[profile]!.fields);
  return top;
}

let cache: { spec: unknown; validators: Map<string, ValidateFunction>; ajv: Ajv } | undefined;

/** A compiled validator per profile (compiled lazily, rebuilt when the spec data changes). */
export function profileValidator(profile: string): ValidateFunction {
  const spec = envelopeSpec();
  if (!cache || cache.spec !== spec) {
    const ajv = new Ajv({ allErrors: true, strict: true, unicodeRegExp: true });
    addFormats.default(ajv, ['date-time', 'uri-reference']);
    cache = { spec, validators: new Map(), ajv };
  }
  let v = cache.validators.get(profile);
  if (!v) {
    v = cache.ajv.compile(envelopeSchema(profile));
    cache.validators.set(profile, v);
  }
  return v;
}
