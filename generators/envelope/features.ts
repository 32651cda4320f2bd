import * as fc from 'fast-check';
import { defineMember } from './leaves.js';

/**
 * What in an envelope a canonicalizer can get wrong (RFC 8785), as the INT-CHECKSUM cases name it:
 * each feature is content on which a canonicalizer with one wrong choice writes other bytes than
 * RFC 8785. A case is tagged with every feature its packet holds, wherever it holds it, so that a
 * checksum that is wrong on one feature fails on a case tagged with it.
 */
export const CANONICAL_FEATURES = [
  // Keys whose UTF-16 order and code point order differ (U+FFFF against an astral character).
  'utf16-key-order',
  // Keys whose UTF-16 order and `localeCompare` order differ (upper against lower case, accents).
  'locale-key-order',
  // Characters above U+007F (written raw, never as \uXXXX).
  'non-ascii',
  // Text in a decomposed form (hashed as it is, never NFC-normalized).
  'nfd-text',
  // Numbers written with an exponent (1e+21, 1e-7: lower-case e).
  'exponent-number',
  // Negative zero (written 0).
  'negative-zero',
  // An own member named `__proto__` (kept, as every other member).
  'proto-key',
  // Control characters other than tab, line feed and carriage return (\b, \f, \u001f...: short escapes, lower-case hex).
  'control-char',
  // `<`, `>`, `&`, U+2028, U+2029 (written raw).
  'html-chars',
] as const;

export type CanonicalFeature = (typeof CANONICAL_FEATURES)[number];

const differ = (a: string[], b: string[]): boolean => a.some((k, i) => k !== b[i]);

const byCodePoint = (a: string, b: string): number => {
  const x = [...a].map((c) => c.codePointAt(0)!);
  const y = [...b].map((c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
};

/** A JSON Pointer token (RFC 6901). */
const token = (k: string): string => k.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Every place a JSON value holds a feature of `CANONICAL_FEATURES`, depth first in member order:
 * the feature and the JSON Pointer of the value that holds it (a key's feature, and a key order's,
 * at the object holding the keys).
 */
export function canonicalFeaturePlaces(value: unknown): { feature: CanonicalFeature; at: string }[] {
  const places: { feature: CanonicalFeature; at: string }[] = [];
  const text = (s: string, at: string) => {
    if (/[^\x00-\x7f]/.test(s)) places.push({ feature: 'non-ascii', at });
    if (s.normalize('NFC') !== s) places.push({ feature: 'nfd-text', at });
    if (/[\x00-\x08\x0b\x0c\x0e-\x1f]/.test(s)) places.push({ feature: 'control-char', at });
    if (/[<>&\u2028\u2029]/.test(s)) places.push({ feature: 'html-chars', at });
  };
  const visit = (v: unknown, at: string) => {
    if (typeof v === 'string') text(v, at);
    else if (typeof v === 'number') {
      if (Object.is(v, -0)) places.push({ feature: 'negative-zero', at });
      if (/e/.test(String(v))) places.push({ feature: 'exponent-number', at });
    } else if (Array.isArray(v)) v.forEach((x, i) => visit(x, `${at}/${i}`));
    else if (v !== null && typeof v === 'object') {
      const keys = Object.keys(v);
      const utf16 = [...keys].sort();
      if (differ(utf16, [...keys].sort(byCodePoint))) places.push({ feature: 'utf16-key-order', at });
      if (
        differ(
          utf16,
          [...keys].sort((a, b) => a.localeCompare(b)),
        )
      )
        places.push({ feature: 'locale-key-order', at });
      if (Object.hasOwn(v, '__proto__')) places.push({ feature: 'proto-key', at });
      for (const k of keys) {
        text(k, at);
        visit((v as Record<string, unknown>)[k], `${at}/${token(k)}`);
      }
    }
  };
  visit(value, '');
  return places;
}

/** The features of `CANONICAL_FEATURES` a JSON value holds, in their list order. */
export function canonicalFeatures(value: unknown): CanonicalFeature[] {
  const found = new Set(canonicalFeaturePlaces(value).map((p) => p.feature));
  return CANONICAL_FEATURES.filter((f) => found.has(f));
}

/** Members that hold each feature, for a free-form object. */
const PLANTS: Record<CanonicalFeature, fc.Arbitrary<[string, unknown][]>> = {
  'utf16-key-order': fc.constantFrom<[string, unknown][]>(
    [
      ['\uffff', 'bmp'],
      ['😀', 'astral'],
    ],
    [
      ['\ue000', 1],
      ['𝄞', 2],
    ],
    [
      ['x\uffff', 0],
      ['x😀', 1],
    ],
  ),
  'locale-key-order': fc.constantFrom<[string, unknown][]>(
    [
      ['B', 'upper'],
      ['a', 'lower'],
    ],
    [
      ['é', 'accented'],
      ['f', 'plain'],
    ],
    [
      ['Zeta', 1],
      ['alpha', 2],
    ],
  ),
  'non-ascii': fc.constantFrom<[string, unknown][]>([['label', 'café ✓']], [['名前', '値']], [['emoji', '😀 𝄞']]),
  'nfd-text': fc.constantFrom<[string, unknown][]>([['note', 'e\u0301te\u0301']], [['name', 'A\u030angstro\u0308m']]),
  'exponent-number': fc.constantFrom<[string, unknown][]>(
    [['big', 1e21]],
    [['small', 1e-7]],
    [['tiny', 5e-324]],
    [['huge', 1.7976931348623157e308]],
  ),
  'negative-zero': fc.constantFrom<[string, unknown][]>([['zero', -0]], [['offsets', [0, -0]]]),
  'proto-key': fc.constantFrom<[string, unknown][]>(
    [['__proto__', 'kept']],
    [['__proto__', { admin: true }]],
    [['__proto__', null]],
  ),
  'control-char': fc.constantFrom<[string, unknown][]>(
    [['raw', 'bell\u0007 backspace\b form\f unit\u001f']],
    [['vt', 'a\u000bb\u001bc']],
  ),
  'html-chars': fc.constantFrom<[string, unknown][]>(
    [['markup', '<b>&amp;</b> & <script>']],
    [['separators', 'line\u2028paragraph\u2029end']],
  ),
};

/** A free-form object with members that hold `feature` added (a copy: the object given is left as it was). */
export function withFeature(
  feature: CanonicalFeature,
  object: Record<string, unknown>,
): fc.Arbitrary<Record<string, unknown>> {
  return PLANTS[feature].map((members) => {
    const out = structuredClone(object);
    for (const [k, v] of members) defineMember(out, k, v);
    return out;
  });
}
