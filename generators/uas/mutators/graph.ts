import type { GenDoc } from '../model.js';
import { choose, type UasMutator, uasMutator } from '../mutation.js';
import { rebuild } from './util.js';

/** Ids something points at: edge ends, nodes, register entries, concept references. */
function referenced(doc: GenDoc): Set<string> {
  return new Set([...doc.edges.flatMap((e) => [e.source, e.target]), ...doc.nodes, ...doc.ambiguities.map((a) => a.ref), ...doc.units.flatMap((u) => u.conceptRefs)]);
}

/** Topological severing (seed 003 §4, §5.1.3) and identity collisions. */
export const graphMutators: UasMutator[] = [
  uasMutator('dangling-edge', 'VAL-EDGE-REF', (d, p) => {
    const variant = p[1] % 3;
    const ghost = ['unit_999', 'CR-999', 'unit_0'][p[2] % 3];
    if (variant < 2) {
      const e = choose(d.doc.edges, p[0]);
      if (!e) return null;
      return rebuild(d, (doc) => {
        const x = doc.edges.find((y) => y.id === e.id)!;
        if (variant === 0) x.target = `${x.target}_x`;
        else x.source = ghost;
      }, [{ checkId: 'VAL-EDGE-REF' }]);
    }
    if (d.doc.nodes.length === 0) return null;
    return rebuild(d, (doc) => {
      doc.nodes[p[0] % doc.nodes.length] = ghost;
    }, [{ checkId: 'VAL-EDGE-REF' }]);
  }),
  uasMutator('dangling-concept', 'VAL-CONCEPT-REF', (d, p) => {
    if (p[1] % 2 === 0) {
      const u = choose(d.doc.units, p[0])!;
      return rebuild(d, (doc) => {
        doc.units.find((x) => x.id === u.id)!.conceptRefs.push('CR-999');
      }, [{ checkId: 'VAL-CONCEPT-REF', unitId: u.id }]);
    }
    // A concept the units use, missing from the registry (and used by nothing else).
    const graphRefs = new Set([...d.doc.edges.flatMap((e) => [e.source, e.target]), ...d.doc.nodes, ...d.doc.ambiguities.map((a) => a.ref)]);
    const c = choose(d.doc.concepts.filter((x) => !graphRefs.has(x.id) && d.doc.units.some((u) => u.conceptRefs.includes(x.id))), p[0]);
    if (!c) return null;
    const user = d.doc.units.find((u) => u.conceptRefs.includes(c.id))!;
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
