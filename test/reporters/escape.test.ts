import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  displayJson,
  displayText,
  escapeHtmlAttr,
  escapeHtmlText,
  escapeMarkdownText,
  markdownCode,
  markdownFence,
  revealInvisible,
  truncate,
} from '../../src/reporters/escape.js';

/** Undoes exactly the five entities escapeHtmlText makes. */
function unescapeHtml(s: string): string {
  return s.replace(
    /&(lt|gt|quot|#39|amp);/g,
    (_, e: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' })[e]!,
  );
}

/** Strings rich in what breaks markup: specials, controls, surrogates, astral characters. */
const nasty = fc.string({
  unit: fc.oneof(
    fc.constantFrom(
      '<',
      '>',
      '&',
      '"',
      "'",
      '`',
      '|',
      '\n',
      '\r',
      '\u0000',
      '\u202E',
      '\uD800',
      '\uDC00',
      '𝄞',
      'é',
      '&amp;',
      '<script>',
    ),
    fc.string({ maxLength: 1 }),
    fc.string({ unit: 'binary', maxLength: 1 }),
  ),
});

describe('escapeHtmlText and escapeHtmlAttr', () => {
  it('leave no character that can open a tag, an entity or close an attribute', () => {
    fc.assert(
      fc.property(nasty, (s) => {
        for (const out of [escapeHtmlText(s), escapeHtmlAttr(s)]) {
          expect(out).not.toMatch(/[<>"']/);
          expect(out).not.toMatch(/&(?!(lt|gt|quot|#39|amp);)/);
        }
      }),
    );
  });

  it('round-trip every string made of safe code points', () => {
    const safe = fc.string({
      unit: fc.oneof(
        fc.constantFrom('<', '>', '&', '"', "'", '\n', '\t', 'é', '𝄞'),
        fc.string({ unit: 'grapheme-ascii', maxLength: 1 }),
      ),
    });
    fc.assert(
      fc.property(safe, (s) => {
        expect(unescapeHtml(escapeHtmlText(s))).toBe(s);
      }),
    );
  });

  it('replace NUL, other controls and lone surrogates with U+FFFD and keep astral pairs whole', () => {
    expect(escapeHtmlText('a\u0000b\u0007c\u009Fd')).toBe('a\uFFFDb\uFFFDc\uFFFDd');
    expect(escapeHtmlText('x\uD800y\uDC00z')).toBe('x\uFFFDy\uFFFDz');
    expect(escapeHtmlText('𝄞\t\r\n')).toBe('𝄞\t\r\n');
  });

  it('escape a script tag and an event handler', () => {
    expect(escapeHtmlText(`<img src=x onerror="alert('1')">`)).toBe(
      '&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt;',
    );
  });
});

describe('revealInvisible, displayJson and displayText', () => {
  it('show bidi overrides, zero-width characters and the BOM as \\u escapes', () => {
    expect(revealInvisible('a\u202Eb\u200Bc\uFEFFd\u2066e')).toBe('a\\u202Eb\\u200Bc\\uFEFFd\\u2066e');
  });

  it('keep a displayed JSON value parseable to the same value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(JSON.parse(displayJson(v))).toEqual(JSON.parse(JSON.stringify(v)));
      }),
    );
    expect(JSON.parse(displayJson({ k: 'a\u202Eb' }))).toEqual({ k: 'a\u202Eb' });
  });

  it('show a string value as JSON, so that CRLF and trailing spaces stay visible', () => {
    expect(displayJson('line\r\nnext ')).toBe('"line\\r\\nnext "');
    expect(displayJson(undefined)).toBe('undefined');
  });

  it('show prose verbatim but for invisible characters', () => {
    expect(displayText('plain <b>\nnext\u200B')).toBe('plain <b>\nnext\\u200B');
  });
});

describe('truncate', () => {
  it('keeps short text and says how much it cut from long text', () => {
    expect(truncate('abc', 3)).toBe('abc');
    expect(truncate('abcdef', 3)).toBe('abc\n… 3 more characters (see report.json)');
  });

  it('never splits a surrogate pair', () => {
    const out = truncate('ab𝄞cd', 3);
    expect(out.startsWith('ab\n')).toBe(true);
  });
});

describe('Markdown escaping', () => {
  it('fences cannot be closed by their content', () => {
    fc.assert(
      fc.property(nasty, fc.nat(8), (s, n) => {
        const content = `${s}\n${'`'.repeat(n)}\n${s}`;
        const out = markdownFence(content, 'json');
        const fence = /^`+/.exec(out)![0];
        const inner = out.slice(out.indexOf('\n') + 1, out.length - fence.length - 1);
        // No inner line may start with a backtick run as long as the fence (that would close it).
        for (const line of inner.split(/\r\n|\r|\n/)) expect(line.trimStart().startsWith(fence)).toBe(false);
        expect(out.endsWith(`\n${fence}`)).toBe(true);
      }),
    );
  });

  it('code spans stay on one line, outlast inner backticks and escape pipes only in tables', () => {
    expect(markdownCode('a\nb')).toBe('`a b`');
    expect(markdownCode('x `y` z')).toBe('``x `y` z``');
    expect(markdownCode('`edge`')).toBe('`` `edge` ``');
    expect(markdownCode('a|b')).toBe('`a|b`');
    expect(markdownCode('a|b', { table: true })).toBe('`a\\|b`');
  });

  it('plain text escapes emphasis, links, HTML and entities', () => {
    expect(escapeMarkdownText('*a* _b_ [c](d) <e> &f; `g` |h| ~i~')).toBe(
      '\\*a\\* \\_b\\_ \\[c\\](d) \\<e\\> \\&f; \\`g\\` \\|h\\| \\~i\\~',
    );
  });
});
