import type { UasSpec } from '../../../src/spec/uas.js';
import { entryMayName, PROTOTYPE_NAMES } from '../compile.js';
import type { UasValidDocument } from '../document.js';
import { cloneDoc, type GenDoc, type GenEdge, type GenUnit } from '../model.js';
import { choose, type UasMutation, type UasMutator, uasMutator } from '../mutation.js';
import { serializeUas } from '../serialize.js';
import { weightsKept } from './util.js';

/**
 * Taxonomy drift (seed 003 §2.2, §4 "Hallucinating roles (e.g., RULE, NOTE)", §5.1.2): tokens
 * outside the closed sets, and specialized tokens with no overflow entry. Each family breaks the
 * rule so that one way of reading the closed sets leniently accepts it and no other does: an
 * alias or a token of the other set taken for a base token, a case variant, white space around the
 * token, a name every JavaScript object inherits (`token in table`), or no token at all.
 */

/** Tokens no closed set, alias table or lenient reading holds: hallucinated roles and near misses. */
export const HALLUCINATED_ROLES = [
  'HYPOTHESIS',
  'RULE',
  'NOTE',
  'SUMMARY',
  'FACT',
  'OBSERVATIONS',
  'ASSUMPTION',
  'TODO',
  'INSIGHT',
  'BACKGROUND',
  'CLAIMS',
  'DEFINITIONS',
];
/** Hallucinated relations and near misses. */
export const HALLUCINATED_RELATIONS = [
  'RULE',
  'NOTE',
  'RELATED_TO',
  'SUPPORTS',
  'IS_A',
  'CAUSE',
  'DEPENDS',
  'REFERENCES',
  'DEPENDS-ON',
  'RELATES',
];
/** White space around a token, as an XML attribute carries it (a raw space, `&#9;`, `&#10;`, a no-break space). */
const PADDINGS: [string, string][] = [
  [' ', ''],
  ['', ' '],
  ['', '\t'],
  ['\n', ''],
  ['', '\u00a0'],
  [' ', ' '],
  ['\u2003', ''],
];

/** Case variants of a token: lower case, title case, the first letter in lower case. */
export const caseVariants = (t: string): string[] =>
  [
    ...new Set([
      t.toLowerCase(),
      t.toLowerCase().replace(/(^|_)([a-z])/g, (_, s: string, c: string) => s + c.toUpperCase()),
      t[0]!.toLowerCase() + t.slice(1),
    ]),
  ].filter((x) => x !== t);

/** A token with white space around it. */
const padded = (t: string, pick: number): string => {
  const [a, b] = PADDINGS[pick % PADDINGS.length]!;
  return `${a}${t}${b}`;
};

/** True when a plain JavaScript object answers for `t` although it was never given it. */
const inherited = (t: string): boolean => t in {};

/** The mutation a changed copy of the document makes. */
const emit = (d: UasValidDocument, doc: GenDoc, expected: UasMutation['expected']): UasMutation => ({
  source: d.source.bytes,
  artifact: serializeUas(doc, d.style, d.spec).xml,
  expected,
});

/**
 * Closed-set tokens of one family, for a unit's `base_role` or an edge's `base_relation`: what to
 * write given the closed set, the alias table, the other closed set and a pick (undefined: leave the
 * attribute out). Tokens that the closed set holds are never written.
 */
type BaseTokens = (
  own: readonly string[],
  aliases: Readonly<Record<string, string>>,
  other: readonly string[],
  pick: number,
) => (string | undefined)[];

/** The families of a closed base set, one per way an implementation reads it leniently. */
function baseFamilies(prefix: 'role' | 'relation', hallucinated: readonly string[]): [string, BaseTokens][] {
  return [
    [
      `hallucinated-${prefix}`,
      (own, aliases, other) =>
        hallucinated.filter(
          (t) =>
            !own.includes(t) &&
            !Object.hasOwn(aliases, t) &&
            !other.includes(t) &&
            !own.includes(t.toUpperCase()) &&
            !inherited(t),
        ),
    ],
    [`${prefix}-alias-as-base`, (own, aliases) => Object.keys(aliases).filter((t) => !own.includes(t))],
    [
      `${prefix}-from-${prefix === 'role' ? 'relations' : 'roles'}`,
      (own, _a, other) => other.filter((t) => !own.includes(t)),
    ],
    [
      `${prefix}-case-variant`,
      (own, _a, _o, pick) => caseVariants(own[pick % own.length]!).filter((t) => !own.includes(t)),
    ],
    [`${prefix}-whitespace`, (own, _a, _o, pick) => [padded(own[pick % own.length]!, pick >> 5)]],
    [`${prefix}-prototype-name`, (own) => PROTOTYPE_NAMES.filter((t) => !own.includes(t))],
    [`${prefix}-missing`, () => [undefined, '']],
  ];
}

/** A role family: one unit's `base_role` rewritten. */
function roleMutator(family: string, tokens: BaseTokens): UasMutator {
  return uasMutator(family, 'VAL-ROLE-ENUM', (d, p) => {
    const { spec } = d;
    const u = choose(d.doc.units, p[0])!;
    const token = choose(tokens(spec.baseRoles, spec.roleAliases, spec.baseRelations, p[2]), p[1]);
    if (token !== undefined && spec.baseRoles.includes(token)) return null;
    const doc = cloneDoc(d.doc);
    const x = doc.units.find((y) => y.id === u.id)!;
    if (token === undefined) delete x.baseRole;
    else x.baseRole = token;
    return emit(d, doc, [{ checkId: 'VAL-ROLE-ENUM', unitId: u.id }]);
  });
}

/**
 * An edge to break: one of the document's, or, in a document without edges, a new one between two
 * concepts (which moves no unit's degree, so no weight; the document's weights are checked to stay).
 */
function someEdge(d: UasValidDocument, doc: GenDoc, pick: number): GenEdge | undefined {
  const e = choose(doc.edges, pick);
  if (e) return e;
  const { spec } = d;
  if (!spec.referenceKinds.edge.includes('concept') || doc.concepts.length === 0) return undefined;
  const used = new Set([...doc.units.map((u) => u.id), ...doc.concepts.map((c) => c.id)]);
  let k = 1;
  while (used.has(`edge_${k}`)) k++;
  const a = doc.concepts[pick % doc.concepts.length]!.id;
  const b = doc.concepts[(pick >> 3) % doc.concepts.length]!.id;
  const edge: GenEdge = {
    id: `edge_${k}`,
    source: a,
    target: b,
    baseRelation: spec.baseRelations[pick % spec.baseRelations.length]!,
  };
  const before = cloneDoc(doc);
  doc.edges.push(edge);
  return weightsKept(before, doc, spec) ? edge : undefined;
}

/** A relation family: one edge's `base_relation` rewritten. */
function relationMutator(family: string, tokens: BaseTokens): UasMutator {
  return uasMutator(family, 'VAL-RELATION-ENUM', (d, p) => {
    const { spec } = d;
    const token = choose(tokens(spec.baseRelations, spec.relationAliases, spec.baseRoles, p[2]), p[1]);
    if (token !== undefined && spec.baseRelations.includes(token)) return null;
    const doc = cloneDoc(d.doc);
    const e = someEdge(d, doc, p[0]);
    if (!e) return null;
    if (token === undefined) delete e.baseRelation;
    else e.baseRelation = token;
    return emit(d, doc, [{ checkId: 'VAL-RELATION-ENUM', unitId: e.id }]);
  });
}

/** Specialized roles no table resolves, none of them a name JavaScript objects inherit: they need a ROLE_OVERFLOW entry. */
const PLAIN_UNREGISTERED_ROLES = [
  'HYPOTHESIS',
  'RISK',
  'ASSUMPTION',
  'HEURISTIC',
  'INTUITION',
  'CAVEAT',
  'RATIONALE',
  'MOTIVATION',
  'CONJECTURE',
  'HOUSE_RULE',
];
/** Specialized relations no table resolves. */
const PLAIN_UNREGISTERED_RELATIONS = [
  'REFINES',
  'MOTIVATES',
  'PARAPHRASES',
  'EXPANDS',
  'ILLUSTRATES',
  'SUPERSEDES',
  'ANSWERS',
  'QUALIFIES',
];

/** The plain tokens of `list` that `spec` resolves nowhere and no entry of the document registers (so that no entry of another element matches them). */
function freeTokens(
  list: readonly string[],
  base: readonly string[],
  aliases: Readonly<Record<string, string>>,
  doc: GenDoc,
): string[] {
  const registered = new Set(doc.ambiguities.map((a) => a.token));
  return list.filter((t) => !base.includes(t) && !Object.hasOwn(aliases, t) && !registered.has(t));
}

/** True when no register entry names `id`, and none carries no token (an entry without a token could be read as matching any). */
const unnamed = (doc: GenDoc, id: string): boolean => doc.ambiguities.every((a) => a.ref !== id);
const noTokenlessOverflow = (doc: GenDoc, type: string): boolean =>
  doc.ambiguities.every((a) => a.type !== type || a.token !== undefined);

/**
 * An overflow family on a unit that no entry names: `apply` gives it a specialized role (and maybe
 * an entry that does not register it) and says which token it wrote; null when it cannot.
 */
function overflowMutator(
  family: string,
  apply: (doc: GenDoc, u: GenUnit, spec: UasSpec, p: readonly number[]) => boolean,
  weight = 1,
): UasMutator {
  return uasMutator(
    family,
    'VAL-OVERFLOW-REGISTER',
    (d, p) => {
      const doc = cloneDoc(d.doc);
      const u = choose(
        doc.units.filter((x) => unnamed(doc, x.id)),
        p[0],
      );
      if (!u || !noTokenlessOverflow(doc, 'ROLE_OVERFLOW') || !apply(doc, u, d.spec, p)) return null;
      return emit(d, doc, [{ checkId: 'VAL-OVERFLOW-REGISTER', unitId: u.id }]);
    },
    weight,
  );
}

/** A specialized role for `u` that nothing resolves and no entry registers. */
function unregisteredRole(doc: GenDoc, u: GenUnit, spec: UasSpec, pick: number): string | undefined {
  const t = choose(freeTokens(PLAIN_UNREGISTERED_ROLES, spec.baseRoles, spec.roleAliases, doc), pick);
  if (t !== undefined) u.specializedRole = t;
  return t;
}

/** Tokens every lenient reading of the role registry but one still rejects: case variants of resolved tokens. */
const resolvedRoles = (spec: UasSpec): string[] => [...Object.keys(spec.roleAliases), ...spec.baseRoles];

export const taxonomyMutators: UasMutator[] = [
  ...baseFamilies('role', HALLUCINATED_ROLES).map(([f, t]) => roleMutator(f, t)),
  ...baseFamilies('relation', HALLUCINATED_RELATIONS).map(([f, t]) => relationMutator(f, t)),
  uasMutator(
    'overflow-unregistered',
    'VAL-OVERFLOW-REGISTER',
    (d, p) => {
      // A unit's specialized role that no table resolves, with no ROLE_OVERFLOW entry: the compiler's
      // entry deleted, or a new token on a unit no entry names.
      const { spec } = d;
      const doc = cloneDoc(d.doc);
      if (!noTokenlessOverflow(doc, 'ROLE_OVERFLOW')) return null;
      if (p[1] % 2 === 0) {
        const a = choose(
          doc.ambiguities.filter(
            (x) =>
              x.type === 'ROLE_OVERFLOW' &&
              x.token !== undefined &&
              PLAIN_UNREGISTERED_ROLES.includes(x.token) &&
              doc.ambiguities.filter((y) => y.ref === x.ref).length === 1 &&
              doc.ambiguities.filter((y) => y.token === x.token).length === 1,
          ),
          p[0],
        );
        if (!a || !doc.units.some((u) => u.id === a.ref && u.specializedRole === a.token)) return null;
        doc.ambiguities = doc.ambiguities.filter((x) => x !== a);
        return emit(d, doc, [{ checkId: 'VAL-OVERFLOW-REGISTER', unitId: a.ref }]);
      }
      const u = choose(
        doc.units.filter((x) => unnamed(doc, x.id)),
        p[0],
      );
      if (!u || unregisteredRole(doc, u, spec, p[2]) === undefined) return null;
      return emit(d, doc, [{ checkId: 'VAL-OVERFLOW-REGISTER', unitId: u.id }]);
    },
    2,
  ),
  uasMutator(
    'overflow-relation-unregistered',
    'VAL-OVERFLOW-REGISTER',
    (d, p) => {
      // The same for an edge's specialized relation (RELATION_OVERFLOW): a verifier that keeps the
      // register for roles only misses it.
      const { spec } = d;
      const doc = cloneDoc(d.doc);
      if (!noTokenlessOverflow(doc, 'RELATION_OVERFLOW')) return null;
      if (p[1] % 2 === 0) {
        const a = choose(
          doc.ambiguities.filter(
            (x) =>
              x.type === 'RELATION_OVERFLOW' &&
              x.token !== undefined &&
              PLAIN_UNREGISTERED_RELATIONS.includes(x.token) &&
              doc.ambiguities.filter((y) => y.ref === x.ref).length === 1 &&
              doc.ambiguities.filter((y) => y.token === x.token).length === 1,
          ),
          p[0],
        );
        if (!a || !doc.edges.some((e) => e.id === a.ref && e.specializedRelation === a.token)) return null;
        doc.ambiguities = doc.ambiguities.filter((x) => x !== a);
        return emit(d, doc, [{ checkId: 'VAL-OVERFLOW-REGISTER', unitId: a.ref }]);
      }
      const e = someEdge(d, doc, p[0]);
      const t = choose(freeTokens(PLAIN_UNREGISTERED_RELATIONS, spec.baseRelations, spec.relationAliases, doc), p[2]);
      if (!e || t === undefined || !unnamed(doc, e.id)) return null;
      e.specializedRelation = t;
      return emit(d, doc, [{ checkId: 'VAL-OVERFLOW-REGISTER', unitId: e.id }]);
    },
    2,
  ),
  overflowMutator('overflow-prototype-name', (doc, u, spec, p) => {
    // `constructor` as a specialized role: a registry asked `token in aliases` finds it.
    const t = choose(
      PROTOTYPE_NAMES.filter(
        (x) =>
          !spec.baseRoles.includes(x) &&
          !Object.hasOwn(spec.roleAliases, x) &&
          !doc.ambiguities.some((a) => a.token === x),
      ),
      p[1],
    );
    if (t === undefined) return false;
    u.specializedRole = t;
    return true;
  }),
  overflowMutator('overflow-case-variant', (doc, u, spec, p) => {
    // A registered alias (or a base role) in another case: a registry read without regard to case resolves it.
    const t = choose(resolvedRoles(spec), p[1]);
    const v =
      t === undefined
        ? undefined
        : choose(
            caseVariants(t).filter(
              (x) => !resolvedRoles(spec).includes(x) && !doc.ambiguities.some((a) => a.token === x),
            ),
            p[2],
          );
    if (v === undefined) return false;
    u.specializedRole = v;
    return true;
  }),
  overflowMutator('overflow-whitespace', (doc, u, spec, p) => {
    // A registered alias (or a base role) with white space around it: a registry that trims resolves it.
    const t = choose(resolvedRoles(spec), p[1])!;
    const v = padded(t, p[2]);
    if (resolvedRoles(spec).includes(v) || doc.ambiguities.some((a) => a.token === v)) return false;
    u.specializedRole = v;
    return true;
  }),
  overflowMutator('overflow-wrong-type', (doc, u, spec, p) => {
    // The entry is there, with the unit and the token, but of another type (NODE_ISOLATION, say).
    const type = choose(
      spec.ambiguityTypes.filter((t) => t !== 'ROLE_OVERFLOW' && entryMayName(spec, t, 'unit')),
      p[1],
    );
    const t = type === undefined ? undefined : unregisteredRole(doc, u, spec, p[2]);
    if (t === undefined) return false;
    doc.ambiguities.push({ type: type!, ref: u.id, token: t, note: `${t} is not a registered alias.` });
    return true;
  }),
  overflowMutator('overflow-other-ref', (doc, u, spec, p) => {
    // A ROLE_OVERFLOW entry for the token, filed under another unit.
    const other = choose(
      doc.units.filter((x) => x.id !== u.id),
      p[1],
    );
    const t =
      other === undefined || !entryMayName(spec, 'ROLE_OVERFLOW', 'unit')
        ? undefined
        : unregisteredRole(doc, u, spec, p[2]);
    if (t === undefined) return false;
    doc.ambiguities.push({ type: 'ROLE_OVERFLOW', ref: other!.id, token: t, note: `${t} is not a registered alias.` });
    return true;
  }),
  overflowMutator('overflow-other-token', (doc, u, spec, p) => {
    // A ROLE_OVERFLOW entry for the unit, registering another token than its specialized role.
    if (!entryMayName(spec, 'ROLE_OVERFLOW', 'unit')) return false;
    const t = unregisteredRole(doc, u, spec, p[2]);
    const other =
      t === undefined
        ? undefined
        : choose(
            freeTokens(PLAIN_UNREGISTERED_ROLES, spec.baseRoles, spec.roleAliases, doc).filter((x) => x !== t),
            p[1],
          );
    if (other === undefined) return false;
    doc.ambiguities.push({
      type: 'ROLE_OVERFLOW',
      ref: u.id,
      token: other,
      note: `${other} is not a registered alias.`,
    });
    return true;
  }),
  uasMutator('overflow-unknown-type', 'VAL-OVERFLOW-REGISTER', (d, p) => {
    // A register entry of a type the register does not know (near misses, case variants, inherited
    // names grouped here: each is a type no closed list holds). It names a unit, which an entry of
    // an unknown type may (D-UAS-11), so nothing else breaks.
    const { spec } = d;
    const types = [
      'OVERFLOW',
      'ROLE-OVERFLOW',
      'ISOLATION',
      'NOTE',
      'CLARIFICATION',
      'ROLE_OVERFLOWS',
      ...spec.ambiguityTypes.flatMap((t) => caseVariants(t)),
      ...PROTOTYPE_NAMES,
      ...spec.ambiguityTypes.map((t) => ` ${t}`),
    ].filter((t) => !spec.ambiguityTypes.includes(t));
    const type = choose(types, p[1])!;
    const u = choose(d.doc.units, p[0])!;
    const doc = cloneDoc(d.doc);
    doc.ambiguities.push({ type, ref: u.id, note: 'An entry of a type the register does not have.' });
    return emit(d, doc, [{ checkId: 'VAL-OVERFLOW-REGISTER', unitId: u.id }]);
  }),
];
