import type { UasValidDocument } from '../document.js';
import { choose, type UasMutator, type UasMutation, uasMutator } from '../mutation.js';

/** A reference XML 1.0 accepts without a DTD. */
const VALID_REF = /^&(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);/;
/** A named entity reference, declared or not (`&copy;`): what a raw `&` must not be followed by to be a raw `&` only. */
const NAMED_REF = /^&[A-Za-z_:][\w.:-]*;/;
const NAME_START =
  /^[:A-Z_a-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD\uD800-\uDBFF!?/]/;

const wf = (d: UasValidDocument, artifact: string): UasMutation => ({
  source: d.source.bytes,
  artifact,
  expected: [{ checkId: 'VAL-XML-WELL-FORMED' }],
});

/** `xml` with `text` inserted at `at`. */
const insert = (xml: string, at: number, text: string): string => xml.slice(0, at) + text + xml.slice(at);

/** Offsets in the artifact of `re` matches inside escaped (non-CDATA) unit text. */
function hitsInText(d: UasValidDocument, re: RegExp): number[] {
  const out: number[] = [];
  for (const r of Object.values(d.out.text)) {
    if (r.style === 'cdata') continue;
    for (const m of d.out.xml.slice(r.from, r.to).matchAll(re)) out.push(r.from + m.index!);
  }
  return out;
}

/**
 * Places outside the semantic units where character data is read by no rule: the start of an
 * ambiguity entry's note, of a concept's alias. What goes there can only break well-formedness.
 */
function ignoredText(d: UasValidDocument): number[] {
  return [...d.out.xml.matchAll(/<ambiguity_entry\b[^>]*>|<alias>/g)].map((m) => m.index! + m[0].length);
}

/** Just inside the closing quote of the root's `version` attribute, which no rule reads (every document has one). */
function rootVersionEnd(d: UasValidDocument): number {
  const m = /^(?:<\?xml[^>]*\?>\n)?<[\w.-]+ version=(["'])1\.0/.exec(d.out.xml)!;
  return m.index + m[0].length;
}

/** Where the root element starts: after the XML declaration, if any. */
const rootStart = (d: UasValidDocument): number => /^(?:<\?xml[^>]*\?>\n)?/.exec(d.out.xml)![0].length;

/** Characters HTML names and XML 1.0 does not (without a DTD), with their HTML entity names. */
const HTML_ENTITIES: Record<string, string> = {
  '\u00a0': 'nbsp',
  '©': 'copy',
  'é': 'eacute',
  'è': 'egrave',
  'ï': 'iuml',
  'ü': 'uuml',
  'Ü': 'Uuml',
  'ö': 'ouml',
  'ä': 'auml',
  'É': 'Eacute',
  '—': 'mdash',
  '–': 'ndash',
  '…': 'hellip',
  '“': 'ldquo',
  '”': 'rdquo',
  '‘': 'lsquo',
  '’': 'rsquo',
  '·': 'middot',
  '≥': 'ge',
  '⇒': 'rArr',
  'Σ': 'Sigma',
  'Δ': 'Delta',
  '²': 'sup2',
  '∀': 'forall',
  '∃': 'exist',
  'ε': 'epsilon',
  'δ': 'delta',
  '−': 'minus',
};
const HTML_CHARS = new RegExp(`[${Object.keys(HTML_ENTITIES).join('')}]`, 'gu');

/** DOCTYPE declarations, which a UAS artifact may not hold (D-UAS-04), some declaring an entity that the note then uses. */
const DOCTYPES = [
  '<!DOCTYPE UAS_Document>\n',
  '<!DOCTYPE UAS_Document SYSTEM "uas.dtd">\n',
  '<!DOCTYPE UAS_Document [\n  <!ENTITY uas "Universal Agentic Semantics">\n]>\n',
];

/** Characters outside the XML `Char` production, raw or as a reference (D-UAS-04). */
const NOT_CHARS_RAW = ['\u0001', '\u0007', '\u000b', '\u000c', '\u001b', '\u001f', '\ufffe', '\uffff'];
const NOT_CHARS_REF = [
  '&#0;',
  '&#x1;',
  '&#8;',
  '&#xB;',
  '&#x1F;',
  '&#xFFFE;',
  '&#65535;',
  '&#xD800;',
  '&#57343;',
  '&#x110000;',
];

/** Closing tags in another case than their start tag (names are case-sensitive). */
const CASED_CLOSERS: [string, string][] = [
  ['</semantic_unit>', '</Semantic_Unit>'],
  ['</semantic_units>', '</SEMANTIC_UNITS>'],
  ['</cognitive_map>', '</Cognitive_Map>'],
  ['</concept_registry>', '</concept_Registry>'],
];

/**
 * Structural corruption (seed 003 §4): raw `&` and `<`, broken references, unbalanced and
 * truncated tags; and what a lenient parser lets through where strict XML 1.0 does not (D-UAS-04):
 * a DOCTYPE, HTML entities, `]]>` in text, characters outside `Char`, a repeated attribute, `--`
 * in a comment, an XML declaration out of place or malformed, content outside the root, a
 * closing tag in another case, and raw `&` or `<` outside the units (in attribute values too).
 * (A raw lone surrogate is never planted: UTF-8 cannot hold one, so a verifier that reads the
 * artifact as UTF-8, as every command-line verifier does, could not even receive it; D-UAS-04.)
 */
export const entityMutators: UasMutator[] = [
  uasMutator(
    'raw-ampersand',
    'VAL-XML-WELL-FORMED',
    (d, p) => {
      const xml = d.out.xml;
      const unescaped = (at: number) => {
        const len = /^&amp;/.test(xml.slice(at)) ? 5 : xml.startsWith('&#38;', at) ? 5 : 6;
        return `${xml.slice(0, at)}&${xml.slice(at + len)}`;
      };
      // "&amp;lt;" unescaped once is "&lt;", still a valid reference: not a mutation; "&amp;copy;"
      // gives "&copy;", an entity reference of another vocabulary (the html-entity family's slip).
      const bare = (at: number) => !VALID_REF.test(unescaped(at).slice(at)) && !NAMED_REF.test(unescaped(at).slice(at));
      const at = choose(hitsInText(d, /&amp;|&#38;|&#x26;/g).filter(bare), p[0]);
      return at === undefined ? null : wf(d, unescaped(at));
    },
    6,
  ),
  uasMutator(
    'raw-less-than',
    'VAL-XML-WELL-FORMED',
    (d, p) => {
      const xml = d.out.xml;
      const hits = hitsInText(d, /&lt;|&#60;|&#x3C;/g);
      const at = choose(hits, p[0]);
      if (at === undefined) return null;
      const len = xml.startsWith('&lt;', at) ? 4 : xml.startsWith('&#60;', at) ? 5 : 6;
      const out = `${xml.slice(0, at)}<${xml.slice(at + len)}`;
      // "<" followed by a name or markup could open a tag or comment: only unambiguous breakage counts.
      return NAME_START.test(out.slice(at + 1, at + 2)) ? null : wf(d, out);
    },
    13,
  ),
  uasMutator(
    'broken-reference',
    'VAL-XML-WELL-FORMED',
    (d, p) => {
      const xml = d.out.xml;
      const at = choose(hitsInText(d, /&(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);/g), p[0]);
      if (at === undefined) return null;
      const semi = xml.indexOf(';', at);
      const variant = p[1] % 3;
      const out =
        variant === 0
          ? xml.slice(0, semi) + xml.slice(semi + 1) // "&amp" without ";"
          : variant === 1
            ? `${xml.slice(0, at + 1)} ${xml.slice(at + 1)}` // "& amp;"
            : `${xml.slice(0, at + 1)}ampx${xml.slice(semi)}`; // "&ampx;" (undeclared entity)
      return VALID_REF.test(out.slice(at)) ? null : wf(d, out);
    },
    3,
  ),
  uasMutator(
    'unbalanced-tag',
    'VAL-XML-WELL-FORMED',
    (d, p) => {
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
    },
    2,
  ),
  uasMutator(
    'truncated',
    'VAL-XML-WELL-FORMED',
    (d, p) => {
      // Premature truncation: the cut always falls before the root's final ">".
      const last = d.out.xml.lastIndexOf('>');
      return wf(d, d.out.xml.slice(0, p[0] % last));
    },
    2,
  ),
  uasMutator(
    'doctype',
    'VAL-XML-WELL-FORMED',
    (d, p) => {
      const doctype = DOCTYPES[p[0] % DOCTYPES.length]!;
      let xml = insert(d.out.xml, rootStart(d), doctype);
      // The declared entity, used where no rule reads: a parser that honours the DTD sees a valid document.
      if (doctype.includes('ENTITY')) xml = insert(xml, rootVersionEnd(d) + doctype.length, '&uas;');
      return wf(d, xml);
    },
    2,
  ),
  uasMutator(
    'html-entity',
    'VAL-XML-WELL-FORMED',
    (d, p) => {
      // A character of a unit's text as its HTML entity (`&eacute;`, `&nbsp;`), or one where no rule reads.
      const hits = Object.values(d.out.text)
        .filter((r) => r.style !== 'cdata')
        .flatMap((r) =>
          [...d.out.xml.slice(r.from, r.to).matchAll(HTML_CHARS)].map((m) => [r.from + m.index!, m[0]] as const),
        );
      const hit = p[1] % 3 === 0 ? undefined : choose(hits, p[0]);
      if (hit)
        return wf(
          d,
          `${d.out.xml.slice(0, hit[0])}&${HTML_ENTITIES[hit[1]]};${d.out.xml.slice(hit[0] + hit[1].length)}`,
        );
      return wf(d, insert(d.out.xml, rootVersionEnd(d), ['&nbsp;', '&copy;', '&eacute;'][p[2] % 3]!));
    },
    2,
  ),
  uasMutator(
    'raw-cdata-end',
    'VAL-XML-WELL-FORMED',
    (d, p) => {
      // `]]>` in character data: the text's own (escaped `>` written raw), or put where no rule reads.
      const hits = hitsInText(d, /\]\](?:&gt;|&#62;|&#x3E;)/g);
      const at = p[1] % 2 === 0 ? choose(hits, p[0]) : undefined;
      if (at !== undefined)
        return wf(d, `${d.out.xml.slice(0, at + 2)}>${d.out.xml.slice(d.out.xml.indexOf(';', at) + 1)}`);
      const spot = choose(ignoredText(d), p[0]);
      return spot === undefined ? null : wf(d, insert(d.out.xml, spot, 'see ]]> here '));
    },
    2,
  ),
  uasMutator(
    'illegal-char',
    'VAL-XML-WELL-FORMED',
    (d, p) => {
      // A character outside `Char`, raw or as a reference, where no rule reads: a comment, a note, an attribute.
      const raw = p[1] % 2 === 0;
      const ch = raw ? NOT_CHARS_RAW[p[2] % NOT_CHARS_RAW.length]! : NOT_CHARS_REF[p[2] % NOT_CHARS_REF.length]!;
      const where = p[0] % 3;
      if (where === 0 && raw) return wf(d, insert(d.out.xml, rootStart(d), `<!-- ${ch} -->\n`));
      const spot = where === 2 ? choose(ignoredText(d), p[0]) : undefined;
      return wf(d, insert(d.out.xml, spot ?? rootVersionEnd(d), ch));
    },
    2,
  ),
  uasMutator(
    'duplicate-attribute',
    'VAL-XML-WELL-FORMED',
    (d, p) => {
      // An attribute no rule reads, written twice with the same value: a parser that keeps one sees nothing wrong.
      const xml = d.out.xml;
      const variants: RegExp[] = [
        /(<[\w.-]+ )(version=(["'])1\.0\3)/,
        /(<source_manifest\b[^>]*?)(\sencoding=(["'])UTF-8\3)/,
        /(<semantic_unit\b[^>]*?)(\ssurface_form=(["'])[\w]+\3)/g,
      ];
      const re = variants[p[0] % variants.length]!;
      const hits = [...xml.matchAll(new RegExp(re.source, 'g'))];
      const m = choose(hits, p[1]);
      if (!m) return null;
      const attr = m[2]!.trim();
      return wf(d, `${xml.slice(0, m.index) + m[0]} ${attr}${xml.slice(m.index! + m[0].length)}`);
    },
    2,
  ),
  uasMutator(
    'comment-double-hyphen',
    'VAL-XML-WELL-FORMED',
    (d, p) => {
      // `--` inside a comment, or a comment ending `--->`: XML 1.0 §2.5 forbids both.
      const comment = ['<!-- compiled -- by hand -->', '<!-- end of header --->', '<!-- - -- - -->'][p[0] % 3]!;
      const spots = [
        ...d.out.xml.matchAll(
          /<\/?(?:source_manifest|concept_registry|semantic_units|cognitive_map|ambiguity_register|validation_report)\b/g,
        ),
      ].map((m) => m.index!);
      return wf(d, insert(d.out.xml, choose(spots, p[1]) ?? rootStart(d), comment));
    },
    2,
  ),
  uasMutator(
    'misplaced-declaration',
    'VAL-XML-WELL-FORMED',
    (d, p) => {
      // An XML declaration after white space or a comment, inside the root, or malformed (D-UAS-04).
      const body = d.out.xml.slice(rootStart(d));
      const decl = '<?xml version="1.0" encoding="UTF-8"?>';
      const variants = [
        `\n${decl}\n${body}`,
        `<!-- uas -->${decl}\n${body}`,
        `<?xml version="2.0"?>\n${body}`,
        `<?xml version="1"?>\n${body}`,
        `<?xml version="1.0" standalone="maybe"?>\n${body}`,
        `<?xml encoding="UTF-8" version="1.0"?>\n${body}`,
        `<?XML version="1.0"?>\n${body}`,
        body.replace(/(<[\w.-]+ version=(["'])1\.0\2>\n?)/, `$1${decl}`),
      ];
      return wf(d, variants[p[0] % variants.length]!);
    },
    2,
  ),
  uasMutator(
    'content-outside-root',
    'VAL-XML-WELL-FORMED',
    (d, p) => {
      // Text or markup after the root element ends (or text before it starts): one root, nothing but markup around it.
      const xml = d.out.xml;
      const variants = [
        `${xml}trailing text`,
        `${xml}<UAS_Document version="1.0"/>`,
        `${xml}<![CDATA[appendix]]>`,
        `${xml}<appendix/>`,
        insert(xml, rootStart(d), 'preface\n'),
      ];
      return wf(d, variants[p[0] % variants.length]!);
    },
    2,
  ),
  uasMutator(
    'tag-case-mismatch',
    'VAL-XML-WELL-FORMED',
    (d, p) => {
      // A closing tag in another case than its start tag, which an HTML-minded parser matches anyway.
      const [from, to] = CASED_CLOSERS[p[0] % CASED_CLOSERS.length]!;
      const at = choose(
        [...d.out.xml.matchAll(new RegExp(from, 'g'))].map((m) => m.index!),
        p[1],
      );
      return at === undefined ? null : wf(d, d.out.xml.slice(0, at) + to + d.out.xml.slice(at + from.length));
    },
    2,
  ),
  uasMutator(
    'markup-outside-units',
    'VAL-XML-WELL-FORMED',
    (d, p) => {
      // A raw `&` or `<` where no rule reads, outside the units: in a note or an alias, or in an
      // attribute value (the root's version, a concept's term), where XML 1.0 §3.1 forbids `<` too.
      const texts = ignoredText(d);
      const terms = [...d.out.xml.matchAll(/<concept\b[^>]*?\sterm=(["'])/g)].map((m) => m.index! + m[0].length);
      const where = p[1] % 3;
      const spot = where === 0 ? choose(texts, p[0]) : where === 1 ? choose(terms, p[0]) : undefined;
      const stray = where === 0 ? ['R&D ', 'a < b ', 'x & y ', '1 <2 '] : ['R&D', ' & up', 'a<b ', '<', '1 < 2 '];
      return wf(d, insert(d.out.xml, spot ?? rootVersionEnd(d), stray[p[2] % stray.length]!));
    },
    2,
  ),
];
