import type { UasValidDocument } from '../document.js';
import type { GenDoc, GenUnit } from '../model.js';
import { choose, firstDiff, type ExpectedFinding, type UasMutation, type UasMutator, uasMutator } from '../mutation.js';
import { flipNibble, rebuild, spanBytes, utf8, withChild } from './util.js';

/** One rule broken on one unit (or on the document), as a change to the document and the finding it makes. */
interface Break {
  checkId: ExpectedFinding['checkId'];
  /** Undefined when this document offers nothing to break this way. */
  apply(d: UasValidDocument, doc: GenDoc, u: GenUnit): ExpectedFinding | undefined;
}

/** Unit `u` of a copy of the document. */
const own = (doc: GenDoc, u: GenUnit): GenUnit => doc.units.find((x) => x.id === u.id)!;

/** An edge id no element of `doc` declares. */
function freshEdgeId(doc: GenDoc): string {
  const used = new Set([...doc.units, ...doc.concepts, ...doc.edges].map((x) => x.id));
  let k = doc.edges.length + 1;
  while (used.has(`edge_${k}`)) k++;
  return `edge_${k}`;
}

/**
 * Rules that can break side by side without one hiding another: each touches the one unit (or only
 * the document's manifest or migration report, or elements it adds), and none feeds a rule another
 * one reads (an id or a reference that breaks makes the graph unsound, so weights and promotion are
 * not judged, D-UAS-10; the weight range still is).
 */
const BREAKS: Break[] = [
  {
    checkId: 'VAL-ROLE-ENUM',
    apply: (d, doc, u) => {
      const token = ['HYPOTHESIS', 'RULE', 'NOTE'].find((t) => !d.spec.baseRoles.includes(t));
      if (!token) return undefined;
      own(doc, u).baseRole = token;
      return { checkId: 'VAL-ROLE-ENUM', unitId: u.id };
    },
  },
  {
    checkId: 'VAL-SPAN-HASH',
    apply: (_d, doc, u) => {
      own(doc, u).spanSha256 = flipNibble(u.spanSha256, u.start + 7);
      return { checkId: 'VAL-SPAN-HASH', unitId: u.id };
    },
  },
  {
    checkId: 'VAL-WEIGHT-RANGE',
    apply: (_d, doc, u) => {
      own(doc, u).weight = '1.50';
      return { checkId: 'VAL-WEIGHT-RANGE', unitId: u.id };
    },
  },
  {
    checkId: 'VAL-SOURCE-ORDER',
    apply: (d, doc, u) => {
      own(doc, u).sourceOrder = String(d.doc.units.length + 5);
      return { checkId: 'VAL-SOURCE-ORDER', unitId: u.id };
    },
  },
  {
    checkId: 'VAL-VERBATIM',
    apply: (d, doc, u) => {
      if (u.mode !== 'VERBATIM_FULL') return undefined;
      const text = `${u.text!} [edited]`;
      own(doc, u).text = text;
      return {
        checkId: 'VAL-VERBATIM',
        unitId: u.id,
        byteOffset: u.start + firstDiff(utf8(text), spanBytes(d, u.start, u.end)),
      };
    },
  },
  {
    checkId: 'VAL-ID-UNIQUE',
    apply: (_d, doc, u) => {
      // The registry declares the unit's id once more (every other unit), or holds two concepts
      // the compiler left without an id: an id repeated, or the empty id repeated.
      const twin = doc.units.findIndex((x) => x.id === u.id) % 2 === 0;
      if (twin) doc.concepts.push({ id: u.id, term: 'twin', aliases: [] });
      else doc.concepts.push({ id: '', term: 'unnamed', aliases: [] }, { id: '', term: 'nameless', aliases: [] });
      return twin ? { checkId: 'VAL-ID-UNIQUE', unitId: u.id } : { checkId: 'VAL-ID-UNIQUE' };
    },
  },
  {
    checkId: 'VAL-EDGE-REF',
    apply: (d, doc, u) => {
      // An edge from the unit to an id nobody declares (a unit the compiler dropped).
      const ghost = ['unit_0', 'unit_999', 'unit_missing'].find(
        (g) => ![...doc.units, ...doc.concepts, ...doc.edges].some((x) => x.id === g),
      );
      if (ghost === undefined) return undefined;
      doc.edges.push({ id: freshEdgeId(doc), source: u.id, target: ghost, baseRelation: d.spec.baseRelations[0]! });
      return { checkId: 'VAL-EDGE-REF' };
    },
  },
  {
    checkId: 'VAL-ROOT-HASH',
    apply: (_d, doc) => {
      doc.rootSha256 = flipNibble(doc.rootSha256, 11);
      return { checkId: 'VAL-ROOT-HASH' };
    },
  },
  {
    checkId: 'VAL-MIGRATION-REPORT',
    apply: (d, doc) => {
      if (doc.migration) {
        doc.children = doc.children.filter((c) => c !== 'migration_report');
        delete doc.migration;
      } else {
        const name = d.spec.legacyContainers.find((n) => n !== d.source.nearMiss);
        if (!name) return undefined;
        doc.children = withChild(doc.children, 'migration_report', d.spec);
        doc.migration = [name];
      }
      return { checkId: 'VAL-MIGRATION-REPORT' };
    },
  },
];

/**
 * Documents that break two to four rules at once (for VAL-INTERCEPT-PACKET): a verifier whose
 * packets all name the first finding's check is seen, while all the findings about a unit are
 * about the same unit (a slip in `failed_ref` is another family's to catch). Not a mutator of one
 * rule: it is drawn by VAL-INTERCEPT-PACKET alone, and its cases claim every rule they break.
 */
export const severalRules: UasMutator = uasMutator('several-rules', 'VAL-INTERCEPT-PACKET', (d, p) => {
  const u = choose(d.doc.units, p[0])!;
  const count = 2 + (p[1] % 3);
  const start = p[2] % BREAKS.length;
  const chosen = [...BREAKS.slice(start), ...BREAKS.slice(0, start)].slice(0, count);
  let expected: ExpectedFinding[] = [];
  const m = rebuild(
    d,
    (doc) => {
      expected = chosen.map((b) => b.apply(d, doc, u)).filter((f): f is ExpectedFinding => f !== undefined);
    },
    [],
  );
  if (new Set(expected.map((f) => f.checkId)).size < 2) return null;
  return { ...m, expected };
});

/**
 * Unit ids a compiler may cut from the source's text (a heading of a CRLF source, say): each holds
 * `&`, `<`, `>` and a CR inside it. Ids are strings compared exactly (D-UAS-11), so these are ids
 * like any other; a packet that names one (`failed_ref`) must escape them as its XML requires, and
 * keep the CR as `&#13;` (raw, it reads as LF).
 */
const MARKUP_IDS = ['R&D <draft>\r\nnotes', '<T> & <U>\r\n2', 'a&b\r<c>d'];

/** Renames unit `from` to `to` in `doc`, and every reference to it. */
function renameUnit(doc: GenDoc, from: string, to: string): void {
  for (const u of doc.units) if (u.id === from) u.id = to;
  for (const e of doc.edges) {
    if (e.source === from) e.source = to;
    if (e.target === from) e.target = to;
  }
  doc.nodes = doc.nodes.map((n) => (n === from ? to : n));
  for (const a of doc.ambiguities) if (a.ref === from) a.ref = to;
}

/**
 * One rule broken on a unit whose id holds markup characters (for VAL-INTERCEPT-PACKET): the
 * finding names the unit, so its packet's `failed_ref` must read back as that id. A packet written
 * without escaping its text is not well-formed, and one that drops or keeps raw what it should
 * escape names another unit. Drawn by VAL-INTERCEPT-PACKET alone, like `severalRules`.
 */
export const markupInId: UasMutator = uasMutator('markup-in-id', 'VAL-INTERCEPT-PACKET', (d, p) =>
  breakRenamedUnit(d, p, MARKUP_IDS[p[2] % MARKUP_IDS.length]!, true),
);

/** The rules a case breaks on one unit, each a finding about that unit. */
const UNIT_BREAKS = BREAKS.filter((b) =>
  ['VAL-ROLE-ENUM', 'VAL-SPAN-HASH', 'VAL-WEIGHT-RANGE', 'VAL-SOURCE-ORDER', 'VAL-VERBATIM'].includes(b.checkId),
);

/**
 * A unit drawn by `p[0]` renamed `id`, then the first rule from `p[1]` on that this unit lets be
 * broken, broken on it; its claim names the unit when `named` (else it names none), or null when
 * no rule can be.
 */
function breakRenamedUnit(d: UasValidDocument, p: readonly number[], id: string, named: boolean): UasMutation | null {
  const u = choose(d.doc.units, p[0])!;
  const start = p[1]! % UNIT_BREAKS.length;
  let expected: ExpectedFinding[] = [];
  const m = rebuild(
    d,
    (doc) => {
      renameUnit(doc, u.id, id);
      const renamed = { ...u, id };
      for (const b of [...UNIT_BREAKS.slice(start), ...UNIT_BREAKS.slice(0, start)]) {
        const f = b.apply(d, doc, renamed);
        if (f) {
          const { unitId: _named, ...rest } = f;
          expected = [named ? f : rest];
          break;
        }
      }
    },
    [],
  );
  return expected.length === 0 ? null : { ...m, expected };
}

/**
 * Unit ids of white space only (XML's own: space, tab, CR, LF), written as references where raw
 * they would read otherwise. Non-empty, so ids like any other (D-UAS-11); but a packet's
 * `failed_ref` is read trimmed and may not be empty, so no packet can name one.
 */
const BLANK_IDS = [' ', '\t', '   ', ' \r\n '];

/**
 * One rule broken on a unit whose id is white space only (for VAL-INTERCEPT-PACKET): a finding
 * about it that carries a packet names no unit (`unitId` absent: its `failed_ref`, read trimmed,
 * could not be that id) and its packet names another element, the document say. The claim
 * therefore names no unit. Drawn by VAL-INTERCEPT-PACKET alone, like `severalRules`.
 */
export const blankId: UasMutator = uasMutator('blank-id', 'VAL-INTERCEPT-PACKET', (d, p) => {
  const id = BLANK_IDS[p[2] % BLANK_IDS.length]!;
  if ([...d.doc.units, ...d.doc.concepts, ...d.doc.edges].some((x) => x.id === id)) return null;
  return breakRenamedUnit(d, p, id, false);
});

/**
 * A `<node>` or a register entry (of a known type) whose `ref` names no element for want of a
 * value, or with white space around a declared id (for VAL-INTERCEPT-PACKET): VAL-EDGE-REF, about a
 * reference that is empty, a space, or padded. The packet's `failed_ref` is read trimmed, so a
 * packet that copies an empty or blank reference into it names nothing: it must name something
 * else (the document, say). Drawn by VAL-INTERCEPT-PACKET alone, like `severalRules`.
 */
export const blankRef: UasMutator = uasMutator('blank-ref', 'VAL-INTERCEPT-PACKET', (d, p) => {
  const declared = new Set([...d.doc.units, ...d.doc.concepts, ...d.doc.edges].map((x) => x.id));
  const id = choose(
    [...declared].filter((x) => x !== ''),
    p[2] >> 2,
  );
  // No value, a space, a tab (written `&#9;`), or a declared id after a space.
  const ref = ['', ' ', '\t', id === undefined ? '' : ` ${id}`][p[2] % 4]!;
  if (declared.has(ref)) return null;
  return rebuild(
    d,
    (doc) => {
      if (p[1] % 2 === 0) doc.nodes.push(ref);
      else
        doc.ambiguities.push({
          type: choose(d.spec.ambiguityTypes, p[0])!,
          ref,
          note: 'About a reference left blank.',
        });
    },
    [{ checkId: 'VAL-EDGE-REF' }],
  );
});
