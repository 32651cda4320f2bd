import type { UasElementKind, UasSpec } from '../../spec/uas.js';
import type { IssueList } from './issues.js';
import { kindOf, type UasModel } from './model.js';

/** How many times each id is declared, in order of first declaration, and as which kinds. */
function idCounts(m: UasModel): Map<string, { n: number; kinds: Set<UasElementKind> }> {
  const counts = new Map<string, { n: number; kinds: Set<UasElementKind> }>();
  const count = (id: string, kind: UasElementKind) => {
    const c = counts.get(id) ?? { n: 0, kinds: new Set<UasElementKind>() };
    c.n++;
    c.kinds.add(kind);
    counts.set(id, c);
  };
  for (const u of m.units) count(u.id, 'unit');
  for (const c of m.concepts) count(c.id, 'concept');
  for (const e of m.edges) count(e.id, 'edge');
  return counts;
}

const ALL_KINDS: readonly UasElementKind[] = ['unit', 'concept', 'edge'];
const NO_KIND: readonly UasElementKind[] = [];
/** The kinds of an id declared once, shared: looking a reference up allocates nothing. */
const ONE_KIND: Record<UasElementKind, readonly UasElementKind[]> = {
  unit: ['unit'],
  concept: ['concept'],
  edge: ['edge'],
};
const KIND_NAME: Record<UasElementKind, string> = {
  unit: 'a <semantic_unit>',
  concept: 'a <concept>',
  edge: 'an <edge>',
};

/** "a <semantic_unit> or a <concept>": the kinds a reference may name, for messages. */
const kindList = (kinds: readonly UasElementKind[]) => kinds.map((k) => KIND_NAME[k]).join(' or ');

/**
 * The kinds the `ref` of a register entry of `type` may name (D-UAS-11). An entry of a type the
 * register does not know names any declared element (its type alone is reported, by the taxonomy).
 */
export function entryRefKinds(type: string | undefined, spec: UasSpec): readonly UasElementKind[] {
  return type !== undefined && Object.hasOwn(spec.ambiguityRefKinds, type) ? spec.ambiguityRefKinds[type] : ALL_KINDS;
}

/**
 * Identity and references (seed 003 §4 "Topological Severing", §5.1.3; D-UAS-11): ids are unique
 * across units, concepts and edges; each reference names a declared id of a kind it may name (edge
 * ends and `<node ref>` as `referenceKinds` says, register entries as `ambiguityRefKinds` says for
 * their type), else VAL-EDGE-REF; `concept_refs` name declared concepts, else VAL-CONCEPT-REF.
 * Returns false when the graph cannot be trusted for weighting: a repeated or missing id, or any
 * VAL-EDGE-REF finding.
 */
export function checkGraph(m: UasModel, spec: UasSpec, issues: IssueList): boolean {
  // The reader collected the ids; only a document with a repeated or missing id is counted in full.
  const ids = m.ids;
  let sound = true;
  const counts = m.idsUnique ? undefined : idCounts(m);
  if (counts) {
    for (const [id, { n }] of counts) {
      if (id === '') {
        sound = false;
        issues.add({ checkId: 'VAL-ID-UNIQUE', token: '', message: `${n} element(s) have no id` });
      } else if (n > 1) {
        sound = false;
        issues.add({
          checkId: 'VAL-ID-UNIQUE',
          ref: id,
          token: id,
          message: `id ${id} is declared ${n} times`,
          instruction: `Give each semantic_unit, concept and edge its own id; '${id}' is used ${n} times.`,
        });
      }
    }
  }
  /**
   * The kinds `ref` is declared as: one, or several for a repeated id (which VAL-ID-UNIQUE reports:
   * a reference to it is right when one of its declarations is of a kind the reference may name).
   */
  const kindsOf = (ref: string | undefined): readonly UasElementKind[] => {
    // An absent or empty reference names nothing, not even an element with an empty id.
    if (!ref) return NO_KIND;
    if (counts) return [...(counts.get(ref)?.kinds ?? NO_KIND)];
    const index = ids.get(ref);
    return index === undefined ? NO_KIND : ONE_KIND[kindOf(index)];
  };
  /** True when `ref` is declared as one of `kinds`. */
  const fits = (ref: string | undefined, kinds: readonly UasElementKind[]): boolean =>
    kindsOf(ref).some((k) => kinds.includes(k));
  /** Reports `ref` when it is not a declared id of one of `kinds`; `where` says which reference it is. */
  const expect = (
    ref: string | undefined,
    kinds: readonly UasElementKind[],
    where: string,
    owner: string | undefined,
  ) => {
    if (fits(ref, kinds)) return;
    const declared = kindsOf(ref);
    sound = false;
    const token = ref ?? '';
    const what =
      declared.length === 0
        ? `undeclared id "${token}"`
        : `"${token}", ${KIND_NAME[declared[0]!]}, where it must name ${kindList(kinds)}`;
    issues.add({
      checkId: 'VAL-EDGE-REF',
      ref: owner,
      token,
      message: `${where} references ${what}`,
      instruction: `Point ${where} at the id of ${kindList(kinds)} declared in the document.`,
    });
  };
  const { edge, node } = spec.referenceKinds;
  for (const e of m.edges) {
    expect(e.source, edge, `edge ${e.id} source`, e.id);
    expect(e.target, edge, `edge ${e.id} target`, e.id);
  }
  for (const n of m.nodes) expect(n, node, 'a <node>', n);
  for (const a of m.ambiguities) expect(a.ref, entryRefKinds(a.type, spec), `ambiguity_entry ${a.type ?? ''}`, a.ref);
  const conceptKinds = spec.referenceKinds.concept_refs;
  for (const u of m.units) {
    for (const c of u.conceptRefs) {
      if (fits(c, conceptKinds)) continue;
      const declared = kindsOf(c);
      const what =
        declared.length === 0
          ? 'which <concept_registry> does not declare'
          : `which is ${KIND_NAME[declared[0]!]}, not a declared concept`;
      issues.add({
        checkId: 'VAL-CONCEPT-REF',
        ref: u.id,
        token: c,
        message: `unit ${u.id} references concept ${c}, ${what}`,
        instruction: `Declare <concept id='${c}'> in concept_registry or remove the reference.`,
      });
    }
  }
  return sound;
}
