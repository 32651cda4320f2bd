/** The last reference token of a JSON Pointer, unescaped: the member name (or index) it ends at. */
export function lastToken(pointer: string): string {
  return pointer
    .slice(pointer.lastIndexOf('/') + 1)
    .replace(/~1/g, '/')
    .replace(/~0/g, '~');
}

/** The value at a JSON Pointer (RFC 6901) of a value, or undefined when a step is absent or not an object: for broken adapters that look at what a finding names. */
export function valueAt(value: unknown, pointer: string): unknown {
  let v = value;
  for (const part of pointer.split('/').slice(1)) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return v;
}
