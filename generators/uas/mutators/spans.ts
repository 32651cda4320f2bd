import { representable } from '../compile.js';
import type { UasValidDocument } from '../document.js';
import { formatSpan, sha256Hex, type GenUnit } from '../model.js';
import { choose, firstDiff, type ExpectedFinding, type UasMutation, type UasMutator, uasMutator } from '../mutation.js';
import { rebuild, rehash, reserialize, spanBytes, utf8, withAttribute } from './util.js';
import { lanesOf } from './verbatim-drift.js';

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The room a unit has to move: from the previous unit's end to the next unit's start. */
function room(d: UasValidDocument, i: number): [number, number] {
  const units = d.doc.units;
  return [i > 0 ? units[i - 1].end : 0, i < units.length - 1 ? units[i + 1].start : d.source.bytes.length];
}

/** Moves unit i by delta bytes when it stays inside its room; the moved unit, or undefined. */
function shifted(d: UasValidDocument, i: number, delta: number): GenUnit | undefined {
  const u = d.doc.units[i];
  const [lo, hi] = room(d, i);
  if (u.start + delta < lo || u.end + delta > hi) return undefined;
  return { ...u, start: u.start + delta, end: u.end + delta };
}

/**
 * The finding of a verbatim unit whose text is compared with other bytes, or null when they
 * agree, or when they differ only as one of the verbatim families' lanes says (a trimming or
 * normalizing verifier must be caught by that family alone).
 */
function mismatchOf(_d: UasValidDocument, u: GenUnit, text: string, span: Uint8Array): ExpectedFinding | null | 'lane' {
  const at = firstDiff(utf8(text), span);
  if (at < 0) return null;
  if (lanesOf(text, span).length > 0) return 'lane';
  return { checkId: 'VAL-VERBATIM', unitId: u.id, byteOffset: u.start + at };
}

/** B of `bytes:A-B` for a unit ending at `end` (exclusive), as the pinned convention writes it (D-UAS-06). */
const lastOf = (d: UasValidDocument, end: number): number => (d.spec.spanEnd === 'inclusive' ? end - 1 : end);

/** A span attribute written as `text`: a VAL-SPAN-BOUNDS finding for the unit, which then is neither hashed nor compared. */
function spanWritten(
  d: UasValidDocument,
  u: GenUnit,
  text: string,
  change: (x: GenUnit) => void = () => {},
): UasMutation {
  return rebuild(
    d,
    (doc) => {
      const x = doc.units.find((y) => y.id === u.id)!;
      x.spanText = text;
      change(x);
    },
    [{ checkId: 'VAL-SPAN-BOUNDS', unitId: u.id }],
  );
}

/** A number as a lenient parser (`Number`, `parseInt`) still reads it: leading zero, sign, fraction, hex, exponent. */
const SPELLINGS: ((n: number) => string)[] = [
  (n) => `0${n}`,
  (n) => `+${n}`,
  (n) => `${n}.0`,
  (n) => `0x${n.toString(16)}`,
  (n) => `${n}e0`,
];

/** `source_order` values other than the decimal text of the unit's place, which `Number` still reads as it. */
const ORDER_SPELLINGS: ((n: number) => string)[] = [
  (n) => `0${n}`,
  (n) => `+${n}`,
  (n) => `${n}.0`,
  (n) => ` ${n}`,
  (n) => `${n} `,
  (n) => `${n}e0`,
];

/** Every unit's `source_order` replaced by `orders` (a VAL-SOURCE-ORDER finding on each unit whose number is wrong). */
function renumbered(d: UasValidDocument, orders: readonly string[]): UasMutation | null {
  const wrong = d.doc.units.filter((_u, i) => orders[i] !== String(i + 1));
  if (wrong.length === 0) return null;
  return rebuild(
    d,
    (doc) => doc.units.forEach((u, i) => (u.sourceOrder = orders[i]!)),
    wrong.map((u) => ({ checkId: 'VAL-SOURCE-ORDER', unitId: u.id })),
  );
}

/**
 * Span mutations (seed 003 §3.2): off by one, UTF-16 code units instead of bytes, overlap, order;
 * spans written in a form the grammar does not have, or outside the source; `source_order` that is
 * not 1..n as decimal text.
 */
export const spanMutators: UasMutator[] = [
  uasMutator(
    'span-shift-verbatim',
    'VAL-VERBATIM',
    (d, p) => {
      // The span is off by one but its hash was taken over the stated range: only the text betrays it.
      const i = d.doc.units.findIndex(
        (u) =>
          u ===
          choose(
            d.doc.units.filter((x) => x.mode === 'VERBATIM_FULL'),
            p[0],
          ),
      );
      const moved = i < 0 ? undefined : shifted(d, i, p[1] % 2 === 0 ? 1 : -1);
      if (!moved) return null;
      const f = mismatchOf(d, moved, moved.text!, spanBytes(d, moved.start, moved.end));
      if (f === null || f === 'lane') return null;
      return rebuild(
        d,
        (doc) => {
          Object.assign(doc.units[i], moved);
          rehash(d, doc.units[i]);
        },
        [f],
      );
    },
    5,
  ),
  uasMutator('span-shift-hash', 'VAL-SPAN-HASH', (d, p) => {
    // A hash-only unit whose span moved by one while its hash stayed: the hash no longer matches.
    const i = d.doc.units.findIndex(
      (u) =>
        u ===
        choose(
          d.doc.units.filter((x) => x.mode !== 'VERBATIM_FULL'),
          p[0],
        ),
    );
    const moved = i < 0 ? undefined : shifted(d, i, p[1] % 2 === 0 ? 1 : -1);
    if (!moved || sha256Hex(spanBytes(d, moved.start, moved.end)) === moved.spanSha256) return null;
    return rebuild(d, (doc) => Object.assign(doc.units[i], moved), [{ checkId: 'VAL-SPAN-HASH', unitId: moved.id }]);
  }),
  uasMutator(
    'utf16-spans',
    'VAL-VERBATIM',
    (d) => {
      // Offsets counted in UTF-16 code units, hashes then taken over those (wrong) byte ranges.
      let text: string;
      try {
        text = strict.decode(d.source.bytes);
      } catch {
        return null;
      }
      const bytes = d.source.bytes;
      const u16 = (b: number) => strict.decode(bytes.subarray(0, b)).length;
      const moved = d.doc.units.map((u) => ({ ...u, start: u16(u.start), end: u16(u.end) }));
      // The first mismatching unit in document order is the one every verifier must report (D-UAS-09).
      let first: ExpectedFinding | null | 'lane' = null;
      for (const m of moved)
        if (first === null && m.mode === 'VERBATIM_FULL')
          first = mismatchOf(d, m, m.text!, spanBytes(d, m.start, m.end));
      if (first === null || first === 'lane' || text.length === bytes.length) return null;
      const expected = [first];
      return rebuild(
        d,
        (doc) => {
          doc.units = moved;
          for (const u of doc.units) rehash(d, u);
        },
        expected,
      );
    },
    10,
  ),
  uasMutator('overlapping-spans', 'VAL-SOURCE-ORDER', (d, p) => {
    // Unit k+1 starts inside unit k; its hash and text are recomputed so only the overlap is wrong.
    const k = p[0] % Math.max(1, d.doc.units.length - 1);
    const a = d.doc.units[k];
    const b = d.doc.units[k + 1];
    if (!b) return null;
    for (let back = 1; back <= 4 && back <= a.end - a.start; back++) {
      const start = a.end - back;
      const text = b.mode === 'VERBATIM_FULL' ? representable(spanBytes(d, start, b.end)) : '';
      if (text === undefined) continue;
      return rebuild(
        d,
        (doc) => {
          const u = doc.units[k + 1];
          u.start = start;
          if (u.mode === 'VERBATIM_FULL') u.text = text;
          rehash(d, u);
        },
        [{ checkId: 'VAL-SOURCE-ORDER', unitId: b.id }],
      );
    }
    return null;
  }),
  uasMutator('out-of-order-units', 'VAL-SOURCE-ORDER', (d, p) => {
    const n = d.doc.units.length;
    if (n < 2) return null;
    const k = p[0] % (n - 1);
    const variant = p[1] % 2;
    return rebuild(
      d,
      (doc) => {
        if (variant === 0) [doc.units[k], doc.units[k + 1]] = [doc.units[k + 1], doc.units[k]];
        else
          [doc.units[k].sourceOrder, doc.units[k + 1].sourceOrder] = [
            doc.units[k + 1].sourceOrder,
            doc.units[k].sourceOrder,
          ];
      },
      [{ checkId: 'VAL-SOURCE-ORDER' }],
    );
  }),
  uasMutator('source-order-gap', 'VAL-SOURCE-ORDER', (d, p) => {
    // Numbers that still ascend but skip one (1, 2, 4) or repeat one (1, 2, 2, 3; 1, 2, 2, 4), after the first unit.
    const n = d.doc.units.length;
    if (n < 2) return null;
    const k = 1 + (p[0] % (n - 1));
    const place = (i: number) => [i + 1 + (i >= k ? 1 : 0), i + 1 - (i >= k ? 1 : 0), i === k ? i : i + 1][p[1] % 3]!;
    return renumbered(
      d,
      d.doc.units.map((_, i) => String(place(i))),
    );
  }),
  uasMutator('source-order-offset', 'VAL-SOURCE-ORDER', (d, p) => {
    // Consecutive numbers from the wrong start: 0, 1, 2 (counted from zero) or 2, 3, 4.
    const from = p[1] % 3 === 2 ? 2 : 0;
    return renumbered(
      d,
      d.doc.units.map((_, i) => String(from + i)),
    );
  }),
  uasMutator('source-order-spelling', 'VAL-SOURCE-ORDER', (d, p) => {
    // One unit's number as `Number` still reads it: `02`, `+2`, `2.0`, ` 2`, `2 `, `2e0` (D-UAS-07: decimal text exactly).
    const i = p[0] % d.doc.units.length;
    const spelled = ORDER_SPELLINGS[p[1] % ORDER_SPELLINGS.length]!(i + 1);
    return renumbered(
      d,
      d.doc.units.map((u, j) => (j === i ? spelled : u.sourceOrder)),
    );
  }),
  uasMutator('source-order-missing', 'VAL-SOURCE-ORDER', (d, p) => {
    // One unit without its number: the attribute empty or gone.
    const u = choose(d.doc.units, p[0])!;
    const out = reserialize(d, (doc) => {
      doc.units.find((x) => x.id === u.id)!.sourceOrder = '';
    });
    const artifact =
      p[1] % 2 === 0 ? out.xml : withAttribute(out.xml, 'semantic_unit', u.id, 'source_order', undefined);
    return artifact === undefined
      ? null
      : { source: d.source.bytes, artifact, expected: [{ checkId: 'VAL-SOURCE-ORDER', unitId: u.id }] };
  }),
  uasMutator('span-out-of-bounds', 'VAL-SPAN-BOUNDS', (d, p) => {
    const u = choose(d.doc.units, p[0])!;
    const len = d.source.bytes.length;
    const last = lastOf(d, u.end);
    const variants = [
      `bytes:${u.start}-${lastOf(d, len + 2 + (p[2] % 7))}`,
      `bytes:${last}-${u.start}`,
      `chars:${u.start}-${last}`,
      `${u.start}-${last}`,
      `bytes:${u.start}`,
      `bytes:${u.start}-`,
      `bytes:${u.start}..${last}`,
      `bytes:${u.start}-${last}-${last}`,
    ];
    const v = p[1] % variants.length;
    if (v === 1 && last <= u.start) return null; // reversing a one-byte span changes nothing
    return spanWritten(d, u, variants[v]!);
  }),
  uasMutator('span-whitespace', 'VAL-SPAN-BOUNDS', (d, p) => {
    // White space where the grammar has none, which a parser that trims or splits on `-` takes in stride.
    const u = choose(d.doc.units, p[0])!;
    const [a, b] = [u.start, lastOf(d, u.end)];
    const variants = [
      `bytes: ${a}-${b}`,
      `bytes:${a} -${b}`,
      `bytes:${a}- ${b}`,
      ` bytes:${a}-${b}`,
      `bytes:${a}-${b} `,
      `bytes:${a}-${b}\t`,
      `\nbytes:${a}-${b}`,
      `bytes:${a} - ${b}`,
    ];
    return spanWritten(d, u, variants[p[1] % variants.length]!);
  }),
  uasMutator('span-prefix-case', 'VAL-SPAN-BOUNDS', (d, p) => {
    // The prefix in another case: `bytes:` is exact (names are case-sensitive).
    const u = choose(d.doc.units, p[0])!;
    const prefix = ['BYTES', 'Bytes', 'bYtes', 'BYTES'][p[1] % 4];
    return spanWritten(d, u, formatSpan(u.start, u.end, d.spec).replace(/^bytes/, prefix!));
  }),
  uasMutator('span-number-spelling', 'VAL-SPAN-BOUNDS', (d, p) => {
    // A coordinate spelled as `Number` or `parseInt` still reads it: `07`, `+7`, `7.0`, `0x7`, `7e0`.
    const u = choose(d.doc.units, p[0])!;
    const spell = SPELLINGS[p[1] % SPELLINGS.length]!;
    const [a, b] = [u.start, lastOf(d, u.end)];
    const which = p[2] % 3;
    return spanWritten(d, u, `bytes:${which === 1 ? a : spell(a)}-${which === 0 ? b : spell(b)}`);
  }),
  uasMutator('span-empty', 'VAL-SPAN-BOUNDS', (d, p) => {
    // An empty range (`bytes:A-A`; `bytes:A-(A-1)` when B is inclusive), hash-locked to the empty
    // string: a verifier that only refuses A > B hashes nothing and finds it right.
    const u = choose(
      d.doc.units.filter((x) => d.spec.spanEnd === 'exclusive' || x.start > 0),
      p[0],
    );
    if (!u) return null;
    return spanWritten(d, u, `bytes:${u.start}-${lastOf(d, u.start)}`, (x) => {
      x.mode = 'SPAN_ONLY';
      delete x.text;
      x.spanSha256 = sha256Hex(new Uint8Array(0));
    });
  }),
  uasMutator('span-past-end-by-one', 'VAL-SPAN-BOUNDS', (d) => {
    // The span of the unit that ends the source, one byte longer: past the end by exactly one. A
    // verifier that reads the bytes with a clamping slice finds the hash and the text right.
    const len = d.source.bytes.length;
    const u = [...d.doc.units].reverse().find((x) => x.end === len) ?? d.doc.units[d.doc.units.length - 1]!;
    return spanWritten(d, u, `bytes:${u.start}-${lastOf(d, len + 1)}`);
  }),
  uasMutator('span-missing', 'VAL-SPAN-BOUNDS', (d, p) => {
    // No span at all: the attribute empty or gone (then nothing is hash-locked).
    const u = choose(d.doc.units, p[0])!;
    if (p[1] % 2 === 0) return spanWritten(d, u, '');
    const artifact = withAttribute(d.out.xml, 'semantic_unit', u.id, 'source_span', undefined);
    return artifact === undefined
      ? null
      : { source: d.source.bytes, artifact, expected: [{ checkId: 'VAL-SPAN-BOUNDS', unitId: u.id }] };
  }),
];
