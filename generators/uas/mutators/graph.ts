import type { UasElementKind, UasSpec } from '../../../src/spec/uas.js';
import { PROTOTYPE_NAMES } from '../compile.js';
import type { UasValidDocument } from '../document.js';
import { cloneDoc, type GenDoc, type GenEdge } from '../model.js';
import { choose, type UasMutation, type UasMutator, uasMutator } from '../mutation.js';
import { serializeUas } from '../serialize.js';
import { caseVariants } from './taxonomy.js';
import { rebuild, weightsKept } from './util.js';

/**
 * Topological severing (seed 003 §4 "Cognitive edges referencing non-existent target IDs; missing
 * concept registry tags", §5.1.3), references of the wrong kind (D-UAS-11), and identity collisions.
 *
 * The families of VAL-EDGE-REF and VAL-CONCEPT-REF each break one reference so that a single way of
 * resolving references leniently accepts it and no other does: by position (an edge's source, a
 * `<node>`, a register entry, where the target is what every verifier looks at first), by kind
 * (an edge's or a unit's id where another kind is required), and by spelling (an inherited name,
 * another case, white space, no value, the `id` of an element outside the namespace). A reference
 * that breaks the graph makes it unsound, so weights and promotion are not judged (D-UAS-10) and
 * an edge may be added for the purpose.
 */

/** Ids something points at: edge ends, nodes, register entries, concept references. */
function referenced(doc: GenDoc): Set<string> {
  return new Set([
    ...doc.edges.flatMap((e) => [e.source, e.target ?? '']),
    ...doc.nodes,
    ...doc.ambiguities.map((a) => a.ref),
    ...doc.units.flatMap((u) => u.conceptRefs),
  ]);
}

/** Ids no element declares, spelled as ids are (none of them a name JavaScript objects inherit). */
const GHOSTS = ['unit_999', 'CR-999', 'unit_0', 'edge_0', 'CR-000', 'unit-1', 'concept_1'];

/** The ids a document declares for each kind of element. */
function idsByKind(doc: GenDoc): Record<UasElementKind, string[]> {
  return { unit: doc.units.map((u) => u.id), concept: doc.concepts.map((c) => c.id), edge: doc.edges.map((e) => e.id) };
}

/** Every id the document declares. */
const declaredIds = (doc: GenDoc): Set<string> => new Set(Object.values(idsByKind(doc)).flat());

/** Declared ids of the kinds a reference may not name (D-UAS-11): the ids a wrong-kind reference uses. */
function wrongKindIds(
  doc: GenDoc,
  allowed: readonly UasElementKind[],
  kinds: readonly UasElementKind[] = ['unit', 'concept', 'edge'],
): string[] {
  const by = idsByKind(doc);
  const declaredAllowed = new Set(allowed.flatMap((k) => by[k]));
  return kinds
    .filter((k) => !allowed.includes(k))
    .flatMap((k) => by[k])
    .filter((id) => !declaredAllowed.has(id));
}

/** The kinds a register entry of `type` may name under `spec`. */
const entryKinds = (spec: UasSpec, type: string): readonly UasElementKind[] =>
  Object.hasOwn(spec.ambiguityRefKinds, type) ? spec.ambiguityRefKinds[type] : ['unit', 'concept', 'edge'];

/** The `id`s of the validation report's `<check>` elements: ids of elements outside the namespace (D-UAS-11). */
const CHECK_IDS = ['VAL-XML-WELL-FORMED', 'VAL-ROOT-HASH', 'VAL-SPAN-HASH', 'VAL-VERBATIM'];

/** The mutation a changed copy of the document makes. */
const emit = (d: UasValidDocument, doc: GenDoc, expected: UasMutation['expected']): UasMutation => ({
  source: d.source.bytes,
  artifact: serializeUas(doc, d.style, d.spec).xml,
  expected,
});

/** A new edge id, unused by any element. */
function freshEdgeId(doc: GenDoc): string {
  const used = declaredIds(doc);
  let k = doc.edges.length + 1;
  while (used.has(`edge_${k}`)) k++;
  return `edge_${k}`;
}

/**
 * The edge whose end a family rewrites: one of the document's, or (in one draw of four, and when
 * the document has none) a new edge from a unit or concept. A broken end makes the graph unsound,
 * so the new edge moves no judged weight.
 */
function edgeToBreak(d: UasValidDocument, doc: GenDoc, pick: number): GenEdge {
  const e = pick % 4 !== 0 ? choose(doc.edges, pick >> 2) : undefined;
  if (e) return e;
  const ends = [
    ...doc.units.map((u) => u.id),
    ...(d.spec.referenceKinds.edge.includes('concept') ? doc.concepts.map((c) => c.id) : []),
  ];
  const edge: GenEdge = {
    id: freshEdgeId(doc),
    source: ends[pick % ends.length]!,
    target: ends[(pick >> 3) % ends.length]!,
    baseRelation: d.spec.baseRelations[pick % d.spec.baseRelations.length]!,
  };
  doc.edges.push(edge);
  return edge;
}

/** A family that writes an edge's target: `target` gives the value (undefined: no attribute), or null when the document offers none. */
function targetMutator(
  family: string,
  target: (doc: GenDoc, d: UasValidDocument, p: readonly number[]) => string | undefined | null,
  weight = 1,
): UasMutator {
  return uasMutator(
    family,
    'VAL-EDGE-REF',
    (d, p) => {
      const doc = cloneDoc(d.doc);
      const e = edgeToBreak(d, doc, p[0]);
      const t = target(doc, d, p);
      if (t === null) return null;
      if (t === undefined) delete e.target;
      else e.target = t;
      return emit(d, doc, [{ checkId: 'VAL-EDGE-REF' }]);
    },
    weight,
  );
}

/** A ghost id: declared by nobody, the draw's choice. */
const ghost = (doc: GenDoc, pick: number): string | null => {
  const g = GHOSTS[pick % GHOSTS.length]!;
  return declaredIds(doc).has(g) ? null : g;
};

/** A declared id of a kind edges may join, in another case (not declared itself, none matching it but the original). */
function caseVariantOfDeclared(
  doc: GenDoc,
  _spec: UasSpec,
  kinds: readonly UasElementKind[],
  p: readonly number[],
): string | null {
  const by = idsByKind(doc);
  const id = choose(
    kinds.flatMap((k) => by[k]),
    p[1],
  );
  const declared = declaredIds(doc);
  const v =
    id === undefined
      ? undefined
      : choose(
          caseVariants(id).filter((x) => !declared.has(x) && !(x in {})),
          p[2],
        );
  return v === undefined || [...declared].filter((x) => x.toLowerCase() === v.toLowerCase()).length !== 1 ? null : v;
}

/** White space around a declared id (a raw space, `&#9;`, `&#10;`, a no-break space). */
const PADS: [string, string][] = [
  [' ', ''],
  ['', ' '],
  ['\t', ''],
  ['', '\n'],
  ['', '\u00a0'],
  [' ', ' '],
];

export const graphMutators: UasMutator[] = [
  targetMutator('dangling-edge', (doc, _d, p) => {
    // An edge target nobody declares: a ghost id, or a declared id with a suffix.
    const e = choose(doc.edges, p[0] >> 2);
    if (p[1] % 2 === 0 && e?.target !== undefined && !declaredIds(doc).has(`${e.target}_x`) && !(`${e.target}_x` in {}))
      return `${e.target}_x`;
    return ghost(doc, p[2]);
  }),
  uasMutator('dangling-edge-source', 'VAL-EDGE-REF', (d, p) => {
    // An edge source nobody declares: a verifier that checks only targets ("non-existent target IDs") misses it.
    const doc = cloneDoc(d.doc);
    const g = ghost(doc, p[2]);
    if (g === null) return null;
    edgeToBreak(d, doc, p[0]).source = g;
    return emit(d, doc, [{ checkId: 'VAL-EDGE-REF' }]);
  }),
  uasMutator('dangling-node', 'VAL-EDGE-REF', (d, p) => {
    // A `<node ref>` nobody declares.
    const doc = cloneDoc(d.doc);
    const g = ghost(doc, p[2]);
    if (g === null) return null;
    if (doc.nodes.length > 0 && p[1] % 2 === 0) doc.nodes[p[0] % doc.nodes.length] = g;
    else doc.nodes.push(g);
    return emit(d, doc, [{ checkId: 'VAL-EDGE-REF' }]);
  }),
  uasMutator('dangling-register-ref', 'VAL-EDGE-REF', (d, p) => {
    // A register entry (of a known type) about an element nobody declares. Every other draw, the
    // RELATION_OVERFLOW entry an edge left behind: the edge removed (or, in a document with no such
    // entry, an entry about an edge id nobody declares), which a verifier that takes whatever names
    // no unit and no concept for an edge accepts.
    const doc = cloneDoc(d.doc);
    if (
      p[1] % 2 === 1 &&
      d.spec.ambiguityTypes.includes('RELATION_OVERFLOW') &&
      entryKinds(d.spec, 'RELATION_OVERFLOW').includes('edge')
    ) {
      const left = choose(
        doc.ambiguities.filter((a) => a.type === 'RELATION_OVERFLOW' && doc.edges.some((e) => e.id === a.ref)),
        p[0],
      );
      if (left) doc.edges = doc.edges.filter((e) => e.id !== left.ref);
      else
        doc.ambiguities.push({
          type: 'RELATION_OVERFLOW',
          ref: freshEdgeId(doc),
          token: 'REFINES',
          note: 'About an edge that is not there.',
        });
      return emit(d, doc, [{ checkId: 'VAL-EDGE-REF' }]);
    }
    const g = ghost(doc, p[2]);
    if (g === null) return null;
    const type = choose(d.spec.ambiguityTypes, p[0])!;
    doc.ambiguities.push({ type, ref: g, note: 'About an element that is not there.' });
    return emit(d, doc, [{ checkId: 'VAL-EDGE-REF' }]);
  }),
  uasMutator('wrong-kind-ref', 'VAL-EDGE-REF', (d, p) => {
    // An edge end naming a declared element of a kind edges may not join (an edge: D-UAS-11).
    const doc = cloneDoc(d.doc);
    const e = edgeToBreak(d, doc, p[0]);
    const wrong = choose(wrongKindIds(doc, d.spec.referenceKinds.edge), p[2]);
    if (wrong === undefined) return null;
    if (p[1] % 2 === 0) e.target = wrong;
    else e.source = wrong;
    return emit(d, doc, [{ checkId: 'VAL-EDGE-REF' }]);
  }),
  uasMutator('node-wrong-kind', 'VAL-EDGE-REF', (d, p) => {
    // A `<node ref>` naming a declared element of a kind that cannot be a node (an edge).
    const doc = cloneDoc(d.doc);
    if (doc.edges.length === 0) edgeToBreak(d, doc, 0);
    const wrong = choose(wrongKindIds(doc, d.spec.referenceKinds.node), p[2]);
    if (wrong === undefined) return null;
    if (doc.nodes.length > 0 && p[1] % 2 === 0) doc.nodes[p[0] % doc.nodes.length] = wrong;
    else doc.nodes.push(wrong);
    return emit(d, doc, [{ checkId: 'VAL-EDGE-REF' }]);
  }),
  uasMutator('register-wrong-kind', 'VAL-EDGE-REF', (d, p) => {
    // A register entry naming a declared element of a kind its type may not name (a ROLE_OVERFLOW
    // entry on a concept, a COLLISION entry on a unit): added, so nothing the document relied on goes.
    const { spec } = d;
    const doc = cloneDoc(d.doc);
    const type = choose(spec.ambiguityTypes, p[0])!;
    const wrong = choose(wrongKindIds(doc, entryKinds(spec, type)), p[2]);
    if (wrong === undefined) return null;
    doc.ambiguities.push({
      type,
      ref: wrong,
      token: 'MISFILED',
      note: `A ${type} entry filed under the wrong element.`,
    });
    return emit(d, doc, [{ checkId: 'VAL-EDGE-REF' }]);
  }),
  targetMutator('ref-prototype-name', (doc, _d, p) => {
    // A name every JavaScript object inherits, declared by nobody: an id table asked `ref in ids` finds it.
    const t = PROTOTYPE_NAMES[p[2] % PROTOTYPE_NAMES.length]!;
    return declaredIds(doc).has(t) ? null : t;
  }),
  targetMutator('ref-case-variant', (doc, d, p) => caseVariantOfDeclared(doc, d.spec, d.spec.referenceKinds.edge, p)),
  targetMutator('ref-whitespace', (doc, d, p) => {
    // A declared id with white space around it: a verifier that trims references resolves it.
    const by = idsByKind(doc);
    const id = choose(
      d.spec.referenceKinds.edge.flatMap((k) => by[k]),
      p[1],
    );
    const [a, b] = PADS[p[2] % PADS.length]!;
    const v = id === undefined ? undefined : `${a}${id}${b}`;
    return v === undefined || declaredIds(doc).has(v) ? null : v;
  }),
  targetMutator('ref-missing', (_doc, _d, p) => (p[2] % 2 === 0 ? undefined : '')),
  targetMutator('ref-non-element-id', (doc, _d, p) => {
    // The `id` of a `<check>` of the validation report: an id, but not of a unit, concept or edge.
    if (!doc.children.includes('validation_report')) return null;
    const t = CHECK_IDS[p[2] % CHECK_IDS.length]!;
    return declaredIds(doc).has(t) ? null : t;
  }),
  ...conceptRefMutators(),
  uasMutator('duplicate-id', 'VAL-ID-UNIQUE', (d, p) => {
    const refs = referenced(d.doc);
    const overflow = new Set(d.doc.ambiguities.map((a) => a.ref));
    const variant = p[1] % 3;
    if (variant === 0) {
      // A unit nothing points at takes another unit's id.
      const free = d.doc.units.filter((u) => !refs.has(u.id) && !overflow.has(u.id));
      const u = choose(free, p[0]);
      const other =
        u &&
        choose(
          d.doc.units.filter((x) => x.id !== u.id),
          p[2],
        );
      if (!u || !other) return null;
      return rebuild(
        d,
        (doc) => {
          doc.units.find((x) => x.id === u.id)!.id = other.id;
        },
        [{ checkId: 'VAL-ID-UNIQUE' }],
      );
    }
    if (variant === 1) {
      const free = d.doc.edges.filter((e) => !overflow.has(e.id));
      const e = choose(free, p[0]);
      const other =
        e &&
        choose(
          d.doc.edges.filter((x) => x.id !== e.id),
          p[2],
        );
      if (!e || !other) return null;
      return rebuild(
        d,
        (doc) => {
          doc.edges.find((x) => x.id === e.id)!.id = other.id;
        },
        [{ checkId: 'VAL-ID-UNIQUE' }],
      );
    }
    const c = choose(
      d.doc.concepts.filter((x) => !refs.has(x.id)),
      p[0],
    );
    const target =
      c &&
      choose([...d.doc.concepts.filter((x) => x.id !== c.id).map((x) => x.id), ...d.doc.units.map((u) => u.id)], p[2]);
    if (!c || !target) return null;
    return rebuild(
      d,
      (doc) => {
        doc.concepts.find((x) => x.id === c.id)!.id = target;
      },
      [{ checkId: 'VAL-ID-UNIQUE' }],
    );
  }),
];

/**
 * The families of VAL-CONCEPT-REF: one unit's `concept_refs` gets one more reference (or loses the
 * concept it names): undeclared, of another kind, an inherited name, another case, a concept's term
 * or alias instead of its id, two ids joined by something other than a space, or a `<check>`'s id.
 */
function conceptRefMutators(): UasMutator[] {
  /** A family that adds `ref(doc, d, p)` to a unit's concept references. */
  const adding = (
    family: string,
    ref: (doc: GenDoc, d: UasValidDocument, p: readonly number[]) => string | null,
  ): UasMutator =>
    uasMutator(family, 'VAL-CONCEPT-REF', (d, p) => {
      const doc = cloneDoc(d.doc);
      const u = choose(doc.units, p[0])!;
      const r = ref(doc, d, p);
      if (r === null) return null;
      u.conceptRefs.splice(p[1] % (u.conceptRefs.length + 1), 0, r);
      return emit(d, doc, [{ checkId: 'VAL-CONCEPT-REF', unitId: u.id }]);
    });
  const conceptIds = (doc: GenDoc) => doc.concepts.map((c) => c.id);
  return [
    uasMutator(
      'dangling-concept',
      'VAL-CONCEPT-REF',
      (d, p) => {
        if (p[1] % 2 === 0) {
          // A reference to a concept the registry does not declare.
          const u = choose(d.doc.units, p[0])!;
          const g = ['CR-999', 'CR-000', 'CR-1000', 'RAG-1'][p[2] % 4]!;
          if (declaredIds(d.doc).has(g)) return null;
          return rebuild(
            d,
            (doc) => {
              doc.units.find((x) => x.id === u.id)!.conceptRefs.push(g);
            },
            [{ checkId: 'VAL-CONCEPT-REF', unitId: u.id }],
          );
        }
        // A concept the units use, missing from the registry (and used by nothing else).
        const graphRefs = new Set([
          ...d.doc.edges.flatMap((e) => [e.source, e.target ?? '']),
          ...d.doc.nodes,
          ...d.doc.ambiguities.map((a) => a.ref),
        ]);
        const c = choose(
          d.doc.concepts.filter(
            (x) => !graphRefs.has(x.id) && !(x.id in {}) && d.doc.units.some((u) => u.conceptRefs.includes(x.id)),
          ),
          p[0],
        );
        if (!c) return null;
        const user = d.doc.units.find((u) => u.conceptRefs.includes(c.id))!;
        const after = cloneDoc(d.doc);
        after.concepts = after.concepts.filter((x) => x.id !== c.id);
        // One concept fewer can move the centrality's divisor (n - 1 counting concepts): not this rule.
        if (!weightsKept(d.doc, after, d.spec)) return null;
        return emit(d, after, [{ checkId: 'VAL-CONCEPT-REF', unitId: user.id }]);
      },
      2,
    ),
    adding(
      'concept-ref-wrong-kind',
      (doc, d, p) => choose(wrongKindIds(doc, d.spec.referenceKinds.concept_refs), p[2]) ?? null,
    ),
    adding('concept-ref-prototype-name', (doc, _d, p) => {
      const t = PROTOTYPE_NAMES[p[2] % PROTOTYPE_NAMES.length]!;
      return declaredIds(doc).has(t) ? null : t;
    }),
    adding('concept-ref-case-variant', (doc, d, p) =>
      caseVariantOfDeclared(doc, d.spec, d.spec.referenceKinds.concept_refs, p),
    ),
    adding('concept-ref-by-term', (doc, _d, p) => {
      // A concept's term, expansion word or alias where its id belongs (PHASE-05 resolves them; a reference does not).
      const names = doc.concepts
        .flatMap((c) => [c.term, ...c.aliases, ...(c.expansion ? [c.expansion] : [])])
        .filter((n) => !/\s/.test(n) && n !== '');
      const n = choose(
        names.filter((x) => !declaredIds(doc).has(x) && !(x in {})),
        p[2],
      );
      return n ?? null;
    }),
    adding('concept-ref-separator', (doc, _d, p) => {
      // Two concept ids (or one and nothing) joined by a tab, a no-break space, a comma or a line
      // feed: one token that no concept declares, to a verifier that splits at spaces only.
      const ids = conceptIds(doc).filter((x) => !(x in {}));
      const a = choose(ids, p[2]);
      if (a === undefined) return null;
      const b = choose(ids, p[2] >> 3)!;
      const sep = ['\t', '\u00a0', ',', '\n', ';', '\u2003'][(p[2] >> 6) % 6]!;
      const t = (p[2] >> 9) % 2 === 0 ? `${a}${sep}${b}` : `${a}${sep}`;
      return declaredIds(doc).has(t) ? null : t;
    }),
    adding('concept-ref-non-element-id', (doc, _d, p) => {
      if (!doc.children.includes('validation_report')) return null;
      const t = CHECK_IDS[p[2] % CHECK_IDS.length]!;
      return declaredIds(doc).has(t) ? null : t;
    }),
  ];
}
