import type { UasValidDocument } from '../document.js';
import { choose, firstDiff, type UasMutator, type UasMutation, uasMutator } from '../mutation.js';
import { rebuild, spanBytes, utf8, verbatimUnits } from './util.js';

/** A verbatim unit whose text becomes `text`; null when the new text still equals the source bytes. */
function drift(d: UasValidDocument, unitId: string, text: string | undefined): UasMutation | null {
  const u = d.doc.units.find((x) => x.id === unitId)!;
  if (text === undefined) return null;
  const at = firstDiff(utf8(text), spanBytes(d, u.start, u.end));
  if (at < 0) return null;
  return rebuild(d, (doc) => {
    doc.units.find((x) => x.id === unitId)!.text = text;
  }, [{ checkId: 'VAL-VERBATIM', unitId, byteOffset: u.start + at }]);
}

/** Replaces the n-th match of `re` (global) in `s` with `f(match)`; undefined when there is none. */
function replaceNth(s: string, re: RegExp, n: number, f: (m: string) => string): string | undefined {
  const hits = [...s.matchAll(re)];
  const m = choose(hits, n);
  if (!m) return undefined;
  return s.slice(0, m.index) + f(m[0]) + s.slice(m.index! + m[0].length);
}

const QUOTES: Record<string, string[]> = { '"': ['“', '”'], "'": ['’', '‘'], '“': ['"'], '”': ['"'], '‘': ["'"], '’': ["'"] };
const HOMOGLYPHS: Record<string, string> = { a: 'а', e: 'е', o: 'о', p: 'р', c: 'с', x: 'х', y: 'у', i: 'і', A: 'Α', B: 'Β', E: 'Ε', H: 'Η', K: 'Κ', M: 'Μ', O: 'Ο', P: 'Ρ', T: 'Τ', X: 'Χ' };
const SYNONYMS: Record<string, string> = { the: 'a', compiler: 'translator', never: 'does not', mutates: 'changes', raw: 'original', content: 'text', agents: 'models', verify: 'check', each: 'every', byte: 'octet', hash: 'digest', is: 'was' };

const textMutator = (family: string, f: (text: string, picks: readonly number[]) => string | undefined): UasMutator =>
  uasMutator(family, 'VAL-VERBATIM', (d, picks) => {
    const u = choose(verbatimUnits(d), picks[0]);
    return u ? drift(d, u.id, f(u.text!, picks)) : null;
  });

/** Seed 003 §3.1: the five mutations agents make to verbatim text, plus preservation decay and raw CR. */
export const verbatimDriftMutators: UasMutator[] = [
  textMutator('smart-quote-swap', (t, p) => replaceNth(t, /["'“”‘’]/g, p[1], (q) => QUOTES[q][p[2] % QUOTES[q].length])),
  textMutator('whitespace-compression', (t, p) => {
    const variants: [RegExp, string][] = [[/[ \t]{2,}/g, ' '], [/\r\n/g, '\n'], [/\t/g, ' '], [/\s+$/g, ''], [/^\s+/g, ''], [/\n\s*\n/g, '\n']];
    const [re, by] = variants[p[1] % variants.length];
    return replaceNth(t, re, p[2], () => by);
  }),
  textMutator('missing-trailing-punctuation', (t) => {
    const m = /[.!?;:,。](["”’)]*\s*)$/u.exec(t);
    return m ? t.slice(0, m.index) + m[1] : undefined;
  }),
  textMutator('homoglyph', (t, p) => replaceNth(t, /[aeopcxyiABEHKMOPTX]/g, p[1], (c) => HOMOGLYPHS[c])),
  textMutator('paraphrase-drift', (t, p) => {
    const mode = p[1] % 3;
    if (mode === 0) return replaceNth(t, /\p{L}+/gu, p[2], (w) => (Object.hasOwn(SYNONYMS, w.toLowerCase()) ? SYNONYMS[w.toLowerCase()] : `${w}s`));
    if (mode === 1) return replaceNth(t, /\s?\p{L}+/gu, p[2], () => '');
    return replaceNth(t, /\p{L}+ \p{L}+/gu, p[2], (pair) => pair.split(' ').reverse().join(' '));
  }),
  uasMutator('preservation-decay', 'VAL-VERBATIM', (d, p) => {
    // A summary passed off as verbatim: either a SUMMARY unit relabelled, or verbatim text condensed.
    const summary = choose(d.doc.units.filter((u) => u.mode === 'SUMMARY'), p[0]);
    if (summary && p[1] % 2 === 0) {
      const at = firstDiff(utf8(summary.text!), spanBytes(d, summary.start, summary.end));
      if (at < 0) return null;
      return rebuild(d, (doc) => {
        doc.units.find((x) => x.id === summary.id)!.mode = 'VERBATIM_FULL';
      }, [{ checkId: 'VAL-VERBATIM', unitId: summary.id, byteOffset: summary.start + at }]);
    }
    const u = choose(verbatimUnits(d), p[0]);
    return u ? drift(d, u.id, `In short: ${u.text!.split(/\s+/).slice(0, 3).join(' ')}…`) : null;
  }),
  uasMutator('cr-unescaped', 'VAL-VERBATIM', (d, p) => {
    // A raw CR in XML text reads as LF (XML 1.0 §2.11): the verbatim copy loses its CR.
    const u = choose(verbatimUnits(d).filter((x) => x.text!.includes('\r')), p[0]);
    if (!u) return null;
    const at = u.start + utf8(u.text!.slice(0, u.text!.indexOf('\r'))).length;
    return rebuild(d, () => {}, [{ checkId: 'VAL-VERBATIM', unitId: u.id, byteOffset: at }], { ...d.style, rawCrUnit: u.id });
  }),
];
