import type { IssueList } from './issues.js';
import type { UasModel } from './model.js';

/** How many times each id is declared, in order of first declaration. */
function idCounts(m: UasModel): Map<string, number> {
  const counts = new Map<string, number>();
  const count = (id: string) => void counts.set(id, (counts.get(id) ?? 0) + 1);
  for (const u of m.units) count(u.id);
  for (const c of m.concepts) count(c.id);
  for (const e of m.edges) count(e.id);
  return counts;
}

/**
 * Identity and references (seed 003 §4 "Topological Severing", §5.1.3): ids are unique across units,
 * concepts and edges; edges, nodes and register entries point at declared ids; concept_refs at
 * declared concepts. Returns false when the graph cannot be trusted for weighting (D-UAS-11).
 */
export function checkGraph(m: UasModel, issues: IssueList): boolean {
  // The reader collected the ids; only a document with a repeated or missing id is counted in full.
  const ids = m.ids;
  let sound = true;
  for (const [id, n] of m.idsUnique ? [] : idCounts(m)) {
    if (id === '') {
      sound = false;
      issues.add({ checkId: 'VAL-ID-UNIQUE', token: '', message: `${n} element(s) have no id` });
    } else if (n > 1) {
      sound = false;
      issues.add({ checkId: 'VAL-ID-UNIQUE', ref: id, token: id, message: `id ${id} is declared ${n} times`, instruction: `Give each semantic_unit, concept and edge its own id; '${id}' is used ${n} times.` });
    }
  }
  const declared = (ref: string | undefined) => ref !== undefined && ref !== '' && ids.has(ref);
  const dangling = (ref: string | undefined, where: string, owner: string | undefined) => {
    sound = false;
    issues.add({ checkId: 'VAL-EDGE-REF', ref: owner, token: ref ?? '', message: `${where} references undeclared id "${ref ?? ''}"`, instruction: `Declare '${ref ?? ''}' or point ${where} at a declared id.` });
  };
  for (const e of m.edges) {
    if (!declared(e.source)) dangling(e.source, `edge ${e.id} source`, e.id);
    if (!declared(e.target)) dangling(e.target, `edge ${e.id} target`, e.id);
  }
  for (const n of m.nodes) if (!declared(n)) dangling(n, 'a <node>', n);
  for (const a of m.ambiguities) if (!declared(a.ref)) dangling(a.ref, `ambiguity_entry ${a.type ?? ''}`, a.ref);
  const concepts = new Set(m.concepts.map((c) => c.id));
  for (const u of m.units) {
    for (const c of u.conceptRefs) {
      if (!concepts.has(c)) {
        issues.add({ checkId: 'VAL-CONCEPT-REF', ref: u.id, token: c, message: `unit ${u.id} references concept ${c}, which <concept_registry> does not declare`, instruction: `Declare <concept id='${c}'> in concept_registry or remove the reference.` });
      }
    }
  }
  return sound;
}
