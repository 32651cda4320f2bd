/**
 * The characters an XML 1.0 document can hold, raw or as a character reference: production [2]
 * `Char ::= #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]`. The
 * generators' own reading of the production, kept apart from the reference verifier's parser.
 */
export function isXmlChar(codePoint: number): boolean {
  return (
    codePoint === 0x9 ||
    codePoint === 0xa ||
    codePoint === 0xd ||
    (codePoint >= 0x20 && codePoint <= 0xd7ff) ||
    (codePoint >= 0xe000 && codePoint <= 0xfffd) ||
    (codePoint >= 0x10000 && codePoint <= 0x10ffff)
  );
}

/**
 * True when every character of `text` is an XML 1.0 Char. A string is read by code point, so a
 * surrogate pair is its astral character and a lone surrogate (U+D800..U+DFFF) is refused.
 */
export function xmlCanCarry(text: string): boolean {
  for (const ch of text) if (!isXmlChar(ch.codePointAt(0)!)) return false;
  return true;
}
