/** Visits every string value of a JSON value with its JSON Pointer. */
export function* strings(value: unknown, pointer = ''): Generator<[string, string]> {
  if (typeof value === 'string') yield [pointer, value];
  else if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* strings(v, `${pointer}/${i}`);
  else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value))
      yield* strings(v, `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`);
}
