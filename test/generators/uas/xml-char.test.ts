import { describe, expect, it } from 'vitest';
import { representable } from '../../../generators/uas/compile.js';
import { isXmlChar, xmlCanCarry } from '../../../generators/uas/xml-char.js';
import { NOT_XML_CHAR } from '../../../src/reference/uas/xml.js';

/** The reference parser's reading of the Char production, on one string. */
const referenceCarries = (s: string) => !NOT_XML_CHAR.test(s);

describe('the characters XML 1.0 can carry (production [2] Char), as the generators read them', () => {
  it('agree with the reference verifier on every code point, one at a time', () => {
    const disagree: string[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      const s = String.fromCodePoint(cp);
      if (xmlCanCarry(s) !== referenceCarries(s)) disagree.push(`U+${cp.toString(16).toUpperCase()}`);
    }
    expect(disagree).toEqual([]);
  });

  it.each([
    ['TAB, LF and CR, the only controls allowed', '\t\n\r', true],
    ['a C0 control', 'a\u0001b', false],
    ['NUL', '\u0000', false],
    ['DEL and C1 controls, which Char allows', '\u007f\u0085\u009f', true],
    ['the last BMP character before the surrogates', '\ud7ff', true],
    ['the first character after the surrogates', '\ue000', true],
    ['U+FFFD', '\ufffd', true],
    ['U+FFFE', 'x\ufffe', false],
    ['U+FFFF', '\uffff', false],
    ['an astral character as a surrogate pair', '😀 \u{10000} \u{10ffff}', true],
    ['a lone high surrogate before a letter', '\ud800a', false],
    ['a lone high surrogate at the end', 'a\udbff', false],
    ['a lone low surrogate at the start', '\udc00a', false],
    ['a low surrogate before a high one (a reversed pair)', '\ude00\ud83d', false],
  ])('%s', (_, text, carried) => {
    expect(xmlCanCarry(text)).toBe(carried);
    expect(referenceCarries(text)).toBe(carried);
  });

  it('reads a code point against the production bounds', () => {
    expect([0x8, 0x9, 0xa, 0xb, 0xd, 0x1f, 0x20].map(isXmlChar)).toEqual([false, true, true, false, true, false, true]);
    expect([0xd7ff, 0xd800, 0xdfff, 0xe000, 0xfffd, 0xfffe, 0x10000, 0x10ffff, 0x110000].map(isXmlChar)).toEqual([
      true,
      false,
      false,
      true,
      true,
      false,
      true,
      true,
      false,
    ]);
  });

  it('keeps a span verbatim only when it is UTF-8 of characters XML carries', () => {
    const enc = new TextEncoder();
    expect(representable(enc.encode('café 😀\r\n'))).toBe('café 😀\r\n');
    expect(representable(enc.encode('bell\u0007'))).toBeUndefined();
    expect(representable(enc.encode('\uffff'))).toBeUndefined();
    expect(representable(Uint8Array.from([0xed, 0xa0, 0x80]))).toBeUndefined(); // an encoded surrogate is not UTF-8
    expect(representable(Uint8Array.from([0xc0, 0x80]))).toBeUndefined();
  });
});
