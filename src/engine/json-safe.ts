/** Strings longer than this are cut in reports, their length recorded (`{ "$cut": head, "length": n }`). */
export const MAX_STRING = 100_000;
/** How much of a cut string a report keeps. */
export const STRING_HEAD = 2_000;
/** Deeper values are cut (`{ "$truncated": "too deep" }`). */
export const MAX_DEPTH = 40;
/** Longer arrays are trimmed, the rest counted. */
export const MAX_ITEMS = 10_000;

/** Runs `read`; when it throws (a hostile getter or Proxy trap), gives what the report shows instead. */
function guarded(read: () => unknown, what: string): unknown {
  try {
    return read();
  } catch (e) {
    let why: string;
    try {
      why = e instanceof Error ? e.message : String(e);
    } catch {
      why = 'a value that cannot be shown';
    }
    return { $unreadable: `${what} threw: ${why.slice(0, 500)}` };
  }
}

/**
 * Turns anything an adapter or a generator produced into plain JSON that a report can hold:
 * bytes become `{ "$bytes": base64, "utf8"?: text }`, bigints strings, cycles and depth are cut,
 * huge arrays trimmed and huge strings cut with their length recorded (the case itself is always
 * regenerated from the seed and path, never read back from the report). Never throws: a getter or
 * Proxy trap that throws becomes `{ "$unreadable": why }`. Own keys are defined, never assigned,
 * so a `__proto__` key is kept as the data it is.
 */
export function toJsonSafe(value: unknown, depth = 0, seen: WeakSet<object> = new WeakSet()): unknown {
  if (value === null) return null;
  switch (typeof value) {
    case 'string':
      return value.length > MAX_STRING ? { $cut: value.slice(0, STRING_HEAD), length: value.length } : value;
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? (Object.is(value, -0) ? 0 : value) : { $number: String(value) };
    case 'bigint':
      return { $bigint: value.toString() };
    case 'undefined':
      return { $undefined: true };
    case 'function':
      return {
        $function: guarded(() => String((value as { name?: unknown }).name || 'anonymous'), 'the function name'),
      };
    case 'symbol':
      return { $symbol: String(value) };
  }
  return guarded(() => objectToJsonSafe(value as object, depth, seen), 'reading the value');
}

function objectToJsonSafe(obj: object, depth: number, seen: WeakSet<object>): unknown {
  if (obj instanceof Uint8Array) {
    const buf = Buffer.from(obj.buffer, obj.byteOffset, obj.byteLength);
    const text = buf.toString('utf8');
    const exact = Buffer.from(text, 'utf8').equals(buf);
    return exact ? { $bytes: buf.toString('base64'), utf8: toJsonSafe(text) } : { $bytes: buf.toString('base64') };
  }
  if (depth > MAX_DEPTH) return { $truncated: 'too deep' };
  if (seen.has(obj)) return { $circular: true };
  seen.add(obj);
  try {
    if (obj instanceof Error) return { $error: toJsonSafe(guarded(() => obj.message, 'the message')) };
    if (Array.isArray(obj)) {
      const n = obj.length;
      const items: unknown[] = [];
      for (let i = 0; i < Math.min(n, MAX_ITEMS); i++)
        items.push(
          toJsonSafe(
            guarded(() => obj[i], `item ${i}`),
            depth + 1,
            seen,
          ),
        );
      if (n > MAX_ITEMS) items.push({ $truncated: `${n - MAX_ITEMS} more items` });
      return items;
    }
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(obj)) {
      const v = guarded(() => (obj as Record<string, unknown>)[k], `the getter of ${JSON.stringify(k)}`);
      Object.defineProperty(out, k, {
        value: toJsonSafe(v, depth + 1, seen),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  } finally {
    seen.delete(obj);
  }
}
