/**
 * A JSON serializer with sorted keys whose every choice can be made the way a hurried
 * canonicalizer makes it. With the defaults it writes RFC 8785 (JCS) for the values an envelope
 * holds (the pack's seal uses a JCS library, and a test holds the two to the same bytes); each
 * option is one way of getting the canonical form wrong that real serializers have: Python's
 * `json.dumps(sort_keys=True)` (spaces after separators, `\u` escapes for non-ASCII, keys in code
 * point order), Go's `encoding/json` (`<`, `>`, `&` escaped), Java's doubles (`1.0`, `1.0E21`),
 * `localeCompare` key sorting, NFC normalization, members copied by assignment (an own `__proto__`
 * member dropped).
 */
export interface SerializeOptions {
  /** Key order: UTF-16 code units (JCS), code points, or `localeCompare`. */
  keyOrder?: 'utf16' | 'code-point' | 'locale';
  /** Escape every character above U+007F as `\uXXXX`. */
  escapeNonAscii?: boolean;
  /** Escape `<`, `>`, `&`, U+2028 and U+2029 as `\uXXXX`. */
  escapeHtml?: boolean;
  /** Escape control characters with upper-case hex, `\b` and `\f` included (`\u0008`, `\u000C`). */
  upperCaseControlEscapes?: boolean;
  /** `", "` and `": "` between members and items. */
  spacedSeparators?: boolean;
  /** How numbers are written: ECMAScript (JCS), integral values with `.0`, exponents with `E`, `-0` kept. */
  numbers?: 'ecmascript' | 'trailing-zero' | 'upper-exponent' | 'signed-zero';
  /** NFC-normalize string values before writing them. */
  normalizeNfc?: boolean;
  /** Drop own members named `__proto__` (what copying members by assignment does). */
  dropProtoMembers?: boolean;
  /** Drop members whose value is `null`. */
  dropNullMembers?: boolean;
  /** Sort the items of every array (by their own serialization). */
  sortArrays?: boolean;
}

/** `\uXXXX` for one UTF-16 code unit. */
const hex4 = (unit: number, upper = false): string => {
  const h = unit.toString(16).padStart(4, '0');
  return `\\u${upper ? h.toUpperCase() : h}`;
};

/** The short escapes of JSON (RFC 8259 §7), which JCS uses. */
const SHORT: Record<string, string> = { '\b': '\\b', '\t': '\\t', '\n': '\\n', '\f': '\\f', '\r': '\\r' };

/** One character of a string, written as `o` says. */
function writeChar(ch: string, o: SerializeOptions): string {
  const c = ch.codePointAt(0)!;
  if (ch === '"') return '\\"';
  if (ch === '\\') return '\\\\';
  if (c < 0x20) {
    if (o.upperCaseControlEscapes) return ch === '\t' || ch === '\n' || ch === '\r' ? SHORT[ch]! : hex4(c, true);
    return SHORT[ch] ?? hex4(c);
  }
  if (o.escapeHtml && (ch === '<' || ch === '>' || ch === '&' || c === 0x2028 || c === 0x2029)) return hex4(c);
  // A lone surrogate is escaped (as JSON.stringify does); with escapeNonAscii, every unit above U+007F.
  if ((c >= 0xd800 && c <= 0xdfff) || (o.escapeNonAscii && c > 0x7f))
    return [...Array(ch.length).keys()].map((i) => hex4(ch.charCodeAt(i))).join('');
  return ch;
}

function writeString(s: string, o: SerializeOptions): string {
  let out = '"';
  for (const ch of o.normalizeNfc ? s.normalize('NFC') : s) out += writeChar(ch, o);
  return `${out}"`;
}

function writeNumber(n: number, o: SerializeOptions): string {
  switch (o.numbers) {
    case 'trailing-zero':
      return Number.isInteger(n) && Math.abs(n) < 1e21 ? `${JSON.stringify(n)}.0` : JSON.stringify(n);
    case 'upper-exponent':
      return JSON.stringify(n).toUpperCase();
    case 'signed-zero':
      return Object.is(n, -0) ? '-0' : JSON.stringify(n);
    default:
      return JSON.stringify(n);
  }
}

const byCodePoint = (a: string, b: string): number => {
  const x = [...a].map((c) => c.codePointAt(0)!);
  const y = [...b].map((c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
};

function sortKeys(keys: string[], order: SerializeOptions['keyOrder']): string[] {
  if (order === 'code-point') return keys.sort(byCodePoint);
  if (order === 'locale') return keys.sort((a, b) => a.localeCompare(b));
  return keys.sort();
}

/** The serialization of a JSON value under `options` (the defaults: RFC 8785). */
export function serialize(value: unknown, options: SerializeOptions = {}): string {
  const comma = options.spacedSeparators ? ', ' : ',';
  const colon = options.spacedSeparators ? ': ' : ':';
  const write = (v: unknown): string => {
    if (v === null || typeof v === 'boolean') return String(v);
    if (typeof v === 'number') return writeNumber(v, options);
    if (typeof v === 'string') return writeString(v, options);
    if (Array.isArray(v)) {
      const items = v.map(write);
      return `[${(options.sortArrays ? items.sort() : items).join(comma)}]`;
    }
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o).filter(
      (k) => !(options.dropProtoMembers && k === '__proto__') && !(options.dropNullMembers && o[k] === null),
    );
    return `{${sortKeys(keys, options.keyOrder)
      .map((k) => `${writeString(k, { ...options, normalizeNfc: false })}${colon}${write(o[k])}`)
      .join(comma)}}`;
  };
  return write(value);
}
