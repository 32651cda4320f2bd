import type { UasElementKind, UasSpec } from '../../../src/spec/uas.js';
import { PROTOTYPE_NAMES } from '../compile.js';
import { cloneDoc, type GenDoc } from '../model.js';
import { choose, type UasMutator, uasMutator } from '../mutation.js';
import { rebuild, weightsKept } from './util.js';

/** Ids something points at: edge ends, nodes, register entries, concept references. */
function referenced(doc: GenDoc): Set<string> {
  return new Set([...doc.edges.flatMap((e) => [e.source, e.target]), ...doc.nodes, ...doc.ambiguities.map((a) => a.ref), ...doc.units.flatMap((u) => u.conceptRefs)]);
}

/** Ids no element declares, the names every JavaScript object inherits among them. */
const GHOSTS = ['unit_999', 'CR-999', 'unit_0', ...PROTOTYPE_NAMES];

/** The ids a document declares for each kind of element. */
function idsByKind(doc: GenDoc): Record<UasElementKind, string[]> {
  return { unit: doc.units.map((u) => u.id), concept: doc.concepts.map((c) => c.id), edge: doc.edges.map((e) => e.id) };
}

/** Declared ids of the kinds a reference may not name (D-UAS-11): the ids a wrong-kind reference uses. */
function wrongKindIds(doc: GenDoc, allowed: readonly UasElementKind[]): string[] {
  const by = idsByKind(doc);
  const declaredAllowed = new Set(allowed.flatMap((k) => by[k]));
  return (['unit', 'concept', 'edge'] as const).filter((k) => !allowed.includes(k)).flatMap((k) => by[k]).filter((id) => !declaredAllowed.has(id));
}

/** The kinds a register entry of `type` may name under `spec`. */
const entryKinds = (spec: UasSpec, type: string): readonly UasElementKind[] => (Object.hasOwn(spec.ambiguityRefKinds, type) ? spec.ambiguityRefKinds[type] : ['unit', 'concept', 'edge']);

/** Topological severing (seed 003 §4, §5.1.3), references of the wrong kind, and identity collisions. */
export const graphMutators: UasMutator[] = [
  uasMutator('dangling-edge', 'VAL-EDGE-REF', (d, p) => {
    const variant = p[1] % 4;
    const ghost = GHOSTS[p[2] % GHOSTS.length];
    const declared = new Set(Object.values(idsByKind(d.doc)).flat());
    if (declared.has(ghost)) return null;
    if (variant < 2) {
      const e = choose(d.doc.edges, p[0]);
      if (!e || declared.has(`${e.target}_x`)) return null;
      return rebuild(d, (doc) => {
        const x = doc.edges.find((y) => y.id === e.id)!;
        if (variant === 0) x.target = `${x.target}_x`;
        else x.source = ghost;
      }, [{ checkId: 'VAL-EDGE-REF' }]);
    }
    if (variant === 2) {
      if (d.doc.nodes.length === 0) return null;
      return rebuild(d, (doc) => {
        doc.nodes[p[0] % doc.nodes.length] = ghost;
      }, [{ checkId: 'VAL-EDGE-REF' }]);
    }
    // A register entry about an element nobody declared.
    const type = choose(d.spec.ambiguityTypes, p[0])!;
    return rebuild(d, (doc) => {
      doc.ambiguities.push({ type, ref: ghost, note: 'About an element that is not there.' });
    }, [{ checkId: 'VAL-EDGE-REF' }]);
  }),
  uasMutator('wrong-kind-ref', 'VAL-EDGE-REF', (d, p) => {
    // A reference to a declared id of a kind it may not name (D-UAS-11).
    const { spec } = d;
    const variant = p[1] % 3;
    if (variant === 0) {
      const e = choose(d.doc.edges, p[0]);
      const wrong = choose(wrongKindIds(d.doc, spec.referenceKinds.edge), p[2]);
      if (!e || wrong === undefined) return null;
      return rebuild(d, (doc) => {
        const x = doc.edges.find((y) => y.id === e.id)!;
        if (p[2] % 2 === 0) x.target = wrong;
        else x.source = wrong;
      }, [{ checkId: 'VAL-EDGE-REF' }]);
    }
    if (variant === 1) {
      const wrong = choose(wrongKindIds(d.doc, spec.referenceKinds.node), p[2]);
      if (wrong === undefined) return null;
      return rebuild(d, (doc) => {
        if (doc.nodes.length > 0 && p[0] % 2 === 0) doc.nodes[p[0] % doc.nodes.length] = wrong;
        else doc.nodes.push(wrong);
      }, [{ checkId: 'VAL-EDGE-REF' }]);
    }
    // A register entry naming an element of a kind its type may not name: added, so that nothing
    // the document relied on is lost (the overflow entry a unit needs stays where it was).
    const type = choose(spec.ambiguityTypes, p[0])!;
    const wrong = choose(wrongKindIds(d.doc, entryKinds(spec, type)), p[2]);
    if (wrong === undefined) return null;
    return rebuild(d, (doc) => {
      doc.ambiguities.push({ type, ref: wrong, token: 'MISFILED', note: `A ${type} entry filed under the wrong element.` });
    }, [{ checkId: 'VAL-EDGE-REF' }]);
  }),
  uasMutator('dangling-concept', 'VAL-CONCEPT-REF', (d, p) => {
    const variant = p[1] % 3;
    if (variant === 0) {
      const u = choose(d.doc.units, p[0])!;
      const ghost = ['CR-999', ...PROTOTYPE_NAMES][p[2] % (PROTOTYPE_NAMES.length + 1)];
      if (d.doc.concepts.some((c) => c.id === ghost) || d.doc.units.some((x) => x.id === ghost) || d.doc.edges.some((x) => x.id === ghost)) return null;
      return rebuild(d, (doc) => {
        doc.units.find((x) => x.id === u.id)!.conceptRefs.push(ghost);
      }, [{ checkId: 'VAL-CONCEPT-REF', unitId: u.id }]);
    }
    if (variant === 1) {
      // A concept reference naming a unit or an edge: declared, but not a concept.
      const u = choose(d.doc.units, p[0])!;
      const wrong = choose(wrongKindIds(d.doc, d.spec.referenceKinds.concept_refs), p[2]);
      if (wrong === undefined) return null;
      return rebuild(d, (doc) => {
        doc.units.find((x) => x.id === u.id)!.conceptRefs.push(wrong);
      }, [{ checkId: 'VAL-CONCEPT-REF', unitId: u.id }]);
    }
    // A concept the units use, missing from the registry (and used by nothing else).
    const graphRefs = new Set([...d.doc.edges.flatMap((e) => [e.source, e.target]), ...d.doc.nodes, ...d.doc.ambiguities.map((a) => a.ref)]);
    const c = choose(d.doc.concepts.filter((x) => !graphRefs.has(x.id) && d.doc.units.some((u) => u.conceptRefs.includes(x.id))), p[0]);
    if (!c) return null;
    const user = d.doc.units.find((u) => u.conceptRefs.includes(c.id))!;
    const after = cloneDoc(d.doc);
    after.concepts = after.concepts.filter((x) => x.id !== c.id);
    // One concept fewer can move the centrality's divisor (n - 1 counting concepts): not this rule.
    if (!weightsKept(d.doc, after, d.spec)) return null;
    return rebuild(d, (doc) => {
      doc.concepts = doc.concepts.filter((x) => x.id !== c.id);
    }, [{ checkId: 'VAL-CONCEPT-REF', unitId: user.id }]);
  }),
  uasMutator('duplicate-id', 'VAL-ID-UNIQUE', (d, p) => {
    const refs = referenced(d.doc);
    const overflow = new Set(d.doc.ambiguities.map((a) => a.ref));
    const variant = p[1] % 3;
    if (variant === 0) {
      // A unit nothing points at takes another unit's id.
      const free = d.doc.units.filter((u) => !refs.has(u.id) && !overflow.has(u.id));
      const u = choose(free, p[0]);
      const other = u && choose(d.doc.units.filter((x) => x.id !== u.id), p[2]);
      if (!u || !other) return null;
      return rebuild(d, (doc) => {
        doc.units.find((x) => x.id === u.id)!.id = other.id;
      }, [{ checkId: 'VAL-ID-UNIQUE' }]);
    }
    if (variant === 1) {
      const free = d.doc.edges.filter((e) => !overflow.has(e.id));
      const e = choose(free, p[0]);
      const other = e && choose(d.doc.edges.filter((x) => x.id !== e.id), p[2]);
      if (!e || !other) return null;
      return rebuild(d, (doc) => {
        doc.edges.find((x) => x.id === e.id)!.id = other.id;
      }, [{ checkId: 'VAL-ID-UNIQUE' }]);
    }
    const c = choose(d.doc.concepts.filter((x) => !refs.has(x.id)), p[0]);
    const target = c && choose([...d.doc.concepts.filter((x) => x.id !== c.id).map((x) => x.id), ...d.doc.units.map((u) => u.id)], p[2]);
    if (!c || !target) return null;
    return rebuild(d, (doc) => {
      doc.concepts.find((x) => x.id === c.id)!.id = target;
    }, [{ checkId: 'VAL-ID-UNIQUE' }]);
  }),
];
