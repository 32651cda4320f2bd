import * as fc from 'fast-check';
import { graphemeString } from '../common/lazy.js';

/** What a block of source text is; decides its surface form and likely roles. */
export type BlockKind =
  | 'heading'
  | 'prose'
  | 'code'
  | 'formula'
  | 'acronym'
  | 'list'
  | 'control'
  | 'binary'
  | 'unicode';

/** A generated source: raw bytes, and the byte ranges of its blocks (the compiler's segmentation). */
export interface UasSource {
  bytes: Uint8Array;
  blocks: { kind: BlockKind; start: number; end: number; acronym?: { term: string; expansion: string } }[];
  /**
   * The legacy container the source is wrapped in, if any (seed 003 PHASE-02), and the byte offset
   * just past the character that ends its name in the opening tag: a verifier reading the first
   * `legacyScanBytes` bytes sees the container when `tagEnd` is at most that many (D-UAS-12).
   */
  legacy?: { name: string; tagEnd: number };
  /**
   * The legacy container a source that is not one resembles, if any: an opening tag whose name
   * starts with the container's (`<documents>`), the container named in text or in a comment
   * before the first element. A verifier that looks for `<document` anywhere takes it for one.
   */
  nearMiss?: string;
}

const enc = new TextEncoder();

const WORDS = [
  'the',
  'compiler',
  'never',
  'mutates',
  'raw',
  'content',
  'agents',
  'verify',
  'each',
  'byte',
  'hash',
  'span',
  'graph',
  'naïve',
  'café',
  'Ünïcödé',
  'данные',
  '数据',
  'テキスト',
  'عربي',
  '𝔘𝔄𝔖',
  '😀',
  'cafe\u0301',
  'a\u0308b',
  'non\u00a0breaking',
  'zero\u200bwidth',
  '“smart”',
  '‘single’',
  '"straight"',
  "it's",
  'x&y',
  'a<b',
  'b>a',
  'AT&T',
  'R&D',
  '&amp;',
  '&lt;tag&gt;',
  '&#13;',
  'CDATA]]>end',
  'tab\there',
  'well-formed',
  'VERBATIM_FULL',
  'e.g.',
  '—',
  '…',
  '𝒜𝓁𝑔𝑜',
  '👩‍👩‍👧',
  '🏳️‍🌈',
];
const ACRONYMS: [string, string][] = [
  ['UAS', 'Universal Agentic Semantics'],
  ['RAG', 'Retrieval-Augmented Generation'],
  ['LLM', 'Large Language Model'],
  ['SHA', 'Secure Hash Algorithm'],
  ['XML', 'Extensible Markup Language'],
  ['IR', 'Intermediate Representation'],
  ['PM', 'Promotion Metric'],
  ['CR', 'Concept Registry'],
  ['ÉTÉ', 'Évaluation Technique Étendue'],
];
const CODE = [
  'if (a < b && c > d) { return "x"; }',
  'x = y >> 2; // ]]> ends CDATA',
  "const s = '&amp;' + '&lt;';",
  '<div class="x">&nbsp;</div>',
  'for (i = 0; i < n; i++) sum += w[i];',
  'printf("%s\\n", p->name);',
  'echo $((1<<3)) && exit',
  '<![CDATA[ nested ]]>',
];
const FORMULAS = [
  '$$w = clamp(0.50 + Σ Δ + 0.05·C, 0, 1)$$',
  'a < b & c > d',
  'x² ≥ 0.85 ⇒ PM-01',
  'f(x) = x & 0xFF',
  '1 < 2 > 0',
  'P(A|B) = P(B|A)·P(A) / P(B)',
  '∀ε>0 ∃δ>0: |x−y|<δ ⇒ |f(x)−f(y)|<ε',
  'a &lt; b (already escaped in the source)',
];
const CONTROLS = [
  'log\u0000line',
  'bell\u0007ring',
  'esc\u001b[31mred\u001b[0m',
  'form\u000cfeed',
  'vt\u000bx',
  'nonchar \uFFFE and \uFFFF',
  'us\u001fsep',
];
const EOLS = ['\n', '\r\n', '\r'];
const SEPARATORS = ['\n', '\r\n', '\r', '\n\n', '\r\n\r\n', ' ', '\t', '', '\n\t'];

const words = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 8 });
const eol = fc.constantFrom(...EOLS);

const sentence = fc
  .tuple(words, fc.constantFrom('.', '!', '?', ';', ':', '', '.”', '."'), fc.constantFrom(' ', '  ', '\t'))
  .map(([w, end, gap]) => w.join(gap) + end);

type Block = { kind: BlockKind; bytes: Uint8Array; acronym?: { term: string; expansion: string } };
const text =
  (kind: BlockKind) =>
  (s: string): Block => ({ kind, bytes: enc.encode(s) });

const block: fc.Arbitrary<Block> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(fc.array(sentence, { minLength: 1, maxLength: 3 }), fc.constantFrom(' ', ...EOLS))
      .map(([ss, e]) => ss.join(e))
      .map(text('prose')),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom('# ', '## ', '2.3 ', ''), words)
      .map(([p, w]) => p + w.join(' '))
      .map(text('heading')),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.array(fc.constantFrom(...CODE), { minLength: 1, maxLength: 3 }), eol)
      .map(([ls, e]) => ['```', ...ls, '```'].join(e))
      .map(text('code')),
  },
  { weight: 2, arbitrary: fc.constantFrom(...FORMULAS).map(text('formula')) },
  {
    weight: 2,
    arbitrary: fc.tuple(fc.constantFrom(...ACRONYMS), fc.boolean()).map(
      ([[t, x], first]): Block => ({
        kind: 'acronym',
        bytes: enc.encode(first ? `${x} (${t}) is defined here.` : `The ${t} (${x}) is used below.`),
        acronym: { term: t, expansion: x },
      }),
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.array(words, { minLength: 1, maxLength: 3 }), eol)
      .map(([items, e]) => items.map((w) => `- ${w.join(' ')}`).join(e))
      .map(text('list')),
  },
  { weight: 1, arbitrary: fc.constantFrom(...CONTROLS).map(text('control')) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom([0xff, 0xfe, 0x41], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0x41, 0x80, 0x42])
      .map((b): Block => ({ kind: 'binary', bytes: Uint8Array.from(b) })),
  },
  { weight: 2, arbitrary: graphemeString({ minLength: 1, maxLength: 16 }).map(text('unicode')) },
);

/** White space a block may carry at its edges: inside its span, so that a verifier that trims is seen to. */
const EDGES = [' ', '  ', '\t', '\n', '\r\n', ' \n', '\u00a0', '\u3000'];

/**
 * A block, now and then with white space inside its span before or after its text (a paragraph
 * that keeps its indentation or its line end): the span holds those bytes and so must its text.
 */
const paddedBlock: fc.Arbitrary<Block> = fc
  .tuple(
    block,
    fc.constantFrom('none', 'none', 'lead', 'trail', 'both'),
    fc.constantFrom(...EDGES),
    fc.constantFrom(...EDGES),
  )
  .map(([b, where, lead, trail]) => {
    if (where === 'none') return b;
    const before = where === 'trail' ? '' : lead;
    const after = where === 'lead' ? '' : trail;
    return { ...b, bytes: Uint8Array.from([...enc.encode(before), ...b.bytes, ...enc.encode(after)]) };
  });

/** Legacy wrappers (D-UAS-12): the container's name, its opening (up to the source's first block) and its end. */
const LEGACY: [name: string, open: string, close: string][] = [
  ['document', '<document>\n<content_body>\n', '\n</content_body>\n</document>\n'],
  ['content_body', '<?xml version="1.0"?>\n<content_body lang="en">', '</content_body>'],
  ['agent_ingestion_map', '<!-- legacy -->\n<agent_ingestion_map version="1">\r\n', '\r\n</agent_ingestion_map>'],
  ['document', '\uFEFF<document\n  lang="en">', '</document>'],
  [
    'agent_ingestion_map',
    '<?xml version="1.0" encoding="UTF-8"?>\r\n<!-- a -->\n<!-- b --><agent_ingestion_map\t/>\n',
    '',
  ],
];

/**
 * Wrappers that are not legacy containers but look like one (D-UAS-12): a longer name, the
 * container named in text or in a comment before the first element. Each with the container it
 * resembles, its opening and its end.
 */
const NEAR_MISS: [resembles: string, open: string, close: string][] = [
  ['document', '<documents>\n', '\n</documents>\n'],
  ['content_body', '<content_body-v2 lang="en">', '</content_body-v2>'],
  ['agent_ingestion_map', '<agent_ingestion_maps>\r\n', '\r\n</agent_ingestion_maps>'],
  ['document', 'Exported from <document> on 2020-01-01.\n', ''],
  ['agent_ingestion_map', '<!-- was <agent_ingestion_map> -->\n<notes>\n', '\n</notes>\n'],
];

const PADDING = 'legacy export header, kept as it was. ';

/**
 * A legacy opening behind a comment long enough that the tag ends at `scanBytes + shift`: just
 * inside the bytes a verifier scans (shift <= 0) or just past them (shift > 0). Without room for
 * the comment, the tag opens the source.
 */
function paddedOpening(name: string, scanBytes: number, shift: number): string {
  const room = scanBytes + shift - `<!---->\n<${name}>`.length;
  if (room < 0) return `<${name}>\n`;
  return `<!--${PADDING.repeat(Math.ceil(room / PADDING.length) + 1)
    .slice(0, room)
    .replace(/-$/, ' ')}-->\n<${name}>\n`;
}

/** The byte offset just past the character that ends the name of the first `<name` in `opening`. */
const tagEndOf = (opening: string, name: string): number =>
  enc.encode(opening.slice(0, opening.indexOf(`<${name}`))).length + name.length + 2;

/**
 * UTF-8 sources as agents meet them (seed 003 PHASE-01): prose, headings, code, formulas with `&`,
 * `<`, `>`, acronyms, quotes, CRLF and lone CR, tabs, astral and combining characters, and blocks
 * XML 1.0 cannot carry (control characters, U+FFFE, invalid UTF-8), blocks whose span keeps white
 * space at its edges. Often inside a legacy container, sometimes one whose opening tag ends right
 * at `scanBytes` or just past it; sometimes inside a wrapper that only looks like one.
 */
export function uasSource(scanBytes: number): fc.Arbitrary<UasSource> {
  return fc
    .record({
      blocks: fc.array(fc.tuple(paddedBlock, fc.constantFrom(...SEPARATORS)), { minLength: 1, maxLength: 7 }),
      lead: fc.constantFrom('', '', '\uFEFF', '\n', '\r\n'),
      wrapper: fc.oneof(
        { weight: 2, arbitrary: fc.constant(null) },
        {
          weight: 6,
          arbitrary: fc.record({
            at: fc.nat({ max: LEGACY.length - 1 }),
            shift: fc.oneof(
              { weight: 3, arbitrary: fc.constant(null) },
              { weight: 1, arbitrary: fc.constantFrom(-1, 0, 1, 2) },
            ),
          }),
        },
        { weight: 2, arbitrary: fc.nat({ max: NEAR_MISS.length - 1 }) },
      ),
    })
    .map(({ blocks, lead, wrapper }) => {
      const drawn = typeof wrapper === 'object' ? wrapper : null;
      const similar = typeof wrapper === 'number' ? wrapper : null;
      const [name, open, close] = drawn ? LEGACY[drawn.at] : [];
      const legacy = drawn && name !== undefined ? { name, shift: drawn.shift } : undefined;
      const near = !legacy && similar !== null ? NEAR_MISS[similar] : undefined;
      let wrap: [string, string] | undefined;
      if (legacy)
        wrap =
          legacy.shift === null
            ? [open!, close!]
            : [paddedOpening(legacy.name, scanBytes, legacy.shift), `\n</${legacy.name}>\n`];
      else if (near) wrap = [near[1], near[2]];
      const parts: Uint8Array[] = [];
      const out: UasSource['blocks'] = [];
      let pos = 0;
      const push = (b: Uint8Array) => {
        parts.push(b);
        pos += b.length;
      };
      if (wrap) push(enc.encode(wrap[0]));
      push(enc.encode(lead));
      blocks.forEach(([b, sep], i) => {
        if (b.bytes.length === 0) return;
        out.push({ kind: b.kind, start: pos, end: pos + b.bytes.length, ...(b.acronym ? { acronym: b.acronym } : {}) });
        push(b.bytes);
        if (i < blocks.length - 1) push(enc.encode(sep));
      });
      if (wrap) push(enc.encode(wrap[1]));
      const bytes = new Uint8Array(pos);
      let at = 0;
      for (const p of parts) {
        bytes.set(p, at);
        at += p.length;
      }
      return {
        bytes,
        blocks: out,
        ...(legacy && wrap ? { legacy: { name: legacy.name, tagEnd: tagEndOf(wrap[0], legacy.name) } } : {}),
        ...(near ? { nearMiss: near[0] } : {}),
      };
    })
    .filter((s) => s.blocks.length > 0);
}
