import { isXmlChar } from '../../generators/uas/xml-char.js';

/**
 * A strict reader of small XML documents, for the intercept packets a verifier attaches (D-UAS-14):
 * well-formed XML 1.0 with no DOCTYPE, only the five predefined entities and character references
 * to XML characters, no `]]>` in text, no `<` in attribute values, no `--` in comments, no repeated
 * attribute, one root and only comments, processing instructions and white space around it. The
 * pack's own code, apart from the reference verifier's parser, and with no lookup that a name such
 * as `__proto__` or `constructor` could answer: elements, attributes and text are lists.
 */
export interface XmlElement {
  name: string;
  attributes: [name: string, value: string][];
  /** Child elements and decoded text (references replaced, CDATA unwrapped), in document order. */
  children: (XmlElement | string)[];
}

/** Why a document is not well-formed: thrown by the reader, with the offset where it found out. */
export class NotWellFormed extends Error {}

const NAME =
  /[:A-Z_a-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD\u{10000}-\u{EFFFF}][:A-Z_a-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD\u{10000}-\u{EFFFF}\-.0-9\u00B7\u0300-\u036F\u203F-\u2040]*/uy;
const SPACE = /[ \t\n]*/y;
const PREDEFINED: [string, string][] = [
  ['amp', '&'],
  ['lt', '<'],
  ['gt', '>'],
  ['quot', '"'],
  ['apos', "'"],
];

/** Reads `input` as one XML element (the root) and returns it; throws `NotWellFormed` otherwise. */
export function readXml(input: string): XmlElement {
  // XML 1.0 §2.11: a CR LF pair or a lone CR reads as LF.
  const s = input.replace(/\r\n?/g, '\n');
  for (const ch of s)
    if (!isXmlChar(ch.codePointAt(0)!))
      throw new NotWellFormed(`character U+${ch.codePointAt(0)!.toString(16).toUpperCase()} is not an XML character`);
  let i = 0;
  const fail = (why: string): never => {
    throw new NotWellFormed(`${why} at offset ${i}`);
  };
  const at = (t: string) => s.startsWith(t, i);
  const expect = (t: string) => (at(t) ? (i += t.length) : fail(`expected "${t}"`));
  const space = () => {
    SPACE.lastIndex = i;
    SPACE.exec(s);
    const moved = SPACE.lastIndex > i;
    i = SPACE.lastIndex;
    return moved;
  };
  const name = (): string => {
    NAME.lastIndex = i;
    const m = NAME.exec(s);
    if (!m) return fail('expected a name');
    i = NAME.lastIndex;
    return m[0];
  };
  const reference = (): string => {
    expect('&');
    const end = s.indexOf(';', i);
    if (end < 0) return fail('unterminated reference');
    const body = s.slice(i, end);
    i = end + 1;
    const num = /^#(?:([0-9]+)|x([0-9a-fA-F]+))$/.exec(body);
    if (num) {
      const cp = num[1] !== undefined ? Number(num[1]) : Number.parseInt(num[2]!, 16);
      if (!isXmlChar(cp)) return fail(`reference to a character XML does not allow (&${body};)`);
      return String.fromCodePoint(cp);
    }
    const known = PREDEFINED.find(([n]) => n === body);
    return known ? known[1] : fail(`undeclared entity &${body};`);
  };
  const comment = () => {
    expect('<!--');
    const end = s.indexOf('--', i);
    if (end < 0 || !s.startsWith('-->', end)) return fail('"--" inside a comment, or an unterminated comment');
    i = end + 3;
  };
  const pi = () => {
    expect('<?');
    const target = name();
    if (target.toLowerCase() === 'xml') fail('an XML declaration or a processing instruction named xml');
    const end = s.indexOf('?>', i);
    if (end < 0 || (end > i && !space())) return fail('malformed processing instruction');
    i = end + 2;
  };
  const misc = () => {
    for (;;) {
      space();
      if (at('<!--')) comment();
      else if (at('<?')) pi();
      else return;
    }
  };
  const attribute = (): [string, string] => {
    const n = name();
    space();
    expect('=');
    space();
    const q = s[i];
    if (q !== '"' && q !== "'") return fail('an attribute value must be quoted');
    i++;
    let v = '';
    while (s[i] !== q) {
      if (i >= s.length || s[i] === '<') return fail('"<" or the end of the document in an attribute value');
      if (s[i] === '&') v += reference();
      else {
        // XML 1.0 §3.3.3: white space in an attribute value reads as a space (a reference to it does not).
        const c = s[i++]!;
        v += c === '\n' || c === '\t' ? ' ' : c;
      }
    }
    i++;
    return [n, v];
  };
  const element = (): XmlElement => {
    expect('<');
    const el: XmlElement = { name: name(), attributes: [], children: [] };
    for (;;) {
      const spaced = space();
      if (at('/>')) {
        i += 2;
        return el;
      }
      if (at('>')) break;
      if (!spaced) fail('expected white space between attributes');
      const a = attribute();
      if (el.attributes.some(([n]) => n === a[0])) fail(`repeated attribute ${a[0]}`);
      el.attributes.push(a);
    }
    i++;
    let text = '';
    const flush = () => {
      if (text !== '') el.children.push(text);
      text = '';
    };
    for (;;) {
      if (i >= s.length) return fail(`<${el.name}> is not closed`);
      if (at('</')) {
        i += 2;
        if (name() !== el.name) fail(`the end tag does not match <${el.name}>`);
        space();
        expect('>');
        flush();
        return el;
      }
      if (at('<![CDATA[')) {
        const end = s.indexOf(']]>', i + 9);
        if (end < 0) return fail('unterminated CDATA section');
        text += s.slice(i + 9, end);
        i = end + 3;
      } else if (at('<!--')) comment();
      else if (at('<?')) pi();
      else if (at('<')) {
        flush();
        el.children.push(element());
      } else if (at('&')) text += reference();
      else if (at(']]>')) fail('"]]>" in character data');
      else text += s[i++];
    }
  };
  misc();
  if (i >= s.length || !at('<') || at('<!')) fail('expected the root element');
  const root = element();
  misc();
  if (i < s.length) fail('content after the root element');
  return root;
}
