import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** An element of a parsed UAS artifact, with attribute values and text already decoded. */
export interface XElement {
  name: string;
  attrs: Record<string, string>;
  children: XNode[];
}

/** A child: an element, or decoded character data (text and CDATA sections, each as its own node). */
export type XNode = XElement | { text: string; cdata?: boolean };

/** The outcome of strict parsing: a root element, or the first well-formedness error found. */
export type StrictXml = { ok: true; root: XElement } | { ok: false; message: string };

// fast-xml-parser does the tokenizing; it is lenient about a few things XML 1.0 forbids, so the
// walk below adds those rules (D-UAS-04): references must be predefined or numeric and name a legal
// character, no DOCTYPE, nothing but markup and whitespace outside the root, no `]]>` in text,
// no `<` in attribute values, no `--` inside comments.
const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  allowBooleanAttributes: false,
  cdataPropName: '#cdata',
  commentPropName: '#comment',
  ignoreDeclaration: true,
  ignorePiTags: true,
});

/** Characters XML 1.0 cannot carry, raw or as a reference (§2.2 Char). */
export const NOT_XML_CHAR = /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function isXmlCodePoint(cp: number): boolean {
  if (cp === 0x9 || cp === 0xa || cp === 0xd) return true;
  if (cp < 0x20) return false;
  if (cp >= 0xd800 && cp <= 0xdfff) return false;
  if (cp === 0xfffe || cp === 0xffff) return false;
  return cp <= 0x10ffff;
}

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const REF = /&(?:(amp|lt|gt|quot|apos)|#([0-9]{1,7})|#x([0-9a-fA-F]{1,6}));/y;

class NotWellFormed extends Error {}

/** Decodes predefined and numeric references; anything else after `&` is a well-formedness error. */
export function decodeReferences(raw: string): string {
  let amp = raw.indexOf('&');
  if (amp < 0) return raw;
  let out = '';
  let from = 0;
  while (amp >= 0) {
    REF.lastIndex = amp;
    const m = REF.exec(raw);
    if (!m) throw new NotWellFormed(`malformed or undeclared reference at "${raw.slice(amp, amp + 12)}"`);
    let ch: string;
    if (m[1] !== undefined) ch = PREDEFINED[m[1]];
    else {
      const cp = m[2] !== undefined ? Number.parseInt(m[2], 10) : Number.parseInt(m[3], 16);
      if (!isXmlCodePoint(cp)) throw new NotWellFormed(`character reference ${m[0]} names a character XML 1.0 forbids`);
      ch = String.fromCodePoint(cp);
    }
    out += raw.slice(from, amp) + ch;
    from = REF.lastIndex;
    amp = raw.indexOf('&', from);
  }
  return out + raw.slice(from);
}

function decodeAttribute(raw: string): string {
  if (raw.includes('<')) throw new NotWellFormed('raw "<" in an attribute value');
  // Attribute-value normalization (XML 1.0 §3.3.3): literal white space becomes a space; references stay.
  return decodeReferences(raw.replace(/[\t\n]/g, ' '));
}

type Raw = Record<string, unknown>;

function convert(items: Raw[], topLevel: boolean): XNode[] {
  const out: XNode[] = [];
  for (const item of items) {
    for (const key of Object.keys(item)) {
      if (key === ':@') continue;
      const value = item[key];
      if (key === '#text') {
        const text = String(value);
        if (topLevel) {
          if (/\S/.test(text)) throw new NotWellFormed('character data outside the root element');
          continue;
        }
        if (text.includes(']]>')) throw new NotWellFormed('"]]>" in character data');
        out.push({ text: decodeReferences(text) });
      } else if (key === '#cdata') {
        const text = (value as Raw[]).map((t) => String(t['#text'] ?? '')).join('');
        if (topLevel) throw new NotWellFormed('CDATA outside the root element');
        out.push({ text, cdata: true });
      } else if (key === '#comment') {
        const text = (value as Raw[]).map((t) => String(t['#text'] ?? '')).join('');
        if (text.includes('--') || text.endsWith('-')) throw new NotWellFormed('"--" inside a comment');
      } else {
        const rawAttrs = (item[':@'] ?? {}) as Record<string, unknown>;
        const attrs: Record<string, string> = {};
        for (const [k, v] of Object.entries(rawAttrs)) attrs[k] = decodeAttribute(String(v));
        out.push({ name: key, attrs, children: convert(value as Raw[], false) });
      }
    }
  }
  return out;
}

/**
 * Parses an artifact strictly as XML 1.0 (UTF-8, no DTD). Line ends are normalized first, as an XML
 * processor must (§2.11): a raw CR in text reads as LF, which is why verbatim CRs travel as `&#13;`.
 */
export function parseStrictXml(input: string): StrictXml {
  const xml = input.includes('\r') ? input.replace(/\r\n?/g, '\n') : input;
  const bad = NOT_XML_CHAR.exec(xml);
  if (bad) return { ok: false, message: `character U+${bad[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')} is not allowed in XML 1.0` };
  if (/<!DOCTYPE/i.test(xml)) return { ok: false, message: 'a DOCTYPE is not allowed in a UAS artifact' };
  const v = XMLValidator.validate(xml);
  if (v !== true) return { ok: false, message: `${v.err.msg} (line ${v.err.line}, column ${v.err.col})` };
  const tail = xml.slice(xml.lastIndexOf('>') + 1);
  if (/\S/.test(tail)) return { ok: false, message: 'character data after the root element' };
  try {
    const nodes = convert(parser.parse(xml) as Raw[], true);
    const elements = nodes.filter((n): n is XElement => 'name' in n);
    if (elements.length !== 1) return { ok: false, message: `expected one root element, found ${elements.length}` };
    return { ok: true, root: elements[0] };
  } catch (e) {
    if (e instanceof NotWellFormed) return { ok: false, message: e.message };
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
}

/** The element children of an element. */
export function elements(e: XElement): XElement[] {
  return e.children.filter((n): n is XElement => 'name' in n);
}

/** The decoded character data of an element's direct text and CDATA children, concatenated. */
export function textOf(e: XElement): string {
  let s = '';
  for (const n of e.children) if (!('name' in n)) s += n.text;
  return s;
}
