/**
 * Turns anything an adapter or a generator produced into plain JSON that a report can hold:
 * bytes become `{ "$bytes": base64, "utf8"?: text }`, bigints strings, cycles and depth are cut,
 * long strings are kept whole (counterexamples must be exact) but huge arrays are trimmed.
 */
export function toJsonSafe(value: unknown, depth = 0, seen: WeakSet<object> = new WeakSet()): unknown {
  if (value === null) return null;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? (Object.is(value, -0) ? 0 : value) : { $number: String(value) };
    case 'bigint':
      return { $bigint: value.toString() };
    case 'undefined':
      return { $undefined: true };
    case 'function':
      return { $function: (value as { name?: string }).name || 'anonymous' };
    case 'symbol':
      return { $symbol: String(value) };
  }
  if (value instanceof Uint8Array) {
    const buf = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    const text = buf.toString('utf8');
    const exact = Buffer.from(text, 'utf8').equals(buf);
    return exact ? { $bytes: buf.toString('base64'), utf8: text } : { $bytes: buf.toString('base64') };
  }
  const obj = value as object;
  if (depth > 40) return { $truncated: 'too deep' };
  if (seen.has(obj)) return { $circular: true };
  seen.add(obj);
  try {
    if (value instanceof Error) return { $error: value.message };
    if (Array.isArray(value)) {
      const items = value.slice(0, 10_000).map((v) => toJsonSafe(v, depth + 1, seen));
      if (value.length > 10_000) items.push({ $truncated: `${value.length - 10_000} more items` });
      return items;
    }
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(obj)) out[k] = toJsonSafe(v, depth + 1, seen);
    return out;
  } finally {
    seen.delete(obj);
  }
}
