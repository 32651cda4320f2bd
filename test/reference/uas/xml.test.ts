import { describe, expect, it } from 'vitest';
import { parseStrictXml, type XmlEvents } from '../../../src/reference/uas/xml.js';

const quiet: XmlEvents = { open() {}, close() {}, text() {} };
const verdict = (xml: string) => parseStrictXml(xml, quiet);

// D-UAS-04: what the strict parse accepts and refuses, one rule per line.
const accepted: Record<string, string> = {
  'declaration, BOM and trailing white space': '\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<a/>\n',
  'CRLF and lone CR in text': '<a>x\r\ny\rz</a>',
  'character references, any number of digits': '<a>&#13;&#x1F600;&#00000065;&#x10FFFF;</a>',
  'predefined entities in attributes': '<a b="&lt;&amp;&quot;&apos;&gt;"/>',
  'CDATA holding markup': '<a><![CDATA[x & <y>]]></a>',
  'a raw ">" in text': '<a>a > b</a>',
  'comments and processing instructions around the root': '<!-- c --><?pi x?><a/><!-- d -->',
  'astral characters': '<a>😀 𝔘</a>',
};

const refused: Record<string, string> = {
  'a DOCTYPE': '<!DOCTYPE a><a/>',
  'an undeclared entity': '<a>&nbsp;</a>',
  'a bare ampersand': '<a>a & b</a>',
  'a reference to a forbidden character': '<a>&#1;</a>',
  'a reference past U+10FFFF': '<a>&#x110000;</a>',
  'a raw control character': '<a>\u0001</a>',
  'U+FFFE': '<a>\uFFFE</a>',
  'a lone high surrogate': '<a>x\uD800<</a>',
  'a lone low surrogate in an attribute': '<a b="\uDC00"/>',
  '"]]>" in text': '<a>x]]>y</a>',
  '"<" in an attribute value': '<a b="<"/>',
  '"--" in a comment': '<a><!-- a -- b --></a>',
  'a repeated attribute': '<a b="1" b="2"/>',
  'an unquoted attribute': '<a b=1/>',
  'two roots': '<a/><b/>',
  'text after the root': '<a/>x',
  'unbalanced tags': '<a><b></a>',
  'a truncated document': '<a><b>',
  'no root at all': '  ',
  'a late XML declaration': '<a/><?xml version="1.0"?>',
  'a declaration without version': '<?xml encoding="UTF-8"?><a/>',
  'XML 1.1 rules asked for': '<?xml version="1.1"?><a>&#1;</a>',
};

describe('strict XML 1.0 (D-UAS-04)', () => {
  it.each(Object.entries(accepted))('accepts %s', (_, xml) => {
    expect(verdict(xml)).toBeUndefined();
  });

  it.each(Object.entries(refused))('refuses %s, in one line', (_, xml) => {
    const message = verdict(xml);
    expect(message).toBeTypeOf('string');
    expect(message).not.toMatch(/\n/);
  });

  it('reports decoded text, normalized line ends and attribute values', () => {
    const seen: string[] = [];
    const error = parseStrictXml('<a b="x\ty\r\nz&#10;w"><![CDATA[c\r\nd]]>e&amp;f\r\ng&#13;</a>', {
      open: (name, attrs) => void seen.push(`${name} ${JSON.stringify({ ...attrs })}`),
      close: () => void seen.push('/'),
      text: (t) => void seen.push(JSON.stringify(t)),
    });
    expect(error).toBeUndefined();
    expect(seen).toEqual(['a {"b":"x y z\\nw"}', '"c\\nd"', '"e&f\\ng\\r"', '/']);
  });
});
