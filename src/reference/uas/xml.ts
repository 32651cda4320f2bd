import { saxesParserClass } from '../../contract/dependency.js';

/** Characters XML 1.0 cannot carry, raw or as a reference (§2.2 Char). */
export const NOT_XML_CHAR =
  /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What a strict parse reports, in document order. Attribute values and text arrive decoded. */
export interface XmlEvents {
  open(name: string, attrs: Record<string, string>): void;
  close(): void;
  /** Character data (a text run or a CDATA section); outside the root element, white space only. */
  text(text: string): void;
}

/** Ends the parse with a well-formedness error that XML itself allows (a DOCTYPE). */
class NotWellFormed extends Error {}

/** No lone surrogates (ES2024 `isWellFormed`, in every Node the package supports: 20 and later). */
const wellFormedUtf16 = (s: string): boolean => (s as unknown as { isWellFormed(): boolean }).isWellFormed();

// saxes is a strict, single-pass XML 1.0 parser: it checks the Char production (raw and in character
// references), predefined and undeclared entities, `]]>` in text, `<` in attribute values, `--` in
// comments, one root and nothing but markup and white space around it, and it normalizes line ends
// (§2.11) and attribute values (§3.3.3). What a UAS artifact adds (D-UAS-04): no DOCTYPE, and version
// 1.0 rules whatever the declaration says. A raw CR in text therefore reads as LF, which is why
// verbatim CRs travel as `&#13;`.
const OPTIONS = { xmlns: false, defaultXMLVersion: '1.0', forceXMLVersion: true } as const;

/**
 * Parses `input` strictly as XML 1.0 (UTF-8, no DTD) in one pass, reporting events to `on`.
 * Returns undefined when the document is well-formed, else the first error, in one line.
 */
export function parseStrictXml(input: string, on: XmlEvents): string | undefined {
  // saxes reads a lone surrogate as half of a pair with the next character; refuse those first.
  const bad = wellFormedUtf16(input) ? null : NOT_XML_CHAR.exec(input);
  if (bad)
    return `character U+${bad[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')} is not allowed in XML 1.0`;
  const parser = new (saxesParserClass())(OPTIONS);
  parser.on('doctype', () => {
    throw new NotWellFormed('a DOCTYPE is not allowed in a UAS artifact');
  });
  parser.on('opentag', (tag) => on.open(tag.name, tag.attributes as Record<string, string>));
  parser.on('closetag', () => on.close());
  // Outside the root saxes lets only white space through (text or CDATA there is an error it reports itself).
  parser.on('text', (text) => on.text(text));
  parser.on('cdata', (text) => on.text(text));
  try {
    parser.write(input).close();
  } catch (e) {
    return e instanceof Error ? e.message.replace(/\.$/, '') : String(e);
  }
  return undefined;
}
