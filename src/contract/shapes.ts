import { Ajv, type ValidateFunction } from 'ajv';

/**
 * Shapes of adapter answers. A wrong shape is the implementation failing to answer (errored),
 * which the pack keeps apart from a wrong answer (failed).
 */
const ajv = new Ajv({ allErrors: false, strict: true });

const finding = {
  type: 'object',
  properties: {
    checkId: { type: 'string' },
    path: { type: 'string' },
    code: { type: 'string' },
    message: { type: 'string' },
  },
} as const;

const uasFinding = {
  type: 'object',
  required: ['checkId'],
  properties: {
    checkId: { type: 'string' },
    unitId: { type: 'string' },
    byteOffset: { type: 'integer', minimum: 0 },
    message: { type: 'string' },
    intercept: { type: 'string' },
  },
} as const;

const schemas = {
  verdict: {
    type: 'object',
    required: ['valid'],
    properties: { valid: { type: 'boolean' }, findings: { type: 'array', items: finding } },
  },
  uasVerdict: {
    type: 'object',
    required: ['valid'],
    properties: { valid: { type: 'boolean' }, findings: { type: 'array', items: uasFinding } },
  },
  checksum: { type: 'string' },
  adapterInfo: {
    type: 'object',
    required: ['name', 'version'],
    properties: {
      name: { type: 'string', minLength: 1 },
      version: { type: 'string' },
      capabilityLevel: { enum: ['L0', 'L1', 'L2', 'L3', 'L4', 'L5', 'L6', 'L7'] },
    },
  },
} as const;

export type ShapeName = keyof typeof schemas;

const compiled = new Map<string, ValidateFunction>();

/** Returns null when `value` has the named shape, else a one-line description of what is wrong. */
export function checkShape(name: string, value: unknown): string | null {
  let validate = compiled.get(name);
  if (!validate) {
    const schema = (schemas as Record<string, object>)[name];
    if (!schema) throw new Error(`unknown shape ${name}`);
    validate = ajv.compile(schema);
    compiled.set(name, validate);
  }
  if (validate(value)) return null;
  const e = validate.errors?.[0];
  return `expected a ${name}: ${e ? `${e.instancePath || '(root)'} ${e.message}` : 'wrong shape'}`;
}
