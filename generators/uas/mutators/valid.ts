import type { UasSpec } from '../../../src/spec/uas.js';
import { compileUas, representable } from '../compile.js';
import type { GenDoc } from '../model.js';
import { choose, type UasMutator, uasMutator } from '../mutation.js';
import { centralityDivisor, exactHundredths, promotionBreaks } from '../weights.js';
import { serializeUas } from '../serialize.js';
import type { UasSource } from '../source.js';
import { textBoundaries } from './structure.js';
import { reserialize } from './util.js';

/** A hex digest in upper case, or in mixed case (D-UAS-09: any case). */
const recased = (hex: string, mixed: boolean): string =>
  mixed ? [...hex].map((c, i) => (i % 2 ? c.toUpperCase() : c)).join('') : hex.toUpperCase();

/** XML declarations the generator never writes otherwise, each one XML 1.0 admits (D-UAS-04: any 1.x version). */
const DECLARATIONS = [
  '<?xml version="1.1"?>',
  '<?xml version="1.0" encoding="utf-8" standalone="yes"?>',
  "<?xml version='1.0' standalone='no'?>",
  '<?xml  version = "1.0"  encoding = "UTF-8" ?>',
  '<?xml version="1.9" encoding="UTF-8"?>',
  '\uFEFF<?xml version="1.0" encoding="UTF-8"?>',
];

/** Markup that reads as nothing inside a unit's text: a comment, a processing instruction. */
const INVISIBLE = ['<!-- kept as written -->', '<?uas-note verbatim?>', '<!---->', '<?pi?><!-- x -->'];

/**
 * Other plain spellings of a two-decimal weight (D-UAS-10): the shortest (`0.8`, `1`, `0.5`) and
 * with more zeros (`0.800`, `1.0000`). The generator writes two decimals otherwise.
 */
function weightSpellings(w: string): string[] {
  const shortest = w.replace(/0+$/, '').replace(/\.$/, '');
  return [...new Set([shortest, `${w}0`, `${w}000`, ...(shortest.includes('.') ? [] : [`${shortest}.0`])])].filter(
    (x) => x !== w,
  );
}

/**
 * A critical unit (w >= PM-01) that is a `<node>` and has an edge to another element that may be
 * one, that element made a node and the unit not: PM-01 holds by adjacency (an edge joins it to a
 * node), the unit's end of the edge the source or the target as `pick` says, where it can.
 */
function promotedByEdge(doc: GenDoc, spec: UasSpec, pick: number): boolean {
  const divisor = centralityDivisor(doc, spec);
  const critical = new Set(
    doc.units
      .filter((u) => doc.nodes.includes(u.id) && exactHundredths(doc, u, spec, divisor) >= spec.promotion['PM-01'])
      .map((u) => u.id),
  );
  const kindOf = (id: string) =>
    doc.units.some((u) => u.id === id) ? 'unit' : doc.concepts.some((c) => c.id === id) ? 'concept' : 'edge';
  const joins = doc.edges.filter(
    (e) => e.target !== undefined && e.target !== e.source && (critical.has(e.source) || critical.has(e.target)),
  );
  const end = (e: GenDoc['edges'][number], source: boolean): string => (source ? e.source : e.target!);
  const asSource = pick % 2 === 0;
  const preferred = joins.filter((e) => critical.has(end(e, asSource)));
  const e = choose(preferred.length > 0 ? preferred : joins, pick >> 1);
  if (!e) return false;
  const fromSource = critical.has(end(e, asSource)) ? asSource : !asSource;
  const [u, v] = [end(e, fromSource), end(e, !fromSource)];
  if (!spec.referenceKinds.node.includes(kindOf(v))) return false;
  doc.nodes = doc.nodes.filter((n) => n !== u);
  if (!doc.nodes.includes(v)) doc.nodes.push(v);
  return promotionBreaks(doc, spec).length === 0;
}

/**
 * White space between the tokens of a list attribute other than one space (docs/uas-format.md: a
 * list is split at each U+0020 and empty pieces are dropped): a gap of several, and raw tabs and
 * line ends, which attribute normalization reads as spaces (XML 1.0 §3.3.3; a CRLF is one line end).
 */
const LIST_GAPS = ['  ', ' \t', '\r\n ', '\t', '\n'];
const LIST_EDGES = [' ', '', '\t ', '\n'];

/** The source with block `i` repeated (one line end between copies) until it holds at least `length` bytes. */
function withLongBlock(src: UasSource, i: number, length: number): UasSource {
  const b = src.blocks[i]!;
  const piece = src.bytes.subarray(b.start, b.end);
  const copies = Math.ceil((length + 1) / (piece.length + 1));
  const long = new Uint8Array(copies * (piece.length + 1) - 1).fill(0x0a);
  for (let k = 0; k < copies; k++) long.set(piece, k * (piece.length + 1));
  const grow = long.length - piece.length;
  const bytes = new Uint8Array(src.bytes.length + grow);
  bytes.set(src.bytes.subarray(0, b.start));
  bytes.set(long, b.start);
  bytes.set(src.bytes.subarray(b.end), b.start + long.length);
  // Every block lies after a legacy container's opening tag, which therefore stays where it was.
  const blocks = src.blocks.map((x, j) =>
    j < i ? x : j === i ? { ...x, end: x.start + long.length } : { ...x, start: x.start + grow, end: x.end + grow },
  );
  return { ...src, bytes, blocks };
}

/**
 * Valid documents written in ways the generator never writes otherwise, each its own family of
 * VAL-VALID-ACCEPTED (they break nothing): digests in upper or mixed case, comments and
 * processing instructions inside a verbatim unit's text, a manifest without the optional
 * `byte_length`, XML declarations of every form XML 1.0 admits, weights in other plain spellings
 * (`1`, `0.5`), an overflow entry without its optional token, PM-01 met by an edge to a node. A
 * verifier that compares digests case-sensitively, reads comments as text, requires `byte_length`,
 * demands `version="1.0"`, reads weights of two decimals only, matches overflow entries by their
 * token, or wants every critical unit to be a node itself rejects them. So does one that splits
 * token lists at every space keeping the empty pieces, reads a unit's text through a buffer of
 * 4 KiB, or takes text inside `<source_manifest>` for stray text: lists spaced loosely (raw tabs
 * and line ends too), a verbatim unit of several KiB, a manifest with text.
 */
export const validVariants: UasMutator[] = [
  uasMutator('valid-digest-case', 'VAL-VALID-ACCEPTED', (d, p) => {
    const which = p[0] % 3; // 0: every digest, 1: the root's only, 2: the spans' only
    const mixed = p[1] % 2 === 1;
    const out = reserialize(d, (doc) => {
      if (which !== 2) doc.rootSha256 = recased(doc.rootSha256, mixed);
      if (which !== 1) for (const u of doc.units) u.spanSha256 = recased(u.spanSha256, mixed);
    });
    return out.xml === d.out.xml ? null : { source: d.source.bytes, artifact: out.xml, expected: [] };
  }),
  uasMutator('valid-split-text', 'VAL-VALID-ACCEPTED', (d, p) => {
    const u = choose(
      d.doc.units.filter((x) => x.mode === 'VERBATIM_FULL'),
      p[0],
    );
    const at = u && choose(textBoundaries(d, u.id), p[1]);
    if (at === undefined) return null;
    return {
      source: d.source.bytes,
      artifact: d.out.xml.slice(0, at) + INVISIBLE[p[2] % INVISIBLE.length] + d.out.xml.slice(at),
      expected: [],
    };
  }),
  uasMutator('valid-no-byte-length', 'VAL-VALID-ACCEPTED', (d) => {
    // `byte_length` is optional (D-UAS-09: checked when present); the generator always writes it otherwise.
    const artifact = d.out.xml.replace(/(<source_manifest\b[^>]*?)\sbyte_length\s*=\s*(["'])[0-9]+\2/, '$1');
    return artifact === d.out.xml ? null : { source: d.source.bytes, artifact, expected: [] };
  }),
  uasMutator('valid-declaration', 'VAL-VALID-ACCEPTED', (d, p) => {
    const body = d.out.xml.replace(/^<\?xml[^>]*\?>\n/, '');
    return { source: d.source.bytes, artifact: `${DECLARATIONS[p[0] % DECLARATIONS.length]}\n${body}`, expected: [] };
  }),
  uasMutator('valid-weight-spelling', 'VAL-VALID-ACCEPTED', (d, p) => {
    // Weights in other plain spellings of their value (D-UAS-10): `1`, `0.5`, `0.850`; each unit's
    // spelling picked, the shortest first in line.
    const out = reserialize(d, (doc) => {
      doc.units.forEach((u, i) => {
        const ways = weightSpellings(u.weight!);
        u.weight = choose(ways, p[0] % 2 === 0 ? 0 : p[1] + i) ?? u.weight;
      });
    });
    return out.xml === d.out.xml ? null : { source: d.source.bytes, artifact: out.xml, expected: [] };
  }),
  uasMutator('valid-overflow-no-token', 'VAL-VALID-ACCEPTED', (d, p) => {
    // An overflow entry without its optional token: it registers any specialized token of the
    // element it names (D-UAS-08).
    const entries = d.doc.ambiguities.filter(
      (a) => (a.type === 'ROLE_OVERFLOW' || a.type === 'RELATION_OVERFLOW') && a.token !== undefined,
    );
    const a = choose(entries, p[0]);
    if (!a) return null;
    const at = d.doc.ambiguities.indexOf(a);
    const out = reserialize(d, (doc) => void delete doc.ambiguities[at]!.token);
    return { source: d.source.bytes, artifact: out.xml, expected: [] };
  }),
  uasMutator('valid-promotion-by-edge', 'VAL-VALID-ACCEPTED', (d, p) => {
    // PM-01 met by an edge, in either direction, to a node rather than by a node of the unit's own.
    let ok = false;
    const out = reserialize(d, (doc) => void (ok = promotedByEdge(doc, d.spec, p[0])));
    return ok ? { source: d.source.bytes, artifact: out.xml, expected: [] } : null;
  }),
  uasMutator('valid-list-spacing', 'VAL-VALID-ACCEPTED', (d, p) => {
    // `weight_modifiers` and `concept_refs` spaced loosely: another gap between tokens, white space
    // before and after them; the tokens are the same.
    let k = 0;
    const artifact = d.out.xml.replace(
      /(\s(?:weight_modifiers|concept_refs)=)(["'])(.*?)\2/g,
      (_m, head: string, q: string, v: string) => {
        const gap = LIST_GAPS[(p[0] + k) % LIST_GAPS.length]!;
        const [lead, trail] = [
          LIST_EDGES[(p[1] + k) % LIST_EDGES.length]!,
          LIST_EDGES[(p[2] + k++) % LIST_EDGES.length]!,
        ];
        return `${head}${q}${lead}${v.split(' ').join(gap)}${trail}${q}`;
      },
    );
    return artifact === d.out.xml ? null : { source: d.source.bytes, artifact, expected: [] };
  }),
  uasMutator('valid-long-unit', 'VAL-VALID-ACCEPTED', (d, p) => {
    // A verbatim unit of several KiB (a section kept whole): one block of the source repeated past
    // 4 KiB of UTF-8, and the source compiled again.
    const i = p[0] % d.source.blocks.length;
    const b = d.source.blocks[i]!;
    if (representable(d.source.bytes.subarray(b.start, b.end)) === undefined) return null;
    const source = withLongBlock(d.source, i, 4500 + (p[2] % 4000));
    const doc = compileUas(source, p[1], d.spec);
    if (doc.units[i]?.mode !== 'VERBATIM_FULL') return null;
    return { source: source.bytes, artifact: serializeUas(doc, d.style, d.spec).xml, expected: [] };
  }),
  uasMutator('valid-manifest-text', 'VAL-VALID-ACCEPTED', (d, p) => {
    // Text inside `<source_manifest>`, which holds no element and whose text is not read (D-UAS-03).
    const text = ['UTF-8 source, hashed as received', '\n  raw input &amp; its digest\n', 'manifest'][p[0] % 3]!;
    const artifact = d.out.xml.replace(
      /(<source_manifest\b[^>]*?)\s*\/>/,
      (_m, open: string) => `${open}>${text}</source_manifest>`,
    );
    return artifact === d.out.xml ? null : { source: d.source.bytes, artifact, expected: [] };
  }),
];
