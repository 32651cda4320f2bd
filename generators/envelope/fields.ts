import * as fc from 'fast-check';
import { alphabetString, graphemeString, lazy, memoized } from '../common/lazy.js';
import { profileNames, type EnvelopeSpec, type FieldSpec, type FieldType } from '../../src/spec/envelope.js';
import { tokenLikeOf } from '../common/token-like.js';
import { freeObject, freeText, SHRINK_TO_FIRST, trickyNumber } from '../common/text.js';

const ALNUM = [...'abcdefghijklmnopqrstuvwxyz0123456789'];
const TAIL = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._:~-';

/** Tokens (D-ENV-01): a prefix when the field has one, else a plain id; up to the 200-character bound. */
export function token(prefix = ''): fc.Arbitrary<string> {
  // Built once per prefix: tokens are drawn for every field of every case, and building the
  // arbitrary costs more than drawing from it.
  return tokenOf(prefix);
}
const tokenOf = memoized((prefix: string) => buildToken(prefix));

/** The first character of every token. */
const FIRST = fc.constantFrom(...ALNUM);

/** The token arbitrary of one prefix (see `token`). */
function buildToken(prefix: string): fc.Arbitrary<string> {
  const first = FIRST;
  const tail = (max: number) => alphabetString(TAIL, 0, max);
  const plain = fc.tuple(first, tail(30)).map(([a, b]) => `${prefix}${a}${b}`);
  return fc.oneof(
    SHRINK_TO_FIRST,
    { weight: 6, arbitrary: plain },
    { weight: 1, arbitrary: tokenLikeOf('hex-digest').map((h) => `${prefix}${h.toLowerCase()}`) },
    { weight: 1, arbitrary: fc.uuid().map((u) => `${prefix}${u}`) },
    // the length bound exactly (a repeated motif: 200 independently drawn characters cost more than they find)
    {
      weight: 1,
      arbitrary: fc.tuple(first, tail(8)).map(([a, b]) => `${prefix}${a}${(b || 'x').repeat(200)}`.slice(0, 200)),
    },
  );
}

/** A UTC instant written with `digits` fraction digits (0: whole seconds), upper-case `T` and `Z`. */
export function utcText(ms: number, digits: number): string {
  const iso = new Date(ms).toISOString();
  if (digits === 0) return `${iso.slice(0, 19)}Z`;
  // Past the milliseconds, the digits are a fixed pattern: the instant stays readable in a report.
  return `${iso.slice(0, 19)}.${`${iso.slice(20, 23)}456789`.slice(0, digits)}Z`;
}

/** How many fraction digits a valid date-time carries: none, the usual 3, or any other of the 1 to 9 RFC 3339 allows (D-ENV-04). */
export const FRACTION_DIGITS = fc.oneof(
  SHRINK_TO_FIRST,
  { weight: 3, arbitrary: fc.constant(0) },
  { weight: 3, arbitrary: fc.constant(3) },
  { weight: 2, arbitrary: fc.constantFrom(1, 2, 4, 5, 6, 7, 8, 9) },
);

/**
 * UTC instants with a trailing Z, with fractions of every length RFC 3339 allows, over a wide range
 * of years; where the spec reads the designators in either case (`utcCase: "any-case"`, D-ENV-04),
 * some are written `t` and `z`.
 */
export function utcDateTime(
  min = Date.UTC(1970, 0, 1),
  max = Date.UTC(2099, 11, 31),
  utcCase: 'upper-case' | 'any-case' = 'upper-case',
): fc.Arbitrary<string> {
  const text = fc.tuple(fc.integer({ min, max }), FRACTION_DIGITS).map(([t, digits]) => utcText(t, digits));
  return utcCase === 'any-case'
    ? fc
        .tuple(text, fc.constantFrom('T', 't'), fc.constantFrom('Z', 'z'))
        .map(([s, t, z]) => `${s.slice(0, 10)}${t}${s.slice(11, -1)}${z}`)
    : text;
}

/** URI references: absolute https/http/urn, rooted paths, percent-encoded unicode. */
export function uriReference(): fc.Arbitrary<string> {
  return URI_REFERENCE;
}

/** `uriReference`'s one instance, built on its first draw; fast-check's `webUrl` costs to make, so it is built on the first draw of its own branch. */
const URI_REFERENCE: fc.Arbitrary<string> = lazy(() =>
  fc.oneof(
    SHRINK_TO_FIRST,
    lazy(() => fc.webUrl({ withQueryParameters: true, withFragments: true })),
    fc.constantFrom(
      '/',
      '/.well-known/uaix.json',
      'urn:uaix:log:agent-standard:20260531:ack_0002',
      'https://example.invalid/runtime',
      'http://uaix.org/',
    ),
    graphemeString({ minLength: 1, maxLength: 8 }).map((s) => `https://example.invalid/${encodeURIComponent(s)}`),
  ),
);

function traceparent(): fc.Arbitrary<string> {
  return tokenLikeOf('traceparent');
}

/** Values of one field type of `spec` (levels, profiles and object layouts come from it). */
export function valueOf(spec: EnvelopeSpec, t: FieldType | FieldSpec): fc.Arbitrary<unknown> {
  switch (t.type) {
    case 'token':
      return token((t as FieldSpec).prefix ?? '');
    case 'text':
      return freeText();
    case 'uri-reference':
      return uriReference();
    case 'date-time':
      return utcDateTime(undefined, undefined, spec.utcCase);
    case 'traceparent':
      return traceparent();
    case 'field-path':
      return fc
        .array(
          fc.oneof(
            fc.stringMatching(/^[a-z_]{1,12}$/).map((s) => `.${s}`),
            fc.nat(9).map((n) => `[${n}]`),
          ),
          { minLength: 1, maxLength: 4 },
        )
        .map((p) => `$${p.join('')}`);
    case 'checksum':
      return tokenLikeOf('sha256-checksum');
    case 'level':
      return fc.constantFrom(...(spec.types.level!.enum ?? []));
    case 'profile':
      return fc.constantFrom(...profileNames(spec));
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.oneof(
        SHRINK_TO_FIRST,
        fc.integer({ min: t.minimum ?? 0, max: t.maximum ?? 2 ** 31 - 1 }),
        fc.constantFrom(...[t.minimum ?? 0, t.maximum ?? Number.MAX_SAFE_INTEGER]),
      );
    case 'number':
      return fc.oneof(
        SHRINK_TO_FIRST,
        fc.double({ min: t.minimum ?? -1e9, max: t.maximum ?? 1e9, noNaN: true, noDefaultInfinity: true }),
        fc
          .constantFrom(t.minimum ?? 0, t.maximum ?? 1, 0.1, 0.30000000000000004, 1e-7)
          .filter((n) => n >= (t.minimum ?? -Infinity) && n <= (t.maximum ?? Infinity)),
        trickyNumber().filter((n) => n >= (t.minimum ?? -Infinity) && n <= (t.maximum ?? Infinity)),
      );
    case 'enum':
      return fc.constantFrom(...t.values);
    case 'const':
      return fc.constant(t.value);
    case 'free-object':
      return freeObject();
    case 'opaque-array':
      return fc.constant([]);
    case 'object':
      return objectOf(spec, spec.objects[t.layout]!.fields);
    case 'array':
      return fc.array(valueOf(spec, t.items), { minLength: t.minItems ?? 0, maxLength: Math.max(3, t.minItems ?? 0) });
    case 'body':
      throw new Error('body values are generated per profile');
  }
}

/** An object of declared fields: every required field, each optional one present or absent. */
export function objectOf(
  spec: EnvelopeSpec,
  fields: Record<string, FieldSpec>,
  overrides: Record<string, fc.Arbitrary<unknown>> = {},
): fc.Arbitrary<Record<string, unknown>> {
  const arbs: Record<string, fc.Arbitrary<unknown>> = {};
  const required: string[] = [];
  for (const [name, f] of Object.entries(fields)) {
    arbs[name] = overrides[name] ?? valueOf(spec, f);
    if (f.required) required.push(name);
  }
  return fc.record(arbs, { requiredKeys: required, noNullPrototype: true });
}
