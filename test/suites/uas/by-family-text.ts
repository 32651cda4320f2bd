import { createHash } from 'node:crypto';
import type { Adapter, UasFinding, UasVerdict } from '../../../src/contract/adapter.js';
import { readArtifact, type UasModel, type UnitInfo } from '../../../src/reference/uas/model.js';
import type { UasReferenceFinding } from '../../../src/reference/uas/verify.js';
import { centralityDivisor, declaredWeight, exactWeight } from '../../../src/reference/uas/weights.js';
import { referenceVerdict } from './reference-memo.js';
import { bundledSpec } from '../../../src/spec/index.js';
import type { ByFamily } from '../../helpers/broken.js';

/**
 * Broken UAS verifiers by mutation family (text checks): for a check, per family, a verifier with a slip
 * that only that family catches (proven by `describeGallery`). Each is the reference verifier with one
 * reading bent the way a hurried implementer bends it: an artifact read by a lenient parser (modelled
 * by repairing what that parser lets through before the reference reads it), or a rule judged by a
 * comparison that is too kind (modelled by dropping the reference's findings that comparison would
 * not make, or by judging the rule again with the slip).
 */
const spec = bundledSpec().uas;
const reference = (source: Uint8Array, artifact: string) => referenceVerdict(source, artifact, spec);

const adapter = (name: string, verify: (source: Uint8Array, artifact: string) => UasVerdict): Adapter => ({
  describe: () => ({ name, version: '0' }),
  verifyUas: verify,
});
const verdict = (findings: UasFinding[]): UasVerdict => ({ valid: findings.length === 0, findings });

/** A verifier whose parser lets something through: the artifact as it reads it, judged by the reference. */
const reading = (name: string, repair: (artifact: string, source: Uint8Array) => string): Adapter =>
  adapter(name, (s, a) => reference(s, repair(a, s)));

/** The reference without the findings its slip never makes. */
const dropping = (
  name: string,
  drop: (f: UasReferenceFinding, source: Uint8Array, artifact: string) => boolean,
): Adapter => adapter(name, (s, a) => verdict(reference(s, a).findings.filter((f) => !drop(f, s, a))));

/** A field of the packet the reference attaches to a finding (the token and element it is about). */
const packet = (f: UasReferenceFinding, field: 'invalid_token' | 'failed_ref'): string => {
  const raw = new RegExp(`<${field}>([^<]*)</${field}>`).exec(f.intercept)![1]!;
  return raw.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#13;/g, '\r').replace(/&amp;/g, '&');
};
const tokenOf = (f: UasReferenceFinding) => packet(f, 'invalid_token');

/** The model the reference reads, or undefined when the artifact is not a `<UAS_Document>` it can read. */
function modelOf(artifact: string): UasModel | undefined {
  const x = readArtifact(artifact, spec);
  return x.ok && x.rootName === spec.rootElement ? x.model : undefined;
}

const lenient = new TextDecoder('utf-8', { ignoreBOM: true });

/** A unit's text and its span's bytes as the reference reads them. */
function unitOf(
  source: Uint8Array,
  artifact: string,
  unitId: string | undefined,
): { u: UnitInfo; text: string; bytes: Uint8Array } | undefined {
  const u = modelOf(artifact)?.units.find((y) => y.id === unitId);
  return u?.span ? { u, text: u.text, bytes: source.subarray(u.span.start, u.span.end) } : undefined;
}

/** The reference minus the verbatim mismatches a comparison `same(text, spanBytes)` would not see. */
const comparing = (name: string, same: (text: string, bytes: Uint8Array) => boolean): Adapter =>
  dropping(name, (f, s, a) => {
    if (f.checkId !== 'VAL-VERBATIM' || f.byteOffset === undefined) return false;
    const x = unitOf(s, a, f.unitId);
    return x !== undefined && same(x.text, x.bytes);
  });

const utf8 = (t: string) => new TextEncoder().encode(t);
const startsWith = (a: Uint8Array, b: Uint8Array) => a.length >= b.length && b.every((x, i) => a[i] === x);

/** `xml` with each `source_span` value rewritten by `f` (references to white space decoded first). */
const spans = (xml: string, f: (v: string) => string): string =>
  xml.replace(
    /(\ssource_span=)(["'])(.*?)\2/g,
    (_m, head: string, q: string, v: string) =>
      `${head}${q}${f(v.replace(/&#9;/g, '\t').replace(/&#10;/g, '\n').replace(/&#13;/g, '\r'))}${q}`,
  );

/** The reference with one rule's findings replaced by the slip's own judgement of it. */
function rejudging(
  name: string,
  drop: (f: UasReferenceFinding) => boolean,
  judge: (m: UasModel, source: Uint8Array, artifact: string) => UasFinding[],
): Adapter {
  return adapter(name, (s, a) => {
    const kept = reference(s, a).findings.filter((f) => !drop(f));
    const m = modelOf(a);
    return verdict([...kept, ...(m ? judge(m, s, a) : [])]);
  });
}

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const HEX64 = /^[0-9a-fA-F]{64}$/;
const strictDigest = (claimed: string | undefined, hex: string) =>
  claimed !== undefined && HEX64.test(claimed) && claimed.toLowerCase() === hex;

/** Digest comparisons a hurried verifier writes, each letting one wrong form through. */
const DIGEST_SLIPS: Record<string, [name: string, ok: (claimed: string | undefined, hex: string) => boolean]> = {
  prefixed: [
    'strips a sha256: prefix from digests',
    (c, hex) => c !== undefined && c.replace(/^sha-?256:/i, '').toLowerCase() === hex,
  ],
  truncated: [
    'compares only as many digits as a digest has (strncmp)',
    (c, hex) => c !== undefined && c !== '' && hex.startsWith(c.toLowerCase()),
  ],
  padded: [
    "decodes digests with Buffer.from(x, 'hex')",
    (c, hex) => c !== undefined && Buffer.from(c, 'hex').equals(Buffer.from(hex, 'hex')),
  ],
  missing: ['checks a digest only when there is one', (c, hex) => c === undefined || c === '' || strictDigest(c, hex)],
};

/** The root hash and `byte_length` judged again with `hashOk` (given the source too) and `lengthOk`. */
const rootJudged = (
  name: string,
  hashOk: (c: string | undefined, hex: string, source: Uint8Array) => boolean,
  lengthOk: (l: string, source: Uint8Array) => boolean,
) =>
  rejudging(
    name,
    (f) => f.checkId === 'VAL-ROOT-HASH',
    (m, s) => {
      if (!hashOk(m.rootSha256, sha(s), s)) return [{ checkId: 'VAL-ROOT-HASH' }];
      return m.byteLength !== undefined && !lengthOk(m.byteLength, s) ? [{ checkId: 'VAL-ROOT-HASH' }] : [];
    },
  );
const exactLength = (l: string, s: Uint8Array) => l === String(s.length);

/** Every readable unit's span hash judged again with `ok` (given the unit too). */
const spanJudged = (name: string, ok: (c: string | undefined, hex: string, u: UnitInfo) => boolean) =>
  rejudging(
    name,
    (f) => f.checkId === 'VAL-SPAN-HASH',
    (m, s) =>
      m.units
        .filter(
          (u) =>
            u.span &&
            u.span.start < u.span.end &&
            u.span.end <= s.length &&
            !ok(u.spanSha256, sha(s.subarray(u.span.start, u.span.end)), u),
        )
        .map((u) => ({ checkId: 'VAL-SPAN-HASH', unitId: u.id })),
  );

/** Text with its line ends as LF: what a file read in text mode, or a text normalized for hashing, holds. */
const lfText = (t: string) => t.replace(/\r\n?/g, '\n');

/** `source_order` as written, per unit in document order (empty when missing). */
const ordersOf = (m: UasModel) => m.units.map((u) => u.sourceOrderWrong ?? String(u.index + 1));

/**
 * The numbering of units judged again: `wrong(orders)` is the slip's test of whether the numbering
 * is wrong at all; once it says so, every unit whose number is not its place is reported, as the
 * reference does (a verifier that tests loosely, then lists the misnumbered units).
 */
const numbering = (name: string, wrong: (orders: string[]) => boolean) =>
  rejudging(
    name,
    (f) => f.checkId === 'VAL-SOURCE-ORDER' && f.byteOffset === undefined,
    (m) => {
      const orders = ordersOf(m);
      if (!wrong(orders)) return [];
      return m.units
        .filter((_, i) => orders[i] !== String(i + 1))
        .map((u) => ({ checkId: 'VAL-SOURCE-ORDER', unitId: u.id }));
    },
  );
const DECIMAL = /^[1-9][0-9]*$/;

/** Ids unique among units and concepts, and among edges apart: a verifier that keeps edges in a table of their own. */
function idsByTable(m: UasModel): UasFinding[] {
  const out: UasFinding[] = [];
  for (const group of [[...m.units, ...m.concepts].map((x) => x.id), m.edges.map((e) => e.id)]) {
    const seen = new Set<string>();
    for (const id of group) {
      if (id === '' || seen.has(id)) out.push({ checkId: 'VAL-ID-UNIQUE', ...(id === '' ? {} : { unitId: id }) });
      seen.add(id);
    }
  }
  return out;
}

/** The legacy container a source is, found as the first `<name` tag anywhere in the scanned bytes (not only first). */
function tagAnywhere(source: Uint8Array): string | undefined {
  const head = Buffer.from(source.subarray(0, spec.legacyScanBytes)).toString('utf8');
  const hits = spec.legacyContainers
    .map((n) => [n, head.search(new RegExp(`<${n}[\\s/>]`))] as const)
    .filter(([, at]) => at >= 0);
  return hits.sort((a, b) => a[1] - b[1])[0]?.[0];
}

/** The migration rule judged again against `legacy` (the container the slip finds) with `ok(listed, legacy)`. */
const migrationJudged = (
  name: string,
  legacyOf: (source: Uint8Array) => string | undefined,
  ok: (listed: string[] | undefined, legacy: string | undefined) => boolean,
) =>
  rejudging(
    name,
    (f) => f.checkId === 'VAL-MIGRATION-REPORT' && packet(f, 'failed_ref') === 'migration_report',
    (m, s) => (ok(m.migratedContainers, legacyOf(s)) ? [] : [{ checkId: 'VAL-MIGRATION-REPORT' }]),
  );
const legacyByPin = (s: Uint8Array): string | undefined => {
  const head = Buffer.from(s.subarray(0, spec.legacyScanBytes)).toString('utf8');
  const m = /^\uFEFF?\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*<([A-Za-z_][\w.-]*)[\s/>]/.exec(head);
  return m && spec.legacyContainers.includes(m[1]!) ? m[1] : undefined;
};
/** The legacy container as D-UAS-12 finds it, but for the white space before the first markup: a source that opens with a line end is no container. */
const legacyAtStart = (s: Uint8Array): string | undefined => {
  const head = Buffer.from(s.subarray(0, spec.legacyScanBytes)).toString('utf8');
  const m = /^\uFEFF?(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*<([A-Za-z_][\w.-]*)[\s/>]/.exec(head);
  return m && spec.legacyContainers.includes(m[1]!) ? m[1] : undefined;
};
const exactReport = (listed: string[] | undefined, legacy: string | undefined) =>
  legacy === undefined
    ? (listed ?? []).length === 0
    : listed !== undefined && listed.length > 0 && listed.every((n) => n === legacy);

/** HTML's names for characters XML 1.0 has no entity for. */
const HTML: Record<string, string> = {
  nbsp: '\u00a0',
  copy: '©',
  eacute: 'é',
  egrave: 'è',
  iuml: 'ï',
  uuml: 'ü',
  Uuml: 'Ü',
  ouml: 'ö',
  auml: 'ä',
  Eacute: 'É',
  mdash: '—',
  ndash: '–',
  hellip: '…',
  ldquo: '“',
  rdquo: '”',
  lsquo: '‘',
  rsquo: '’',
  middot: '·',
  ge: '≥',
  rArr: '⇒',
  Sigma: 'Σ',
  Delta: 'Δ',
  sup2: '²',
  forall: '∀',
  exist: '∃',
  epsilon: 'ε',
  delta: 'δ',
  minus: '−',
};

/** The elements some container of the format holds. */
const CHILDREN = Object.values(spec.containerChildren).flat();

/** Names of the format's elements, for a parser that matches tags without regard to case. */
const ELEMENTS = [
  spec.rootElement,
  ...spec.childOrder.map((c) => c.name),
  ...Object.values(spec.containerChildren).flat(),
  'alias',
];
const canonical = (name: string, among: readonly string[]) =>
  among.find((n) => n.toLowerCase() === name.toLowerCase()) ?? name;

/** Not an XML character (§2.2 Char), raw; and a character reference to one. */
const NOT_CHAR_RAW = /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/g;
const isChar = (cp: number) =>
  cp === 0x9 ||
  cp === 0xa ||
  cp === 0xd ||
  (cp >= 0x20 && cp <= 0xd7ff) ||
  (cp >= 0xe000 && cp <= 0xfffd) ||
  (cp >= 0x10000 && cp <= 0x10ffff);
const dropBadRefs = (a: string) =>
  a.replace(/&#(x[0-9a-fA-F]+|[0-9]+);/g, (m, n: string) =>
    isChar(n[0] === 'x' ? Number.parseInt(n.slice(1), 16) : Number(n)) ? m : '',
  );

/** The parts of an artifact outside `<semantic_units>`, rewritten by `f`. */
function outsideUnits(xml: string, f: (part: string) => string): string {
  const m = /<semantic_units>[\s\S]*<\/semantic_units>/.exec(xml);
  return m ? f(xml.slice(0, m.index)) + m[0] + f(xml.slice(m.index + m[0].length)) : f(xml);
}

/** A stray `&` (one that starts no reference at all) or `<` (before white space or a digit), made text. */
const escapeStray = (part: string) =>
  part
    .replace(
      /(=\s*)(["'])(.*?)\2/g,
      (_m, eq: string, q: string, v: string) => `${eq}${q}${v.replace(/</g, '&lt;')}${q}`,
    )
    .replace(/&(?![A-Za-z_:][\w.:-]*;|#[0-9]+;|#x[0-9a-fA-F]+;)/g, '&amp;')
    .replace(/<(?=[\s0-9])/g, '&lt;');

/** The content of every unit, rewritten by `f`. */
const unitBodies = (xml: string, f: (body: string) => string) =>
  xml.replace(
    /(<semantic_unit\b[^>]*?[^/]>)([\s\S]*?)(<\/semantic_unit>)/g,
    (_m, open: string, body: string, close: string) => open + f(body) + close,
  );

/** The start of the UTF-8 character the byte at `at` belongs to. */
const characterStart = (source: Uint8Array, at: number) => {
  let i = at;
  while (i > 0 && i < source.length && (source[i]! & 0xc0) === 0x80) i--;
  return i;
};

const MODES = spec.preservationModes;

/** A straight quote and a curly one of its kind, which a comparison of "the same characters, typographically" takes for one. */
const QUOTE_PAIRS = new Set(['"“', '"”', "'‘", "'’"]);
const sameUpToQuotes = (x: string, y: string) => {
  const [a, b] = [[...x], [...y]];
  return (
    a.length === b.length && a.every((c, i) => c === b[i] || QUOTE_PAIRS.has(c + b[i]) || QUOTE_PAIRS.has(b[i] + c))
  );
};
/** Cyrillic and Greek letters that look like Latin ones, as those (a confusables skeleton, cut short). */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  а: 'a',
  е: 'e',
  о: 'o',
  р: 'p',
  с: 'c',
  х: 'x',
  у: 'y',
  і: 'i',
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Η: 'H',
  Κ: 'K',
  Μ: 'M',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Χ: 'X',
};
const skeleton = (t: string) => [...t].map((c) => (Object.hasOwn(LOOK_ALIKES, c) ? LOOK_ALIKES[c]! : c)).join('');

/** The first byte where `a` and `b` differ, or the end of the shorter one; -1 when they are the same. */
function firstDiff(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return a.length === b.length ? -1 : n;
}

/** The reference minus the verbatim mismatches of units whose text matches `other`, the slip's second reading of the span (given the source and the unit). */
const alsoReading = (name: string, other: (source: Uint8Array, u: UnitInfo) => string | undefined): Adapter =>
  dropping(name, (f, s, a) => {
    if (f.checkId !== 'VAL-VERBATIM' || f.byteOffset === undefined) return false;
    const x = unitOf(s, a, f.unitId);
    return x !== undefined && x.text === other(s, x.u);
  });

/** The reference with the offset of each verbatim mismatch located again by `offset` (given the text's and the span's bytes); undefined drops it. */
const locating = (
  name: string,
  offset: (text: Uint8Array, span: Uint8Array, source: Uint8Array, start: number) => number | undefined,
): Adapter =>
  adapter(name, (s, a) =>
    verdict(
      reference(s, a).findings.map((f) => {
        if (f.checkId !== 'VAL-VERBATIM' || f.byteOffset === undefined) return f;
        const x = unitOf(s, a, f.unitId);
        if (x === undefined) return f;
        const { byteOffset: _dropped, ...rest } = f;
        const at = offset(utf8(x.text), x.bytes, s, x.u.span!.start);
        return at === undefined ? rest : { ...rest, byteOffset: at };
      }),
    ),
  );

/** A sentence's final stop (before closing quotes, brackets and trailing white space), as a comparison that takes it for optional drops it. */
const withoutFinalStop = (t: string) => t.replace(/[.!?;:,。](?=["”’)]*\s*$)/u, '');

/** A text as ISO-8859-1 holds it, every character outside it replaced by `?` (what a lossy encoder writes). */
const latin1 = (t: string) => [...t].map((c) => (c.codePointAt(0)! > 0xff ? '?' : c)).join('');

/** The words of a text between single spaces, a plural `s` cut off, sorted: what a search index's "the same words" compares. */
const wordBag = (t: string) =>
  t
    .split(' ')
    .map((w) => w.replace(/(\p{L})s$/u, '$1'))
    .sort()
    .join(' ');

/** Raw CRs of unit text kept as CRs (a parser without XML's line-end normalization, §2.11): written as references, in CDATA too. */
const rawCrKept = (a: string) =>
  unitBodies(a, (b) =>
    b
      .split(/(<!\[CDATA\[[\s\S]*?\]\]>)/)
      .map((part, i) => part.replace(/\r/g, i % 2 === 1 ? ']]>&#13;<![CDATA[' : '&#13;'))
      .join(''),
  );

/** The parts of an artifact outside CDATA sections and comments rewritten by `f` (those left as they are). */
const outsideLiterals = (a: string, f: (part: string) => string) =>
  a
    .split(/(<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->)/)
    .map((part, i) => (i % 2 === 1 ? part : f(part)))
    .join('');

/** Tags of an artifact (comments, CDATA, processing instructions and declarations skipped): end tags name `end`, start tags `start` (with `empty` when self-closing). */
const TAG =
  /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<![^>]*>|<\/([^\s>]+)\s*>|<([^\s/>!?]+)(?:[^>"']|"[^"]*"|'[^']*')*?(\/?)>/g;

/** An artifact with every end tag that closes no open element left out (an HTML tree builder ignores it). */
function strayEndTagsDropped(a: string): string {
  const open: string[] = [];
  return a.replace(TAG, (tag, end: string | undefined, start: string | undefined, empty: string) => {
    if (start !== undefined && empty !== '/') open.push(start);
    if (end === undefined) return tag;
    if (open.at(-1) === end) {
      open.pop();
      return tag;
    }
    return open.includes(end) ? tag : '';
  });
}

/** An artifact that stops before the root's end tag, taken to end there: a tag or reference cut short dropped, every element still open closed. */
function closedAtEnd(a: string): string {
  if (a.includes(`</${spec.rootElement}>`)) return a;
  let x = a;
  if (x.lastIndexOf('<') > x.lastIndexOf('>')) x = x.slice(0, x.lastIndexOf('<'));
  x = x.replace(/&[#\w]*$/, '');
  const open: string[] = [];
  for (const m of x.matchAll(TAG)) {
    if (m[2] !== undefined && m[3] !== '/') open.push(m[2]);
    else if (m[1] !== undefined && open.at(-1) === m[1]) open.pop();
  }
  return (
    x +
    open
      .reverse()
      .map((n) => `</${n}>`)
      .join('')
  );
}

/** Comparisons of VAL-VERBATIM blind to one family's drift each; VAL-MISMATCH-COORDINATES shares them (a mismatch never found is never located). */
const COMPARING_SLIPS = {
  'smart-quote-swap': comparing('takes a straight quote and a curly one for the same', (t, b) =>
    sameUpToQuotes(t, lenient.decode(b)),
  ),
  'whitespace-compression': comparing(
    'squeezes runs of spaces and tabs before comparing',
    (t, b) => t.replace(/[ \t]+/g, ' ') === lenient.decode(b).replace(/[ \t]+/g, ' '),
  ),
  'homoglyph': comparing(
    'compares the confusables skeleton of the text',
    (t, b) => skeleton(t) === skeleton(lenient.decode(b)),
  ),
  'trimmed-text': comparing('trims text and span before comparing', (t, b) => t.trim() === lenient.decode(b).trim()),
  'unicode-normalization': comparing(
    'compares Unicode normal forms (localeCompare)',
    (t, b) => t.normalize('NFC') === lenient.decode(b).normalize('NFC'),
  ),
  // Takes `&amp;` and `&lt;` in the text it read for the characters they stand for (as if CDATA held
  // references): a mismatch that decoding them once more explains is no mismatch to it.
  'cdata-double-escaped': comparing(
    'decodes references once more before comparing (as if CDATA held references)',
    (t, b) => t.replace(/&lt;/g, '<').replace(/&amp;/g, '&') === lenient.decode(b),
  ),
} satisfies Record<string, Adapter>;

/** More slips of VAL-VERBATIM's reading or comparison, each blind to one family's drift; VAL-MISMATCH-COORDINATES shares them too (but its own `mismatch-mid-character`). */
const VERBATIM_SLIPS = {
  'missing-trailing-punctuation': comparing(
    "takes a sentence's final stop for optional",
    (t, b) => t === withoutFinalStop(lenient.decode(b)),
  ),
  'paraphrase-drift': comparing(
    'compares the stemmed words of text and span in any order (plural s cut off)',
    (t, b) => wordBag(t) === wordBag(lenient.decode(b)),
  ),
  'cr-unescaped': reading('keeps a raw CR in unit text as a CR (no XML line-end normalization)', rawCrKept),
  'span-shift-verbatim': alsoReading('also reads a span as 1-based offsets when the 0-based reading differs', (s, u) =>
    u.span!.start >= 1 ? lenient.decode(s.subarray(u.span!.start - 1, u.span!.end - 1)) : undefined,
  ),
  // `text.getBytes("ISO-8859-1")` against the span's bytes read the same way: every character Latin-1 lacks is a `?`.
  'mismatch-mid-character': comparing(
    'compares text and span encoded as ISO-8859-1 (a character it lacks becomes "?", as Java\'s getBytes writes it)',
    (t, b) => latin1(t) === latin1(lenient.decode(b)),
  ),
  'utf16-spans': alsoReading(
    'also reads a span as UTF-16 code unit offsets into the decoded source when the bytes differ',
    (s, u) => lenient.decode(s).slice(u.span!.start, u.span!.end),
  ),
} satisfies Record<string, Adapter>;

export const byFamily: ByFamily = {
  'VAL-VALID-ACCEPTED': {
    'valid-digest-case': adapter('compares digests case-sensitively', (s, a) => {
      const ref = reference(s, a);
      const m = modelOf(a);
      const extra: UasFinding[] = [];
      if (m && m.rootSha256 !== sha(s)) extra.push({ checkId: 'VAL-ROOT-HASH' });
      for (const u of m?.units ?? [])
        if (u.span && u.span.end <= s.length && u.spanSha256 !== sha(s.subarray(u.span.start, u.span.end)))
          extra.push({ checkId: 'VAL-SPAN-HASH', unitId: u.id });
      return verdict([...ref.findings, ...extra]);
    }),
    'valid-split-text': reading('reads comments and processing instructions inside a unit as its text', (a) =>
      unitBodies(a, (b) =>
        b.replace(/<!--[\s\S]*?-->|<\?[\s\S]*?\?>/g, (x) =>
          x.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'),
        ),
      ),
    ),
    'valid-no-byte-length': adapter('requires byte_length in the manifest', (s, a) => {
      const m = modelOf(a);
      return m && m.byteLength === undefined
        ? verdict([...reference(s, a).findings, { checkId: 'VAL-ROOT-HASH' }])
        : reference(s, a);
    }),
    'valid-declaration': adapter('accepts only <?xml version="1.0"?>', (s, a) => {
      const decl = /^\uFEFF?<\?xml[\s\S]*?\?>/.exec(a);
      if (decl && !/^<\?xml version=(["'])1\.0\1(?: encoding=(["'])UTF-8\2)?\?>$/.test(decl[0]))
        return verdict([{ checkId: 'VAL-XML-WELL-FORMED' }]);
      return reference(s, a);
    }),
    'valid-weight-spelling': adapter(
      'reads weights of two decimals only (0.85): `1` or `0.5` is out of range',
      (s, a) => {
        const extra: UasFinding[] = (modelOf(a)?.units ?? [])
          .filter((u) => !Number.isNaN(declaredWeight(u.weight)) && !/^[01]\.[0-9]{2}$/.test(u.weight!))
          .map((u) => ({ checkId: 'VAL-WEIGHT-RANGE', unitId: u.id }));
        return verdict([...reference(s, a).findings, ...extra]);
      },
    ),
    'valid-overflow-no-token': adapter(
      'matches an overflow entry by its token: one without a token registers nothing',
      (s, a) => {
        const m = modelOf(a);
        const extra: UasFinding[] = [];
        const entered = (type: string, ref: string, token: string) =>
          m!.ambiguities.some((x) => x.type === type && x.ref === ref && x.token === token);
        for (const u of m?.units ?? []) {
          const t = u.specializedRole;
          if (
            t !== undefined &&
            !spec.baseRoles.includes(t) &&
            !Object.hasOwn(spec.roleAliases, t) &&
            !entered('ROLE_OVERFLOW', u.id, t)
          )
            extra.push({ checkId: 'VAL-OVERFLOW-REGISTER', unitId: u.id });
        }
        for (const e of m?.edges ?? []) {
          const t = e.specializedRelation;
          if (
            t !== undefined &&
            !spec.baseRelations.includes(t) &&
            !Object.hasOwn(spec.relationAliases, t) &&
            !entered('RELATION_OVERFLOW', e.id, t)
          )
            extra.push({ checkId: 'VAL-OVERFLOW-REGISTER', unitId: e.id });
        }
        return verdict([...reference(s, a).findings, ...extra]);
      },
    ),
    'valid-promotion-by-edge': adapter(
      'wants every unit with w >= 0.85 to be a <node> itself (an edge to a node is not enough)',
      (s, a) => {
        const ref = reference(s, a);
        const m = modelOf(a);
        if (!m || ref.findings.some((f) => f.checkId === 'VAL-ID-UNIQUE' || f.checkId === 'VAL-EDGE-REF')) return ref;
        const { divisor, deg } = centralityDivisor(m, spec);
        const nodes = new Set(m.nodes);
        const critical = m.units.filter((u) => {
          const w = exactWeight(u.modifiers, deg[u.index]!, divisor, spec);
          return w.num >= spec.promotion['PM-01'] * w.den && !nodes.has(u.id);
        });
        return verdict([
          ...ref.findings,
          ...critical.map((u): UasFinding => ({ checkId: 'VAL-PROMOTION', unitId: u.id })),
        ]);
      },
    ),
    'valid-list-spacing': adapter(
      'splits weight_modifiers and concept_refs at each space, keeping the empty pieces',
      (s, a) => {
        const extra: UasFinding[] = [];
        for (const m of a.matchAll(/\s(weight_modifiers|concept_refs)=(["'])(.*?)\2/g)) {
          // What the parser hands on: line ends normalized, then each raw tab or line end a space.
          const v = m[3]!.replace(/\r\n?/g, '\n').replace(/[\t\n]/g, ' ');
          if (v !== '' && v.split(' ').includes(''))
            extra.push({ checkId: m[1] === 'concept_refs' ? 'VAL-CONCEPT-REF' : 'VAL-WEIGHT-FORMULA' });
        }
        return verdict([...reference(s, a).findings, ...extra]);
      },
    ),
    'valid-long-unit': adapter("reads a unit's text into a buffer of 4 KiB", (s, a) => {
      const cut = (modelOf(a)?.units ?? []).filter((u) => u.mode === 'VERBATIM_FULL' && utf8(u.text).length > 4096);
      return verdict([
        ...reference(s, a).findings,
        ...cut.map((u): UasFinding => ({ checkId: 'VAL-VERBATIM', unitId: u.id })),
      ]);
    }),
    'valid-manifest-text': adapter('takes text inside <source_manifest> for stray text', (s, a) => {
      const inside = /<source_manifest\b[^>]*[^/]>([^<]*)<\/source_manifest>/.exec(a);
      return inside && /\S/.test(inside[1]!)
        ? verdict([...reference(s, a).findings, { checkId: 'VAL-ELEMENT-ORDER' }])
        : reference(s, a);
    }),
  },
  'VAL-XML-WELL-FORMED': {
    doctype: reading('honours a DOCTYPE and its entities', (a) => {
      const entities: [string, string][] = [];
      const rest = a.replace(/<!DOCTYPE[^[>]*(?:\[([\s\S]*?)\])?\s*>\s*/, (_m, subset: string | undefined) => {
        for (const e of (subset ?? '').matchAll(/<!ENTITY\s+([\w.-]+)\s+"([^"]*)"\s*>/g)) entities.push([e[1]!, e[2]!]);
        return '';
      });
      return entities.reduce((x, [n, v]) => x.split(`&${n};`).join(v), rest);
    }),
    'html-entity': reading('knows the HTML entities', (a) =>
      a.replace(/&([A-Za-z0-9]+);/g, (m, n: string) => (Object.hasOwn(HTML, n) ? HTML[n]! : m)),
    ),
    'raw-cdata-end': reading('lets "]]>" stand in text', (a) =>
      a
        .split(/(<!\[CDATA\[[\s\S]*?\]\]>)/)
        .map((part, i) => (i % 2 === 1 ? part : part.replace(/\]\]>/g, ']]&gt;')))
        .join(''),
    ),
    'illegal-char': reading('never checks the Char production', (a) => dropBadRefs(a.replace(NOT_CHAR_RAW, ''))),
    'duplicate-attribute': reading('keeps the first of repeated attributes', (a) =>
      a.replace(/<[\w.:-]+(?:\s+[\w.:-]+\s*=\s*(?:"[^"]*"|'[^']*'))+\s*\/?>/g, (tag) => {
        const seen = new Set<string>();
        return tag.replace(/\s+([\w.:-]+)\s*=\s*(?:"[^"]*"|'[^']*')/g, (attr, n: string) =>
          seen.has(n) ? '' : (seen.add(n), attr),
        );
      }),
    ),
    'comment-double-hyphen': reading('lets "--" stand in comments', (a) =>
      a.replace(
        /<!--([\s\S]*?)-->/g,
        (_m, body: string) => `<!--${body.replace(/-(?=-)/g, '- ').replace(/-$/, '- ')}-->`,
      ),
    ),
    'misplaced-declaration': reading('skips XML declarations wherever they are', (a) =>
      a.replace(/<\?xml\b[^?]*\?>/gi, ''),
    ),
    'content-outside-root': reading('reads the root element and nothing around it', (a) => {
      const end = a.indexOf(`</${spec.rootElement}>`);
      const kept = end < 0 ? a : a.slice(0, end + spec.rootElement.length + 3);
      // Text before the root, after the declaration: white space alone is no content (nor is a declaration after it).
      return kept.replace(/^((?:<\?xml[^>]*\?>)?\s*)[^<\s][^<]*(?=<)/, '$1');
    }),
    'tag-case-mismatch': reading('matches end tags without regard to case', (a) =>
      a.replace(/<\/([\w.:-]+)>/g, (_m, n: string) => `</${canonical(n, ELEMENTS)}>`),
    ),
    // An HTML-minded tokenizer: a `<` before white space or a digit opens no tag, so it is text (CDATA left as it is).
    'raw-less-than': reading('reads a "<" that opens no tag as text, in unit text', (a) =>
      unitBodies(a, (b) =>
        b
          .split(/(<!\[CDATA\[[\s\S]*?\]\]>)/)
          .map((part, i) => (i % 2 === 1 ? part : part.replace(/<(?=[\s0-9])/g, '&lt;')))
          .join(''),
      ),
    ),
    'markup-outside-units': reading('checks escaping only inside the units', (a) => outsideUnits(a, escapeStray)),
    // A `&` before a word that spells no entity and ends in no `;` ("R&D") is text to it; `&amp` or `&ltx;` are still references.
    'raw-ampersand': reading(
      "takes an & before a word that is no entity and ends in no ';' for text, in unit text",
      (a) =>
        unitBodies(a, (b) =>
          outsideLiterals(b, (part) =>
            part.replace(/&(?=([A-Za-z][\w.-]*)(?![\w.-]*;))/g, (m, name: string) =>
              /^(?:amp|lt|gt|quot|apos)/.test(name) ? m : '&amp;',
            ),
          ),
        ),
    ),
    'broken-reference': reading("decodes a predefined reference that lacks its ';' (as HTML's legacy entities)", (a) =>
      outsideLiterals(a, (part) =>
        part
          .replace(/&(amp|lt|gt|quot|apos)(?!;)/g, '&$1;')
          .replace(/&#([0-9]+)(?![0-9;])/g, '&#$1;')
          .replace(/&#x([0-9a-fA-F]+)(?![0-9a-fA-F;])/g, '&#x$1;'),
      ),
    ),
    'unbalanced-tag': reading(
      'ignores an end tag that closes no open element (as an HTML tree builder does)',
      strayEndTagsDropped,
    ),
    truncated: reading(
      'takes the end of the input for the end of the document, closing the elements still open',
      closedAtEnd,
    ),
  },
  'VAL-ELEMENT-ORDER': {
    // Looks each child of the root up in the pinned list, never at its place in it.
    'element-order': dropping(
      'checks that the children of the root are known, present and not repeated, not their order',
      (f) => f.checkId === 'VAL-ELEMENT-ORDER' && / is out of order in </.test(f.message ?? ''),
    ),
    // Checks that a container of elements holds elements of the format, any of them, not which container may hold which.
    'misplaced-element': dropping("checks a container's children against the children of every container", (f) => {
      const container = packet(f, 'failed_ref');
      return (
        f.checkId === 'VAL-ELEMENT-ORDER' &&
        f.unitId === undefined &&
        Object.hasOwn(spec.containerChildren, container) &&
        spec.containerChildren[container]!.length > 0 &&
        CHILDREN.includes(tokenOf(f))
      );
    }),
    // Reads the attributes of <source_manifest> and never looks at what it holds.
    'element-in-manifest': dropping(
      'reads only the attributes of <source_manifest>, never what it holds',
      (f) =>
        f.checkId === 'VAL-ELEMENT-ORDER' &&
        packet(f, 'failed_ref') === 'source_manifest' &&
        tokenOf(f) !== 'source_manifest' &&
        tokenOf(f) !== '#text',
    ),
    'element-in-unit': dropping(
      'takes a unit text content, whatever markup it holds',
      (f) => f.checkId === 'VAL-ELEMENT-ORDER' && f.unitId !== undefined,
    ),
    'stray-text': dropping(
      'ignores text between elements',
      (f) => f.checkId === 'VAL-ELEMENT-ORDER' && tokenOf(f) === '#text',
    ),
    'child-name-case': reading('matches the root children without regard to case', (a) => {
      const kids = spec.childOrder.map((c) => c.name);
      return a.replace(/<(\/?)([\w.:-]+)(?=[\s/>])/g, (m, slash: string, n: string) =>
        kids.some((k) => k.toLowerCase() === n.toLowerCase()) ? `<${slash}${canonical(n, kids)}` : m,
      );
    }),
  },
  'VAL-VERBATIM': {
    'mode-invalid': dropping(
      'reads a preservation mode it does not know as hash-only',
      (f) =>
        f.checkId === 'VAL-VERBATIM' && f.byteOffset === undefined && !MODES.includes(tokenOf(f).trim().toUpperCase()),
    ),
    'verbatim-empty': comparing('compares only a text that is there', (t) => t === ''),
    'verbatim-overrun': comparing('compares as many bytes as the span has', (t, b) => startsWith(utf8(t), b)),
    'verbatim-last-byte': comparing('stops the comparison one byte early', (t, b) => {
      const x = utf8(t);
      return x.length === b.length && x.subarray(0, -1).every((v, i) => v === b[i]);
    }),
    ...COMPARING_SLIPS,
    ...VERBATIM_SLIPS,
  },
  'VAL-MISMATCH-COORDINATES': {
    ...COMPARING_SLIPS,
    ...VERBATIM_SLIPS,
    // `firstDiff(text, source.subarray(start, start + text.length))`: the text is held against the source, not its span.
    'verbatim-overrun': locating(
      'locates the difference against the source from the span start on, reading past the span end',
      (t, b, s, start) => {
        const at = firstDiff(t, s.subarray(start, start + Math.max(t.length, b.length)));
        return start + (at < 0 ? t.length : at);
      },
    ),
    // `for (i = 0; i < n - 1; i++)` over a text of the span's length, then the end of the span when no byte differed.
    'verbatim-last-byte': locating(
      'compares a text of the span length one byte short, then reports the end of the span',
      (t, b, _s, start) => {
        if (t.length !== b.length) return start + firstDiff(t, b);
        for (let i = 0; i < t.length - 1; i++) if (t[i] !== b[i]) return start + i;
        return start + t.length;
      },
    ),
    'verbatim-empty': locating(
      'reports an empty text without an offset (there is no byte to point at)',
      (t, b, _s, start) => (t.length === 0 ? undefined : start + firstDiff(t, b)),
    ),
    'mismatch-mid-character': adapter('reports where the differing character starts', (s, a) =>
      verdict(
        reference(s, a).findings.map((f) =>
          f.checkId === 'VAL-VERBATIM' && f.byteOffset !== undefined
            ? { ...f, byteOffset: characterStart(s, f.byteOffset) }
            : f,
        ),
      ),
    ),
  },
  'VAL-SPAN-BOUNDS': {
    'span-whitespace': reading('strips white space from spans', (a) => spans(a, (v) => v.replace(/\s+/g, ''))),
    'span-prefix-case': reading('reads the bytes: prefix in any case', (a) =>
      spans(a, (v) => v.replace(/^bytes:/i, 'bytes:')),
    ),
    'span-number-spelling': reading('reads span numbers with Number()', (a) =>
      spans(a, (v) => {
        const m = /^bytes:(\S+)-(\S+)$/.exec(v);
        const [x, y] = m ? [Number(m[1]), Number(m[2])] : [NaN, NaN];
        return Number.isSafeInteger(x) && Number.isSafeInteger(y) && x >= 0 && y >= 0 ? `bytes:${x}-${y}` : v;
      }),
    ),
    // The digits are what it reads: `chars:A-B`, or a bare `A-B`, is a byte range to it.
    'span-out-of-bounds': reading('reads any unit:A-B, or a bare A-B, as a byte range', (a) =>
      spans(a, (v) => v.replace(/^(?:[a-z]+:)?([0-9]+)-([0-9]+)$/, 'bytes:$1-$2')),
    ),
    'span-empty': dropping(
      'refuses only spans that end before they start',
      (f) => f.checkId === 'VAL-SPAN-BOUNDS' && /^bytes:(\d+)-\1$/.test(tokenOf(f)),
    ),
    'span-past-end-by-one': dropping(
      'reads spans with a clamping slice',
      (f, s) => f.checkId === 'VAL-SPAN-BOUNDS' && Number(/^bytes:\d+-(\d+)$/.exec(tokenOf(f))?.[1]) === s.length + 1,
    ),
    'span-missing': dropping(
      'checks a span only when there is one',
      (f) => f.checkId === 'VAL-SPAN-BOUNDS' && tokenOf(f) === '',
    ),
  },
  'VAL-SOURCE-ORDER': {
    // `if (u.start < prev.start) reject`: the starts ascend, the ends are never looked at.
    'overlapping-spans': dropping(
      'checks that spans start in ascending order, not that they are disjoint',
      (f) =>
        f.checkId === 'VAL-SOURCE-ORDER' &&
        f.byteOffset !== undefined &&
        / overlaps the span of /.test(f.message ?? ''),
    ),
    // Non-decreasing from 1: a skipped or a repeated number passes.
    'source-order-gap': numbering(
      'checks only that source_order starts at 1 and never goes down',
      (o) => !o.every((x, i) => DECIMAL.test(x) && (i === 0 ? x === '1' : Number(x) >= Number(o[i - 1]))),
    ),
    'source-order-offset': numbering(
      'checks only that source_order counts up by one',
      (o) => !o.every((x, i) => /^(0|[1-9][0-9]*)$/.test(x) && (i === 0 || Number(x) === Number(o[i - 1]) + 1)),
    ),
    'source-order-spelling': numbering(
      'reads source_order with Number()',
      (o) => !o.every((x, i) => x.trim() !== '' && Number(x) === i + 1),
    ),
    'source-order-missing': numbering(
      'checks source_order only when there is one',
      (o) => !o.every((x, i) => x === '' || x === String(i + 1)),
    ),
    // `new Set(orders)` against 1..n: each number once, in any order.
    'out-of-order-units': numbering(
      'checks that source_order numbers each unit once (1..n in any order), not in document order',
      (o) => [...o].sort((x, y) => Number(x) - Number(y)).join(' ') !== o.map((_, i) => String(i + 1)).join(' '),
    ),
  },
  'VAL-ROOT-HASH': {
    ...Object.fromEntries(
      Object.entries(DIGEST_SLIPS).map(([form, [name, ok]]) => [
        `root-hash-${form}`,
        rootJudged(name, ok, exactLength),
      ]),
    ),
    // Also takes the digest of the source as a file read in text mode gives it (CR LF as LF).
    'root-hash-tamper': rootJudged(
      'also accepts the hash of the source with its line ends as LF',
      (c, hex, s) => strictDigest(c, hex) || strictDigest(c, sha(utf8(lfText(lenient.decode(s))))),
      exactLength,
    ),
    'byte-length-wrong': rootJudged(
      'counts the length in characters',
      strictDigest,
      (l, s) => l === String(lenient.decode(s).length),
    ),
    'byte-length-spelling': rootJudged(
      'reads byte_length with Number()',
      strictDigest,
      (l, s) => Number(l) === s.length,
    ),
  },
  'VAL-SPAN-HASH': {
    ...Object.fromEntries(
      Object.entries(DIGEST_SLIPS).map(([form, [name, ok]]) => [`span-hash-${form}`, spanJudged(name, ok)]),
    ),
    // Hashes what the unit says (its text, normalized) where it has text, and takes that digest too.
    'span-shift-hash': rejudging(
      'also accepts the hash of a span read as 1-based offsets',
      (f) => f.checkId === 'VAL-SPAN-HASH',
      (m, s) =>
        m.units
          .filter((u) => u.span && u.span.start < u.span.end && u.span.end <= s.length)
          .filter(
            (u) =>
              !strictDigest(u.spanSha256, sha(s.subarray(u.span!.start, u.span!.end))) &&
              !(u.span!.start >= 1 && strictDigest(u.spanSha256, sha(s.subarray(u.span!.start - 1, u.span!.end - 1)))),
          )
          .map((u) => ({ checkId: 'VAL-SPAN-HASH', unitId: u.id })),
    ),
    'span-hash-tamper': spanJudged(
      "also accepts the hash of a unit's text (NFC, line ends as LF)",
      (c, hex, u) =>
        strictDigest(c, hex) ||
        (u.text !== undefined && u.text !== '' && strictDigest(c, sha(utf8(lfText(u.text.normalize('NFC')))))),
    ),
  },
  'VAL-ID-UNIQUE': {
    'empty-id': dropping(
      'never checks that ids are not empty',
      (f) => f.checkId === 'VAL-ID-UNIQUE' && tokenOf(f) === '',
    ),
    // `if (new Set(ids).size < 2) return` before the scan for repeats: one id has nothing to repeat against.
    'single-id': dropping(
      'looks for repeated ids only in a document that declares two distinct ids or more',
      (f, _s, a) => {
        const m = modelOf(a);
        return (
          f.checkId === 'VAL-ID-UNIQUE' &&
          tokenOf(f) !== '' &&
          m !== undefined &&
          new Set([...m.units, ...m.concepts, ...m.edges].map((x) => x.id)).size < 2
        );
      },
    ),
    'edge-id-reuse': rejudging(
      'keeps edge ids in a table of their own',
      (f) => f.checkId === 'VAL-ID-UNIQUE',
      idsByTable,
    ),
    // `counts[id] = (counts[id] || 0) + 1` on a plain object: an inherited name never counts to 2.
    'inherited-id-twice': dropping(
      'counts ids in a plain object',
      (f) => f.checkId === 'VAL-ID-UNIQUE' && tokenOf(f) in {},
    ),
  },
  'VAL-MIGRATION-REPORT': {
    // Knows one root, its own: a legacy container as the root is just a wrong root to it.
    'legacy-root': adapter('takes a legacy container for a wrong root element (VAL-ELEMENT-ORDER)', (s, a) => {
      const root = readArtifact(a, spec);
      const legacy = root.ok && spec.legacyContainers.includes(root.rootName);
      return verdict(
        reference(s, a).findings.map((f) =>
          legacy && f.checkId === 'VAL-MIGRATION-REPORT' ? { ...f, checkId: 'VAL-ELEMENT-ORDER' } : f,
        ),
      );
    }),
    'migration-report-empty': migrationJudged(
      'is content with any migration report',
      legacyByPin,
      (listed, legacy) =>
        (legacy !== undefined && listed !== undefined && listed.length === 0) || exactReport(listed, legacy),
    ),
    'migration-extra-container': migrationJudged(
      'checks that the report includes the container',
      legacyByPin,
      (listed, legacy) => (legacy === undefined ? (listed ?? []).length === 0 : (listed ?? []).includes(legacy)),
    ),
    'migration-name-variant': reading('compares container names loosely', (a) =>
      a.replace(
        /(<migrated_container\b[^>]*?\sname=)(["'])(.*?)\2/g,
        (_m, head: string, q: string, n: string) =>
          `${head}${q}${canonical(n.replace(/&lt;|&gt;|[<>]/g, '').trim(), spec.legacyContainers)}${q}`,
      ),
    ),
    'migration-near-miss': migrationJudged(
      'looks for the container tag anywhere in the first bytes',
      tagAnywhere,
      exactReport,
    ),
    'legacy-after-space': migrationJudged(
      'looks for the container at the very start of the source (after a byte order mark), skipping no white space',
      legacyAtStart,
      exactReport,
    ),
  },
};

/**
 * Slips of VAL-INTERCEPT-PACKET by family. Not in `byFamily`: the slip is in the packets, which a
 * case's claim (the verdict and its findings) does not describe, so the claims contract cannot
 * tell the family's cases from the others'; `intercept-family.test.ts` proves each by the check's
 * own judgement instead (a default run fails on the family, and passes on every other case).
 */
export const interceptSlips: Readonly<Record<string, Adapter>> = {
  // Copy-pasted from invalid_token: a finding about a span out of bounds names the span, not its unit (a rule no other family breaks).
  'one-rule': adapter(
    'writes the span into failed_ref too, for a VAL-SPAN-BOUNDS finding (the span is what failed)',
    (s, a) =>
      verdict(
        reference(s, a).findings.map((f) =>
          f.checkId === 'VAL-SPAN-BOUNDS'
            ? ({
                ...f,
                intercept: f.intercept.replace(
                  /<failed_ref>[^<]*<\/failed_ref>/,
                  () => `<failed_ref>${f.intercept.match(/<invalid_token>([^<]*)<\/invalid_token>/)![1]}</failed_ref>`,
                ),
              } as UasFinding)
            : f,
        ),
      ),
  ),
  // One packet per unit, cached by its id: a unit's second finding, of another rule, gets the first's.
  'several-rules': adapter("reuses the packet of a unit's first finding for every finding about it", (s, a) => {
    const first = new Map<string, string>();
    return verdict(
      reference(s, a).findings.map((f) => {
        if (f.unitId === undefined) return f;
        const cached = first.get(f.unitId);
        if (cached === undefined) first.set(f.unitId, f.intercept);
        return cached === undefined ? f : ({ ...f, intercept: cached } as UasFinding);
      }),
    );
  }),
  // `<failed_ref>${ref}</failed_ref>`: an id holding `&` or `<` makes the packet ill-formed.
  'markup-in-id': adapter('writes failed_ref without escaping it', (s, a) =>
    verdict(
      reference(s, a).findings.map(
        (f) =>
          ({
            ...f,
            intercept: f.intercept.replace(
              /<failed_ref>[^<]*<\/failed_ref>/,
              () => `<failed_ref>${packet(f, 'failed_ref')}</failed_ref>`,
            ),
          }) as UasFinding,
      ),
    ),
  ),
  // `unitId` = the id of the unit the finding is about, whatever it holds: a white-space id cannot be the packet's trimmed failed_ref.
  'blank-id': adapter('names the unit a finding is about by its id, white space only or not', (s, a) => {
    const blank = modelOf(a)?.units.find((u) => u.id !== '' && u.id.trim() === '')?.id;
    return verdict(
      reference(s, a).findings.map((f) =>
        blank !== undefined && f.unitId === undefined ? { ...f, unitId: blank } : f,
      ),
    );
  }),
  // `failed_ref` read off the element the finding is about: a document without <source_manifest> leaves it empty.
  'structure-findings': adapter(
    'takes failed_ref from the <source_manifest> element, empty when there is none',
    (s, a) =>
      verdict(
        reference(s, a).findings.map((f) =>
          packet(f, 'failed_ref') === 'source_manifest' && !/<source_manifest[\s/>]/.test(a)
            ? ({
                ...f,
                intercept: f.intercept.replace(/<failed_ref>[^<]*<\/failed_ref>/, '<failed_ref></failed_ref>'),
              } as UasFinding)
            : f,
        ),
      ),
  ),
  // `failed_ref` = the reference the finding is about, whatever it holds: a blank one names nothing.
  'blank-ref': adapter('copies the failing reference into failed_ref, blank or not', (s, a) =>
    verdict(
      reference(s, a).findings.map(
        (f) =>
          (f.checkId === 'VAL-EDGE-REF' && packet(f, 'failed_ref') === 'UAS_Document'
            ? {
                ...f,
                intercept: f.intercept.replace(
                  /<failed_ref>[^<]*<\/failed_ref>/,
                  () => `<failed_ref>${f.intercept.match(/<invalid_token>([^<]*)<\/invalid_token>/)![1]}</failed_ref>`,
                ),
              }
            : f) as UasFinding,
      ),
    ),
  ),
};
