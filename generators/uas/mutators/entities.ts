import type { UasValidDocument } from '../document.js';
import { choose, type UasMutator, type UasMutation, uasMutator } from '../mutation.js';

/** A reference XML 1.0 accepts without a DTD. */
const VALID_REF = /^&(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);/;
const NAME_START = /^[:A-Z_a-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD\uD800-\uDBFF!?/]/;

const wf = (d: UasValidDocument, artifact: string): UasMutation => ({ source: d.source.bytes, artifact, expected: [{ checkId: 'VAL-XML-WELL-FORMED' }] });

/** Offsets in the artifact of `re` matches inside escaped (non-CDATA) unit text. */
function hitsInText(d: UasValidDocument, re: RegExp): number[] {
  const out: number[] = [];
  for (const r of Object.values(d.out.text)) {
    if (r.style === 'cdata') continue;
    for (const m of d.out.xml.slice(r.from, r.to).matchAll(re)) out.push(r.from + m.index!);
  }
  return out;
}

/** Structural corruption (seed 003 §4): raw `&` and `<`, broken references, unbalanced and truncated tags. */
export const entityMutators: UasMutator[] = [
  uasMutator('raw-ampersand', 'VAL-XML-WELL-FORMED', (d, p) => {
    const at = choose(hitsInText(d, /&amp;|&#38;|&#x26;/g), p[0]);
    if (at === undefined) return null;
    const xml = d.out.xml;
    const len = /^&amp;/.test(xml.slice(at)) ? 5 : xml.startsWith('&#38;', at) ? 5 : 6;
    const out = xml.slice(0, at) + '&' + xml.slice(at + len);
    // "&amp;lt;" unescaped once is "&lt;", still a valid reference: not a mutation.
    return VALID_REF.test(out.slice(at)) ? null : wf(d, out);
  }),
  uasMutator('raw-less-than', 'VAL-XML-WELL-FORMED', (d, p) => {
    const xml = d.out.xml;
    const hits = hitsInText(d, /&lt;|&#60;|&#x3C;/g);
    const at = choose(hits, p[0]);
    if (at === undefined) return null;
    const len = xml.startsWith('&lt;', at) ? 4 : xml.startsWith('&#60;', at) ? 5 : 6;
    const out = xml.slice(0, at) + '<' + xml.slice(at + len);
    // "<" followed by a name or markup could open a tag or comment: only unambiguous breakage counts.
    return NAME_START.test(out.slice(at + 1, at + 2)) ? null : wf(d, out);
  }),
  uasMutator('broken-reference', 'VAL-XML-WELL-FORMED', (d, p) => {
    const xml = d.out.xml;
    const at = choose(hitsInText(d, /&(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);/g), p[0]);
    if (at === undefined) return null;
    const semi = xml.indexOf(';', at);
    const variant = p[1] % 3;
    const out =
      variant === 0 ? xml.slice(0, semi) + xml.slice(semi + 1) // "&amp" without ";"
      : variant === 1 ? xml.slice(0, at + 1) + ' ' + xml.slice(at + 1) // "& amp;"
      : xml.slice(0, at + 1) + 'ampx' + xml.slice(semi); // "&ampx;" (undeclared entity)
    return VALID_REF.test(out.slice(at)) ? null : wf(d, out);
  }),
  uasMutator('unbalanced-tag', 'VAL-XML-WELL-FORMED', (d, p) => {
    const xml = d.out.xml;
    const variants: [string, string][] = [
      ['</semantic_unit>', '</semantic_unti>'],
      ['</semantic_units>', ''],
      ['</concept_registry>', ''],
      ['</cognitive_map>', '</cognitive_map></cognitive_map>'],
      ['</semantic_units>', '</semantic_unit></semantic_units>'],
    ];
    const [from, to] = variants[p[0] % variants.length];
    const hits = [...xml.matchAll(new RegExp(from, 'g'))].map((m) => m.index!);
    const at = choose(hits, p[1]);
    if (at === undefined) return null;
    return wf(d, xml.slice(0, at) + to + xml.slice(at + from.length));
  }),
  uasMutator('truncated', 'VAL-XML-WELL-FORMED', (d, p) => {
    // Premature truncation: the cut always falls before the root's final ">".
    const last = d.out.xml.lastIndexOf('>');
    return wf(d, d.out.xml.slice(0, p[0] % last));
  }),
];
