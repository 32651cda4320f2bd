import type { UasValidDocument } from '../document.js';
import { choose, firstDiff, type UasMutator, type UasMutation, uasMutator } from '../mutation.js';
import { xmlCanCarry } from '../xml-char.js';
import { rebuild, spanBytes, utf8, verbatimUnits, withUnitBody } from './util.js';

const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * The ways a drifted text can still pass for its span under one plausible slip of a verifier,
 * each the lane of one family: a verifier that trims (`trimmed-text`), that compares Unicode
 * normal forms (`unicode-normalization`), that skips an empty text (`verbatim-empty`), that
 * compares only as many bytes as the span has (`verbatim-overrun`), that stops before the last byte
 * (`verbatim-last-byte`), or that reports where the differing character starts rather than the
 * differing byte (`mismatch-mid-character`). A family only makes mutations in its own lane, so each
 * slip is caught by one family and answered rightly by every other.
 */
export const LANES = [
  'trimmed-text',
  'unicode-normalization',
  'verbatim-empty',
  'verbatim-overrun',
  'verbatim-last-byte',
  'mismatch-mid-character',
] as const;
export type Lane = (typeof LANES)[number];

/** The lanes a decoded text (as a verifier reads it) falls in against its span's bytes. */
export function lanesOf(text: string, span: Uint8Array): Lane[] {
  const t = utf8(text);
  const s = decoder.decode(span);
  const at = firstDiff(t, span);
  const out: Lane[] = [];
  if (text === '') out.push('verbatim-empty');
  if (text.trim() === s.trim()) out.push('trimmed-text');
  if (text.normalize('NFC') === s.normalize('NFC')) out.push('unicode-normalization');
  if (at === span.length && t.length > span.length) out.push('verbatim-overrun');
  if (t.length === span.length && at === t.length - 1) out.push('verbatim-last-byte');
  if (at >= 0 && at < span.length && (span[at] & 0xc0) === 0x80) out.push('mismatch-mid-character');
  return out;
}

/** True when a text that differs from its span stays out of every lane but `own`'s. */
const inLane = (text: string, span: Uint8Array, own: string): boolean => lanesOf(text, span).every((l) => l === own);

/**
 * A verbatim unit whose text becomes `text` (read as `read`, when the XML changes it on the way);
 * null when the text still equals the source bytes, or when it falls in another family's lane.
 */
function drift(
  d: UasValidDocument,
  family: string,
  unitId: string,
  text: string | undefined,
  read = text,
): UasMutation | null {
  const u = d.doc.units.find((x) => x.id === unitId)!;
  if (text === undefined || read === undefined) return null;
  const span = spanBytes(d, u.start, u.end);
  const at = firstDiff(utf8(read), span);
  if (at < 0 || !inLane(read, span, family)) return null;
  return rebuild(
    d,
    (doc) => {
      doc.units.find((x) => x.id === unitId)!.text = text;
    },
    [{ checkId: 'VAL-VERBATIM', unitId, byteOffset: u.start + at }],
  );
}

/** Replaces the n-th match of `re` (global) in `s` with `f(match)`; undefined when there is none. */
function replaceNth(s: string, re: RegExp, n: number, f: (m: string) => string): string | undefined {
  const hits = [...s.matchAll(re)];
  const m = choose(hits, n);
  if (!m) return undefined;
  return s.slice(0, m.index) + f(m[0]) + s.slice(m.index! + m[0].length);
}

const QUOTES: Record<string, string[]> = {
  '"': ['“', '”'],
  "'": ['’', '‘'],
  '“': ['"'],
  '”': ['"'],
  '‘': ["'"],
  '’': ["'"],
};
const HOMOGLYPHS: Record<string, string> = {
  a: 'а',
  e: 'е',
  o: 'о',
  p: 'р',
  c: 'с',
  x: 'х',
  y: 'у',
  i: 'і',
  A: 'Α',
  B: 'Β',
  E: 'Ε',
  H: 'Η',
  K: 'Κ',
  M: 'Μ',
  O: 'Ο',
  P: 'Ρ',
  T: 'Τ',
  X: 'Χ',
};
const SYNONYMS: Record<string, string> = {
  the: 'a',
  compiler: 'translator',
  never: 'does not',
  mutates: 'changes',
  raw: 'original',
  content: 'text',
  agents: 'models',
  verify: 'check',
  each: 'every',
  byte: 'octet',
  hash: 'digest',
  is: 'was',
};

/** A family that rewrites one verbatim unit's text. */
const textMutator = (
  family: string,
  f: (text: string, picks: readonly number[]) => string | undefined,
  weight = 1,
): UasMutator =>
  uasMutator(
    family,
    'VAL-VERBATIM',
    (d, picks) => {
      const u = choose(verbatimUnits(d), picks[0]);
      return u ? drift(d, family, u.id, f(u.text!, picks)) : null;
    },
    weight,
  );

/**
 * A character of the same UTF-8 length whose encoding shares every byte but the last: the last
 * bit of the code point flipped. Only letters, digits, punctuation and symbols, so that the pair
 * never looks the same to a normalizing or trimming comparison.
 */
function lastByteTwin(ch: string): string | undefined {
  const cp = ch.codePointAt(0)!;
  const twin = String.fromCodePoint(cp ^ 1);
  if (
    cp < 0x80 ||
    utf8(twin).length !== utf8(ch).length ||
    !/^[\p{L}\p{N}\p{P}\p{S}]$/u.test(twin) ||
    twin.normalize('NFC') === ch.normalize('NFC')
  )
    return undefined;
  return twin;
}

/** A text in one CDATA section, escaped as if references worked there (they do not). */
const escapedInCdata = (s: string) => `<![CDATA[${s.replace(/&/g, '&amp;').replace(/</g, '&lt;')}]]>`;

/**
 * Tokens that are no preservation mode (D-UAS-05): unknown words, the names every JavaScript
 * object inherits, an empty value, a missing attribute (undefined), and the modes themselves in
 * another case or with white space around them.
 */
const NOT_MODES: (string | undefined)[] = [
  'HYBRID',
  'VERBATIM',
  'FULL',
  'EXTRACTIVE',
  'SPAN-ONLY',
  '',
  undefined,
  'constructor',
  'toString',
  '__proto__',
  'verbatim_full',
  'Verbatim_Full',
  'VERBATIM_FULL ',
  ' SPAN_ONLY',
  'span_only',
  'Summary',
];

/** Preservation modes that are none of the three (D-UAS-05): the unit's text is then never compared. */
export const modeMutators: UasMutator[] = [
  uasMutator(
    'mode-invalid',
    'VAL-VERBATIM',
    (d, p) => {
      const u = choose(d.doc.units, p[0])!;
      const mode = NOT_MODES[p[1] % NOT_MODES.length];
      if (mode !== undefined && d.spec.preservationModes.includes(mode)) return null;
      return rebuild(
        d,
        (doc) => {
          (doc.units.find((x) => x.id === u.id)! as { mode: string | undefined }).mode = mode;
        },
        [{ checkId: 'VAL-VERBATIM', unitId: u.id }],
      );
    },
    2,
  ),
];

/**
 * Seed 003 §3.1: the five mutations agents make to verbatim text, preservation decay and raw CR,
 * and the slips of a comparison that is not byte for byte: trimmed or normalized text, an empty
 * text, text running past its span, a difference in the last byte only, a difference inside a
 * multi-byte character, references left undecoded inside CDATA; and modes that are none.
 */
export const verbatimDriftMutators: UasMutator[] = [
  textMutator(
    'smart-quote-swap',
    (t, p) => replaceNth(t, /["'“”‘’]/g, p[1], (q) => QUOTES[q][p[2] % QUOTES[q].length]),
    7,
  ),
  textMutator(
    'whitespace-compression',
    (t, p) => {
      // Runs of spaces squeezed, CR LF to LF, tabs to spaces, blank lines dropped, two words run together.
      const variants: [RegExp, (m: string) => string][] = [
        [/[ \t]{2,}/g, () => ' '],
        [/\r\n/g, () => '\n'],
        [/\t/g, () => ' '],
        [/\n\s*\n/g, () => '\n'],
        [/\S[ \t\u00a0]+(?=\S)/gu, (m) => [...m][0]!],
      ];
      const [re, by] = variants[p[1] % variants.length]!;
      return replaceNth(t, re, p[2], by);
    },
    10,
  ),
  textMutator(
    'missing-trailing-punctuation',
    (t) => {
      const m = /[.!?;:,。](["”’)]*\s*)$/u.exec(t);
      return m ? t.slice(0, m.index) + m[1] : undefined;
    },
    6,
  ),
  textMutator('homoglyph', (t, p) => replaceNth(t, /[aeopcxyiABEHKMOPTX]/g, p[1], (c) => HOMOGLYPHS[c]), 4),
  textMutator(
    'paraphrase-drift',
    (t, p) => {
      const mode = p[1] % 3;
      if (mode === 0)
        return replaceNth(t, /\p{L}+/gu, p[2], (w) =>
          Object.hasOwn(SYNONYMS, w.toLowerCase()) ? SYNONYMS[w.toLowerCase()] : `${w}s`,
        );
      if (mode === 1) return replaceNth(t, /\s?\p{L}+/gu, p[2], () => '');
      return replaceNth(t, /\p{L}+ \p{L}+/gu, p[2], (pair) => pair.split(' ').reverse().join(' '));
    },
    3,
  ),
  uasMutator(
    'preservation-decay',
    'VAL-VERBATIM',
    (d, p) => {
      // A summary passed off as verbatim: either a SUMMARY unit relabelled, or verbatim text condensed.
      const summary = choose(
        d.doc.units.filter((u) => u.mode === 'SUMMARY'),
        p[0],
      );
      if (summary && p[1] % 2 === 0) {
        const span = spanBytes(d, summary.start, summary.end);
        const at = firstDiff(utf8(summary.text!), span);
        if (at < 0 || !inLane(summary.text!, span, 'preservation-decay')) return null;
        return rebuild(
          d,
          (doc) => {
            doc.units.find((x) => x.id === summary.id)!.mode = 'VERBATIM_FULL';
          },
          [{ checkId: 'VAL-VERBATIM', unitId: summary.id, byteOffset: summary.start + at }],
        );
      }
      const u = choose(verbatimUnits(d), p[0]);
      return u
        ? drift(d, 'preservation-decay', u.id, `In short: ${u.text!.split(/\s+/).slice(0, 3).join(' ')}…`)
        : null;
    },
    3,
  ),
  uasMutator(
    'cr-unescaped',
    'VAL-VERBATIM',
    (d, p) => {
      // A raw CR in XML text reads as LF (XML 1.0 §2.11; a CR LF pair as one LF): the verbatim copy loses its CR.
      const u = choose(
        verbatimUnits(d).filter((x) => x.text!.includes('\r')),
        p[0],
      );
      if (!u) return null;
      const read = u.text!.replace(/\r\n?/g, '\n');
      const span = spanBytes(d, u.start, u.end);
      if (!inLane(read, span, 'cr-unescaped')) return null;
      const at = u.start + utf8(u.text!.slice(0, u.text!.indexOf('\r'))).length;
      return rebuild(d, () => {}, [{ checkId: 'VAL-VERBATIM', unitId: u.id, byteOffset: at }], {
        ...d.style,
        rawCrUnit: u.id,
      });
    },
    6,
  ),
  // The span keeps white space at an edge; the text lost it (`String.prototype.trim`, or just one side).
  textMutator(
    'trimmed-text',
    (t, p) => {
      const trimmed = [t.trim(), t.trimStart(), t.trimEnd()].filter((x) => x !== t && x !== '');
      return choose(trimmed, p[1]);
    },
    4,
  ),
  // The same characters in another Unicode normal form: canonically equivalent, not the same bytes.
  textMutator(
    'unicode-normalization',
    (t, p) => {
      const forms = (['NFC', 'NFD'] as const).map((f) => t.normalize(f)).filter((x) => x !== t);
      return choose(forms, p[1]);
    },
    8,
  ),
  uasMutator(
    'verbatim-empty',
    'VAL-VERBATIM',
    (d, p) => {
      // A verbatim unit with no text at all: `<semantic_unit .../>` or an empty element.
      // Not a span of white space only, which a verifier that trims reads as empty too.
      const u = choose(
        verbatimUnits(d).filter((x) => x.text!.trim() !== ''),
        p[0],
      );
      if (!u) return null;
      return rebuild(
        d,
        (doc) => {
          const x = doc.units.find((y) => y.id === u.id)!;
          if (p[1] % 2 === 0) delete x.text;
          else x.text = '';
        },
        [{ checkId: 'VAL-VERBATIM', unitId: u.id, byteOffset: u.start }],
      );
    },
    3,
  ),
  // The text runs on past its span: the bytes after it in the source, or a word more.
  uasMutator(
    'verbatim-overrun',
    'VAL-VERBATIM',
    (d, p) => {
      const u = choose(verbatimUnits(d), p[0]);
      if (!u) return null;
      const after = decoder
        .decode(d.source.bytes.subarray(u.end, Math.min(d.source.bytes.length, u.end + 1 + (p[2] % 4))))
        .replace(/\uFFFD+$/, '');
      const extra = choose(
        [after, '.', ' (see above)'].filter((x) => x !== '' && !x.includes('\uFFFD') && xmlCanCarry(x)),
        p[1],
      );
      return drift(d, 'verbatim-overrun', u.id, extra === undefined ? undefined : u.text! + extra);
    },
    3,
  ),
  // One character at the end changed for another of one byte: everything but the last byte agrees.
  textMutator(
    'verbatim-last-byte',
    (t, p) => {
      const m = /([!-~])$/.exec(t);
      if (!m) return undefined;
      const others = ['.', '!', '?', ';', 'x', '0', ')'].filter((c) => c !== m[1]);
      return t.slice(0, -1) + others[p[1] % others.length];
    },
    6,
  ),
  // A multi-byte character for its twin that differs in a later byte: the first difference is inside the character.
  textMutator(
    'mismatch-mid-character',
    (t, p) => {
      const chars = [...t];
      const at = chars.map((c, i) => (lastByteTwin(c) ? i : -1)).filter((i) => i >= 0);
      const i = choose(at, p[1]);
      return i === undefined
        ? undefined
        : [...chars.slice(0, i), lastByteTwin(chars[i]!)!, ...chars.slice(i + 1)].join('');
    },
    4,
  ),
  uasMutator(
    'cdata-double-escaped',
    'VAL-VERBATIM',
    (d, p) => {
      // Escaped once more inside CDATA, where references are not references: `<![CDATA[R&amp;D]]>` reads as `R&amp;D`.
      const u = choose(
        verbatimUnits(d).filter((x) => /[&<]/.test(x.text!) && !x.text!.includes(']]>') && !x.text!.includes('\r')),
        p[0],
      );
      if (!u) return null;
      const artifact = withUnitBody(d.out, u.id, escapedInCdata(u.text!));
      const read = u.text!.replace(/&/g, '&amp;').replace(/</g, '&lt;');
      const span = spanBytes(d, u.start, u.end);
      if (artifact === undefined || !inLane(read, span, 'cdata-double-escaped')) return null;
      return {
        source: d.source.bytes,
        artifact,
        expected: [{ checkId: 'VAL-VERBATIM', unitId: u.id, byteOffset: u.start + firstDiff(utf8(read), span) }],
      };
    },
    5,
  ),
];
