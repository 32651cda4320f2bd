/**
 * Small readers for codecs' `decode`: each returns the field or throws an Error that says which
 * field of the fixture is missing or of the wrong type.
 */
export function objectField(v: unknown, what: string): Record<string, any> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new Error(`${what} must be a JSON object`);
  return v as Record<string, any>;
}

export function stringField(v: unknown, what: string): string {
  if (typeof v !== 'string') throw new Error(`${what} must be a string`);
  return v;
}

export function arrayField(v: unknown, what: string): unknown[] {
  if (!Array.isArray(v)) throw new Error(`${what} must be an array`);
  return v;
}
