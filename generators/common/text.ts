import * as fc from 'fast-check';
import { graphemeString, lazy, memoized } from './lazy.js';

/**
 * Free text as agents write it: the strings that break naive implementations. Always holds at least
 * one non-space character (text fields are non-blank, D-ENV-02).
 */
const TRICKY = [
  'line one\r\nline two',
  'lone\rcarriage return',
  'tab\tseparated\tvalues',
  'astral 😀 𝄞 𝟘 and BMP ✓',
  'combining e\u0301 vs é',
  'Tags <b>&amp;</b> & <script>alert(1)</script>',
  '"straight" and “smart” ‘quotes’',
  'العربية مع English',
  '中文字符与日本語のテキスト',
  'zero\u200bwidth and\u00a0nbsp',
  '\ufeffleading BOM',
  'backslash \\ and slash / and \\u0000 literal',
  'NUL \u0000 and bell \u0007 controls',
  'surrogate-heavy 🏳️‍🌈 👩‍👩‍👧',
  '1e21 and -0 and 0.1+0.2',
];

/**
 * `fc.oneof` constraints that let shrinking fall back to the first (plainest) arm: a shrunk
 * counterexample then keeps a short id, a whole-second instant or an empty object where the arm
 * drawn (a 200-character id, a UUID, a fraction) has nothing to do with the failure. Generation is
 * unchanged (fast-check only clones the random stream for the fallback), so the cases of a seed stay
 * the same; only counterexamples get smaller.
 */
export const SHRINK_TO_FIRST = Object.freeze({ withCrossShrink: true });

const visible = (s: string): string => (/\S/u.test(s) ? s : `${s}x`);

/** The text a shrunk case falls back to where its free text has nothing to do with the failure. */
export const PLAIN_TEXT = 'Plain text.';

/** The shrink context of `PLAIN_TEXT` once it was tried: nothing smaller to try. */
const PLAIN_CONTEXT = Symbol('plain text');

/**
 * An arbitrary of text that draws exactly as `inner` does (so the cases of a seed stay the same) and
 * shrinks to `plain` first, then as `inner` shrinks. `fc.constantFrom` shrinks towards its first
 * value, so without it every shrunk label or body would keep the first hard case (a CRLF) or a
 * control character: noise the reader must see past.
 */
class ShrinksToPlain extends fc.Arbitrary<string> {
  constructor(
    private readonly inner: fc.Arbitrary<string>,
    private readonly plain: string,
  ) {
    super();
  }
  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<string> {
    return this.inner.generate(mrng, biasFactor);
  }
  canShrinkWithoutContext(value: unknown): value is string {
    return this.inner.canShrinkWithoutContext(value);
  }
  shrink(value: string, context: unknown): fc.Stream<fc.Value<string>> {
    if (context === PLAIN_CONTEXT || value === this.plain) return fc.Stream.nil();
    return fc.Stream.of(new fc.Value(this.plain, PLAIN_CONTEXT)).join(this.inner.shrink(value, context));
  }
}

/** Non-blank free text, from curated hard cases, arbitrary unicode (astral included), and mixes; shrinks to `PLAIN_TEXT` first. */
export function freeText(maxLength = 60): fc.Arbitrary<string> {
  return freeTextOf(maxLength);
}

/** `freeText` per longest length, made once (see `memoized`). */
const freeTextOf = memoized(
  (maxLength: number): fc.Arbitrary<string> => new ShrinksToPlain(freeTextDraws(maxLength), PLAIN_TEXT),
);

/** The draws of `freeText`; each of fast-check's strings is made on the first draw of its branch (see `lazy`). */
function freeTextDraws(maxLength: number): fc.Arbitrary<string> {
  return fc
    .oneof(
      { weight: 2, arbitrary: fc.constantFrom(...TRICKY) },
      { weight: 2, arbitrary: graphemeString({ minLength: 1, maxLength }) },
      { weight: 1, arbitrary: lazy(() => fc.string({ unit: 'binary', minLength: 1, maxLength })) },
      { weight: 2, arbitrary: lazy(() => fc.lorem({ maxCount: 8, mode: 'sentences' })) },
      {
        weight: 1,
        arbitrary: fc.tuple(fc.constantFrom(...TRICKY), graphemeString({ maxLength: 10 })).map(([a, b]) => a + b),
      },
    )
    .map(visible);
}

/** Keys for free-form objects: ASCII, unicode, astral, and keys whose UTF-16 and code-point orders differ. */
export function freeKey(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(
      'a',
      'B',
      '\uffff',
      '😀',
      'é',
      'e\u0301',
      '€',
      '\u0080',
      '1',
      '10',
      '2',
      '',
      ' ',
      'key with space',
      '__proto__',
      'constructor',
    ),
    graphemeString({ maxLength: 8 }),
    lazy(() => fc.string({ unit: 'binary', maxLength: 6 })),
  );
}

/** Numbers whose canonical JSON differs from naive printing (RFC 8785 §3.2.2.3). */
export function trickyNumber(): fc.Arbitrary<number> {
  return fc.oneof(
    SHRINK_TO_FIRST,
    fc.constantFrom(
      0,
      -0,
      1e21,
      1e-7,
      123456789012345680000,
      0.1 + 0.2,
      5e-324,
      1.7976931348623157e308,
      4.5,
      1e20,
      -1e-6,
      333333333.3333333,
      9007199254740993,
      2 ** 53,
    ),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer(),
  );
}

/** JSON values for free-form objects, reaching unicode keys and tricky numbers. */
export function freeJson(maxDepth = 3): fc.Arbitrary<unknown> {
  const { value } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', maxDepth },
      fc.constant(null),
      fc.boolean(),
      trickyNumber(),
      freeText(20),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(freeKey(), tie('value'), { maxKeys: 4, noNullPrototype: true }),
    ),
  }));
  return value;
}

/** A free-form JSON object (expected_output_schema, revised_payload, constraints...). */
export function freeObject(): fc.Arbitrary<Record<string, unknown>> {
  return fc.oneof(
    SHRINK_TO_FIRST,
    fc.constant({}),
    fc.record({ profile: fc.constant('uai.agent.ack.v1') }),
    fc.dictionary(freeKey(), freeJson(), { maxKeys: 6, noNullPrototype: true }),
  );
}
