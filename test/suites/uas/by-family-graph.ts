import type { Adapter, UasFinding, UasVerdict } from '../../../src/contract/adapter.js';
import { kindOf, readArtifact, type UasModel, type UnitInfo } from '../../../src/reference/uas/model.js';
import { referenceVerdict } from './reference-memo.js';
import { declaredWeight } from '../../../src/reference/uas/weights.js';
import { bundledSpec } from '../../../src/spec/index.js';
import type { UasCheckId, UasElementKind } from '../../../src/spec/uas.js';
import type { ByFamily } from '../../helpers/broken.js';

/**
 * Broken UAS verifiers by mutation family (graph, taxonomy and weight checks): for a check, per
 * family, a verifier with a slip that only that family catches (proven by `describeGallery`). Each
 * is the reference with one rule judged again by a lenient reading of it, written here: how it
 * reads a token, which references it resolves, how it computes a weight or a promotion. The other
 * rules stay the reference's.
 */
const spec = bundledSpec().uas;

function adapter(name: string, verify: (source: Uint8Array, artifact: string) => UasVerdict): Adapter {
  return { describe: () => ({ name, version: '0' }), verifyUas: verify };
}

/**
 * The reference, with the findings of `rule` replaced by those `judge` makes of the artifact's
 * model: a verifier whose `rule` has the slip `judge` models.
 */
function rejudging(
  name: string,
  rule: UasCheckId | UasCheckId[],
  judge: (m: UasModel, artifact: string, sound: boolean) => UasFinding[],
): Adapter {
  const rules: readonly string[] = Array.isArray(rule) ? rule : [rule];
  return adapter(name, (source, artifact) => {
    const ref = referenceVerdict(source, artifact, spec).findings;
    const read = readArtifact(artifact, spec);
    if (!read.ok || read.rootName !== spec.rootElement) return { valid: ref.length === 0, findings: ref };
    const sound = !ref.some((f) => f.checkId === 'VAL-ID-UNIQUE' || f.checkId === 'VAL-EDGE-REF');
    const findings = [...ref.filter((f) => !rules.includes(f.checkId)), ...judge(read.model, artifact, sound)];
    return { valid: findings.length === 0, findings };
  });
}

const inherited = (t: string): boolean => t in {};

// ------------------------------------------------------------------------------------------------
// VAL-ROLE-ENUM and VAL-RELATION-ENUM: a closed set read leniently.
// ------------------------------------------------------------------------------------------------

/** What a lenient closed set accepts: the set itself plus what `extra` lets through. */
type TokenSlip = (token: string | undefined, own: readonly string[]) => boolean;

function closedSet(name: string, rule: 'VAL-ROLE-ENUM' | 'VAL-RELATION-ENUM', accepts: TokenSlip): Adapter {
  return rejudging(name, rule, (m) => {
    if (rule === 'VAL-ROLE-ENUM')
      return m.units
        .filter(
          (u) =>
            !(u.baseRole !== undefined && spec.baseRoles.includes(u.baseRole)) && !accepts(u.baseRole, spec.baseRoles),
        )
        .map((u) => ({ checkId: rule, unitId: u.id }));
    return m.edges
      .filter(
        (e) =>
          !(e.baseRelation !== undefined && spec.baseRelations.includes(e.baseRelation)) &&
          !accepts(e.baseRelation, spec.baseRelations),
      )
      .map((e) => ({ checkId: rule, unitId: e.id }));
  });
}

/** The slips of a closed set, by the family that alone catches each. */
function closedSetSlips(
  rule: 'VAL-ROLE-ENUM' | 'VAL-RELATION-ENUM',
  prefix: string,
  aliases: Record<string, string>,
  other: readonly string[],
): Record<string, Adapter> {
  const what = rule === 'VAL-ROLE-ENUM' ? 'roles' : 'relations';
  return {
    [`${prefix}-alias-as-base`]: closedSet(
      `takes registered aliases for base ${what}`,
      rule,
      (t) => t !== undefined && Object.hasOwn(aliases, t),
    ),
    [`${prefix}-from-${prefix === 'role' ? 'relations' : 'roles'}`]: closedSet(
      `checks base ${what} against one set of roles and relations`,
      rule,
      (t) => t !== undefined && other.includes(t),
    ),
    [`${prefix}-case-variant`]: closedSet(
      `compares base ${what} without regard to case`,
      rule,
      (t, own) => t !== undefined && own.includes(t.toUpperCase()),
    ),
    [`${prefix}-whitespace`]: closedSet(
      `trims base ${what} before the lookup`,
      rule,
      (t, own) => t !== undefined && own.includes(t.trim()),
    ),
    [`${prefix}-prototype-name`]: closedSet(
      `keeps base ${what} as the keys of a plain object and asks \`in\``,
      rule,
      (t) => t !== undefined && inherited(t),
    ),
    [`${prefix}-missing`]: closedSet(
      `judges base ${what} only when the attribute has a value`,
      rule,
      (t) => t === undefined || t === '',
    ),
  };
}

// ------------------------------------------------------------------------------------------------
// VAL-OVERFLOW-REGISTER: the alias registry and the register matched leniently.
// ------------------------------------------------------------------------------------------------

interface OverflowSlip {
  /** A specialized token the slip takes for resolved. */
  resolved?: (token: string, base: readonly string[], aliases: Record<string, string>) => boolean;
  /** Which parts of an entry the slip compares (all, by default). */
  ignores?: 'type' | 'ref' | 'token';
  rolesOnly?: boolean;
  noTypeCheck?: boolean;
}

function overflow(name: string, slip: OverflowSlip): Adapter {
  return rejudging(name, 'VAL-OVERFLOW-REGISTER', (m) => {
    const out: UasFinding[] = [];
    const entered = (type: string, ref: string, token: string) =>
      m.ambiguities.some(
        (a) =>
          (slip.ignores === 'type' || a.type === type) &&
          (slip.ignores === 'ref' || a.ref === ref) &&
          (slip.ignores === 'token' || a.token === undefined || a.token === token),
      );
    const judge = (
      sr: string | undefined,
      id: string,
      type: string,
      base: readonly string[],
      aliases: Record<string, string>,
    ) => {
      if (
        sr === undefined ||
        base.includes(sr) ||
        Object.hasOwn(aliases, sr) ||
        slip.resolved?.(sr, base, aliases) ||
        entered(type, id, sr)
      )
        return;
      out.push({ checkId: 'VAL-OVERFLOW-REGISTER', unitId: id });
    };
    for (const u of m.units) judge(u.specializedRole, u.id, 'ROLE_OVERFLOW', spec.baseRoles, spec.roleAliases);
    if (!slip.rolesOnly)
      for (const e of m.edges)
        judge(e.specializedRelation, e.id, 'RELATION_OVERFLOW', spec.baseRelations, spec.relationAliases);
    if (!slip.noTypeCheck)
      for (const a of m.ambiguities)
        if (a.type === undefined || !spec.ambiguityTypes.includes(a.type))
          out.push({ checkId: 'VAL-OVERFLOW-REGISTER', ...(a.ref && m.ids.has(a.ref) ? { unitId: a.ref } : {}) });
    return out;
  });
}

const upperKeys = (r: Record<string, string>, base: readonly string[]) =>
  new Set([...Object.keys(r), ...base].map((t) => t.toUpperCase()));

// ------------------------------------------------------------------------------------------------
// VAL-EDGE-REF and VAL-CONCEPT-REF: references resolved leniently.
// ------------------------------------------------------------------------------------------------

type Position = 'source' | 'target' | 'node' | 'register' | 'concept';

/** One reference of the document: where it is, what it names, what it may name, and its owner (for concept references). */
interface Reference {
  at: Position;
  ref: string | undefined;
  kinds: readonly UasElementKind[];
  owner?: string;
}

function referencesOf(m: UasModel): Reference[] {
  const refs: Reference[] = [];
  for (const e of m.edges)
    refs.push(
      { at: 'source', ref: e.source, kinds: spec.referenceKinds.edge },
      { at: 'target', ref: e.target, kinds: spec.referenceKinds.edge },
    );
  for (const n of m.nodes) refs.push({ at: 'node', ref: n, kinds: spec.referenceKinds.node });
  for (const a of m.ambiguities)
    refs.push({
      at: 'register',
      ref: a.ref,
      kinds:
        a.type !== undefined && Object.hasOwn(spec.ambiguityRefKinds, a.type)
          ? spec.ambiguityRefKinds[a.type]!
          : ['unit', 'concept', 'edge'],
    });
  for (const u of m.units)
    for (const c of u.conceptRefs)
      refs.push({ at: 'concept', ref: c, kinds: spec.referenceKinds.concept_refs, owner: u.id });
  return refs;
}

/** The kind `id` is declared as (ids are unique in these cases), or undefined. */
const kindIn = (m: UasModel, id: string | undefined): UasElementKind | undefined => {
  const i = id === undefined || id === '' ? undefined : m.ids.get(id);
  return i === undefined ? undefined : kindOf(i);
};

/** A reference the slip resolves although the pinned rules do not. */
type ReferenceSlip = (r: Reference, m: UasModel, artifact: string) => boolean;

function references(name: string, slip: ReferenceSlip): Adapter {
  return rejudging(name, ['VAL-EDGE-REF', 'VAL-CONCEPT-REF'], (m, artifact) => {
    const out: UasFinding[] = [];
    for (const r of referencesOf(m)) {
      const k = kindIn(m, r.ref);
      if ((k !== undefined && r.kinds.includes(k)) || slip(r, m, artifact)) continue;
      out.push(r.at === 'concept' ? { checkId: 'VAL-CONCEPT-REF', unitId: r.owner } : { checkId: 'VAL-EDGE-REF' });
    }
    return out;
  });
}

const undeclared = (r: Reference, m: UasModel) => kindIn(m, r.ref) === undefined;
/** Every `id` attribute of the artifact, of any element: the id table of a verifier that indexes them all. */
const everyIdAttribute = (artifact: string): Set<string> =>
  new Set([...artifact.matchAll(/\sid=(["'])(.*?)\1/g)].map((x) => x[2]!));
/** The concepts' terms, expansions and aliases as the artifact writes them. */
const conceptNames = (artifact: string): Set<string> =>
  new Set(
    [...artifact.matchAll(/\s(?:term|expansion)=(["'])(.*?)\1/g)]
      .map((x) => x[2]!)
      .concat([...artifact.matchAll(/<alias>(.*?)<\/alias>/g)].map((x) => x[1]!)),
  );

// ------------------------------------------------------------------------------------------------
// VAL-WEIGHT-RANGE: the weight read by a lenient number reader.
// ------------------------------------------------------------------------------------------------

/** Reads a weight leniently: the number it takes the text for, or undefined when it rejects it (NaN: it lets the text pass unjudged). */
type NumberSlip = (text: string | undefined) => number | undefined;

function weightReader(name: string, read: NumberSlip): Adapter {
  return rejudging(name, 'VAL-WEIGHT-RANGE', (m) =>
    m.units
      .filter((u) => {
        if (!Number.isNaN(declaredWeight(u.weight))) return false;
        const v = read(u.weight);
        return v === undefined || (!Number.isNaN(v) && !(v >= 0 && v <= 1));
      })
      .map((u) => ({ checkId: 'VAL-WEIGHT-RANGE', unitId: u.id })),
  );
}

const strictNumber = (t: string | undefined): number | undefined => {
  const v = declaredWeight(t);
  return Number.isNaN(v) ? undefined : v;
};

// ------------------------------------------------------------------------------------------------
// VAL-WEIGHT-FORMULA: the formula computed with one slip.
// ------------------------------------------------------------------------------------------------

interface FormulaSlip {
  /** The modifier tokens as the slip reads the list (the pinned reader splits at U+0020 only). */
  split?: (tokens: readonly string[]) => string[];
  /** A token's delta in hundredths, undefined for an unknown token, NaN where the lookup yields no number. */
  delta?: (t: string) => number | undefined;
  /** Repeated tokens are summed each time, and not reported. */
  sumsRepeats?: boolean;
  /** How the degree of an element is counted from the edges. */
  degree?: (m: UasModel, id: string) => number;
  /** The raw degree, not normalized. */
  rawDegree?: boolean;
  /** The centrality factor (5 hundredths per unit of C). */
  factor?: number;
  /** 0/0 when no unit has an edge: every comparison with the NaN weight is false. */
  nanWithoutEdges?: boolean;
  /** The tolerance, in weight units. */
  tolerance?: number;
}

/** Degree: edges whose source or target is the element, each once (the pinned count). */
const pinnedDegree = (m: UasModel, id: string): number =>
  m.edges.filter((e) => e.source === id || e.target === id).length;

/** The pinned divisor for a degree count (D-UAS-10): the largest degree of the kinds `over`, or n - 1. */
function divisorOf(m: UasModel, degree: (m: UasModel, id: string) => number): number {
  const { divideBy, over } = spec.centralityNormalization;
  const ids = [
    ...(over.includes('unit') ? m.units.map((u) => u.id) : []),
    ...(over.includes('concept') ? m.concepts.map((c) => c.id) : []),
    ...(over.includes('edge') ? m.edges.map((e) => e.id) : []),
  ];
  return divideBy === 'n-minus-1' ? ids.length - 1 : Math.max(0, ...ids.map((id) => degree(m, id)));
}

/** A unit's weight in hundredths under a slip, clamped; NaN where the slip computes none. */
function slippedWeight(m: UasModel, u: UnitInfo, slip: FormulaSlip, divisor: number): number {
  const tokens = slip.split ? slip.split(u.modifiers) : u.modifiers;
  const delta =
    slip.delta ?? ((t: string) => (Object.hasOwn(spec.weightModifiers, t) ? spec.weightModifiers[t] : undefined));
  const counted = slip.sumsRepeats ? tokens : tokens.filter((t, i) => tokens.indexOf(t) === i);
  const sum = counted.reduce((s, t) => s + (delta(t) ?? 0), 0);
  const degree = (slip.degree ?? pinnedDegree)(m, u.id);
  if (slip.nanWithoutEdges && divisor <= 0) return NaN;
  const c = slip.rawDegree ? degree : divisor > 0 ? degree / divisor : 0;
  return Math.min(100, Math.max(0, spec.weightBase + sum + (slip.factor ?? spec.centralityFactor) * c));
}

function formula(name: string, slip: FormulaSlip): Adapter {
  return rejudging(name, 'VAL-WEIGHT-FORMULA', (m, _a, sound) => {
    if (!sound) return [];
    const divisor = divisorOf(m, slip.degree ?? pinnedDegree);
    const out: UasFinding[] = [];
    for (const u of m.units) {
      const tokens = slip.split ? slip.split(u.modifiers) : u.modifiers;
      const delta =
        slip.delta ?? ((t: string) => (Object.hasOwn(spec.weightModifiers, t) ? spec.weightModifiers[t] : undefined));
      const unknown = tokens.some((t) => delta(t) === undefined);
      const repeated = !slip.sumsRepeats && tokens.some((t, i) => tokens.indexOf(t) !== i);
      if (unknown || repeated) {
        out.push({ checkId: 'VAL-WEIGHT-FORMULA', unitId: u.id });
        continue;
      }
      const got = declaredWeight(u.weight);
      const w = slippedWeight(m, u, slip, divisor) / 100;
      if (!Number.isNaN(got) && Math.abs(got - w) > (slip.tolerance ?? spec.weightTolerance) + 1e-9)
        out.push({ checkId: 'VAL-WEIGHT-FORMULA', unitId: u.id });
    }
    return out;
  });
}

const loopsTwice = (m: UasModel, id: string): number =>
  m.edges.reduce((n, e) => n + (e.source === id ? 1 : 0) + (e.target === id ? 1 : 0), 0);

// ------------------------------------------------------------------------------------------------
// VAL-PROMOTION: PM-01 and PM-02 judged with one slip.
// ------------------------------------------------------------------------------------------------

interface PromotionSlip {
  strict?: boolean;
  reachable?: boolean;
  conceptRefsAdjacent?: boolean;
  anyEntryType?: boolean;
  anyIsolation?: boolean;
}

const neighbours = (m: UasModel, id: string): string[] =>
  m.edges.flatMap((e) =>
    e.source === id && e.target !== undefined
      ? [e.target]
      : e.target === id && e.source !== undefined
        ? [e.source]
        : [],
  );

function reachable(m: UasModel, id: string): string[] {
  const seen = new Set([id]);
  const todo = [id];
  while (todo.length > 0) for (const n of neighbours(m, todo.pop()!)) if (!seen.has(n)) seen.add(n), todo.push(n);
  seen.delete(id);
  return [...seen];
}

function promotion(name: string, slip: PromotionSlip): Adapter {
  return rejudging(name, 'VAL-PROMOTION', (m, _a, sound) => {
    if (!sound) return [];
    const divisor = divisorOf(m, pinnedDegree);
    const nodes = new Set(m.nodes);
    const out: UasFinding[] = [];
    const reaches = (w: number, t: number) => (slip.strict ? w > t + 1e-9 : w >= t - 1e-9);
    for (const u of m.units) {
      const tokens = u.modifiers.filter((t, i) => u.modifiers.indexOf(t) === i);
      const w =
        spec.weightBase +
        tokens.reduce((s, t) => s + (Object.hasOwn(spec.weightModifiers, t) ? spec.weightModifiers[t]! : 0), 0) +
        (divisor > 0 ? (spec.centralityFactor * pinnedDegree(m, u.id)) / divisor : 0);
      if (reaches(w, spec.promotion['PM-01'])) {
        const near = slip.reachable ? reachable(m, u.id) : neighbours(m, u.id);
        if (
          !nodes.has(u.id) &&
          !near.some((n) => nodes.has(n)) &&
          !(slip.conceptRefsAdjacent && u.conceptRefs.some((c) => nodes.has(c)))
        )
          out.push({ checkId: 'VAL-PROMOTION', unitId: u.id });
      }
      if (reaches(w, spec.promotion['PM-02']) && pinnedDegree(m, u.id) === 0) {
        if (
          !m.ambiguities.some(
            (a) => (slip.anyEntryType || a.type === 'NODE_ISOLATION') && (slip.anyIsolation || a.ref === u.id),
          )
        )
          out.push({ checkId: 'VAL-PROMOTION', unitId: u.id });
      }
    }
    return out;
  });
}

export const byFamily: ByFamily = {
  'VAL-ROLE-ENUM': {
    ...closedSetSlips('VAL-ROLE-ENUM', 'role', spec.roleAliases, spec.baseRelations),
    // One set for a unit's enumerated attributes: `base_role="SUMMARY"` is a known token to it.
    'hallucinated-role': closedSet(
      "checks a unit's enumerated attributes against one set (base roles and preservation modes together)",
      'VAL-ROLE-ENUM',
      (t) => t !== undefined && spec.preservationModes.includes(t),
    ),
  },
  'VAL-RELATION-ENUM': closedSetSlips('VAL-RELATION-ENUM', 'relation', spec.relationAliases, spec.baseRoles),
  'VAL-OVERFLOW-REGISTER': {
    'overflow-relation-unregistered': overflow('keeps the overflow register for roles only', { rolesOnly: true }),
    'overflow-prototype-name': overflow('looks aliases up with `in`', { resolved: (t) => inherited(t) }),
    'overflow-case-variant': overflow('resolves specialized roles without regard to case', {
      resolved: (t, base, aliases) => upperKeys(aliases, base).has(t.toUpperCase()),
    }),
    'overflow-whitespace': overflow('trims specialized roles before the lookup', {
      resolved: (t, base, aliases) => base.includes(t.trim()) || Object.hasOwn(aliases, t.trim()),
    }),
    'overflow-wrong-type': overflow('takes any register entry with the unit and the token', { ignores: 'type' }),
    'overflow-other-ref': overflow('matches overflow entries by token only', { ignores: 'ref' }),
    'overflow-other-token': overflow('matches overflow entries by unit only', { ignores: 'token' }),
    'overflow-unknown-type': overflow('does not check entry types', { noTypeCheck: true }),
  },
  'VAL-EDGE-REF': {
    // The compiler's id scheme taken for the id table, at edge targets: `unit_<n>` and `CR-<n>` exist to it.
    'dangling-edge': references(
      "takes an edge target of the compiler's id scheme (unit_<n>, CR-<n>) for declared without looking it up",
      (r, m) => r.at === 'target' && undeclared(r, m) && r.ref !== undefined && /^(?:unit_|CR-)[0-9]+$/.test(r.ref),
    ),
    'dangling-edge-source': references(
      'checks that edge targets exist, not sources',
      (r, m) => r.at === 'source' && undeclared(r, m),
    ),
    'dangling-node': references('skips <node> refs it cannot resolve', (r, m) => r.at === 'node' && undeclared(r, m)),
    'dangling-register-ref': references(
      'skips register entries about elements it cannot find',
      (r, m) => r.at === 'register' && undeclared(r, m),
    ),
    'wrong-kind-ref': references(
      'lets edge ends name any declared element',
      (r, m) => (r.at === 'source' || r.at === 'target') && !undeclared(r, m),
    ),
    'node-wrong-kind': references(
      'lets a <node> name any declared element',
      (r, m) => r.at === 'node' && !undeclared(r, m),
    ),
    'register-wrong-kind': references(
      'lets a register entry name any declared element',
      (r, m) => r.at === 'register' && !undeclared(r, m),
    ),
    'ref-prototype-name': references(
      'keeps ids in a plain object and asks `ref in ids`',
      (r, m) => r.at !== 'concept' && undeclared(r, m) && r.ref !== undefined && inherited(r.ref),
    ),
    'ref-case-variant': references(
      'resolves references without regard to case',
      (r, m) =>
        r.at !== 'concept' &&
        r.ref !== undefined &&
        [...m.ids.keys()].some((id) => id.toLowerCase() === r.ref!.toLowerCase() && r.kinds.includes(kindIn(m, id)!)),
    ),
    'ref-whitespace': references(
      'trims references before the lookup',
      (r, m) =>
        r.at !== 'concept' &&
        r.ref !== undefined &&
        r.ref !== r.ref.trim() &&
        r.kinds.includes(kindIn(m, r.ref.trim()) ?? ('none' as UasElementKind)),
    ),
    'ref-missing': references(
      'checks a reference only when it has a value',
      (r) => r.at !== 'concept' && (r.ref === undefined || r.ref === ''),
    ),
    'ref-non-element-id': references(
      'indexes the id attribute of every element',
      (r, m, a) => r.at !== 'concept' && undeclared(r, m) && r.ref !== undefined && everyIdAttribute(a).has(r.ref),
    ),
  },
  'VAL-CONCEPT-REF': {
    'concept-ref-wrong-kind': references(
      'lets concept_refs name any declared element',
      (r, m) => r.at === 'concept' && !undeclared(r, m),
    ),
    'concept-ref-prototype-name': references(
      'keeps concepts in a plain object and asks `ref in concepts`',
      (r, m) => r.at === 'concept' && undeclared(r, m) && r.ref !== undefined && inherited(r.ref),
    ),
    'concept-ref-case-variant': references(
      'resolves concept references without regard to case',
      (r, m) =>
        r.at === 'concept' &&
        r.ref !== undefined &&
        m.concepts.some((c) => c.id.toLowerCase() === r.ref!.toLowerCase()),
    ),
    'concept-ref-by-term': references(
      'resolves concept references by term and alias too',
      (r, m, a) => r.at === 'concept' && undeclared(r, m) && r.ref !== undefined && conceptNames(a).has(r.ref),
    ),
    'concept-ref-separator': references(
      'splits concept_refs at any white space, comma or semicolon',
      (r, m) =>
        r.at === 'concept' &&
        r.ref !== undefined &&
        r.ref
          .split(/[\s,;]+/)
          .filter((x) => x !== '')
          .every((x) => kindIn(m, x) === 'concept'),
    ),
    // The compiler's id scheme taken for the registry: `CR-` and digits is a concept to it, declared or not.
    'dangling-concept': references(
      'takes any CR-<digits> token for a concept without looking it up',
      (r, m) => r.at === 'concept' && undeclared(r, m) && r.ref !== undefined && /^CR-[0-9]+$/.test(r.ref),
    ),
    'concept-ref-non-element-id': references(
      'indexes the id attribute of every element for concepts',
      (r, m, a) => r.at === 'concept' && undeclared(r, m) && r.ref !== undefined && everyIdAttribute(a).has(r.ref),
    ),
  },
  'VAL-WEIGHT-RANGE': {
    // `if (w > 1) reject`, the lower bound forgotten, with a reader that takes a minus sign.
    'weight-out-of-range': weightReader('checks only the upper bound (a negative weight passes)', (t) =>
      t !== undefined && /^-(?:0|[1-9][0-9]*)(?:\.[0-9]+)?$/.test(t) && Number(t) < 0 ? NaN : strictNumber(t),
    ),
    'weight-past-bound': weightReader('checks the range on the weight rounded to two decimals', (t) => {
      const m = t === undefined ? null : /^(0|[1-9][0-9]*)(\.[0-9]+)?$/.exec(t);
      return m ? Math.round(Number(t) * 100) / 100 : undefined;
    }),
    'weight-number-spelling': weightReader(
      'reads weights with a float grammar (sign, exponent, no integer digit)',
      (t) =>
        t !== undefined && /^[+-]?(?:(?:0|[1-9][0-9]*)(?:\.[0-9]+)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/.test(t)
          ? Number(t)
          : undefined,
    ),
    'weight-leading-zero': weightReader('allows leading zeros (digits, a point, digits)', (t) =>
      t !== undefined && /^[0-9]+(\.[0-9]+)?$/.test(t) ? Number(t) : undefined,
    ),
    'weight-trailing-garbage': weightReader('reads the number a weight starts with and ignores the rest', (t) => {
      const m = t === undefined ? null : /^(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?![0-9])/.exec(t);
      return m ? Number(m[0]) : undefined;
    }),
    'weight-whitespace': weightReader('trims weights before reading them', (t) =>
      t === undefined ? undefined : strictNumber(t.trim()),
    ),
    'weight-not-a-number': weightReader('skips weights that are not numbers at all', (t) =>
      t !== undefined && Number.isNaN(Number.parseFloat(t)) ? NaN : strictNumber(t),
    ),
    'weight-missing': weightReader('judges a weight only when the attribute is there', (t) =>
      t === undefined ? NaN : strictNumber(t),
    ),
  },
  'VAL-WEIGHT-FORMULA': {
    'weight-just-off': formula('compares weights with a tolerance of 0.015', {
      tolerance: spec.weightTolerance + 0.01,
    }),
    'weight-without-centrality': formula('leaves the centrality term out', { factor: 0 }),
    'weight-raw-degree': formula('uses the raw degree for C', { rawDegree: true }),
    'weight-no-edges': formula('divides 0 by 0 when no unit has an edge', { nanWithoutEdges: true }),
    'weight-degree-count': formula('counts an edge from a unit to itself twice', { degree: loopsTwice }),
    'modifier-repeated': formula('sums a modifier each time it is listed', { sumsRepeats: true }),
    'modifier-case': formula('looks modifiers up without regard to case', {
      delta: (t) =>
        Object.hasOwn(spec.weightModifiers, t.toUpperCase()) ? spec.weightModifiers[t.toUpperCase()] : undefined,
    }),
    'modifier-prototype-name': formula('looks modifiers up with `in`', {
      delta: (t) => (Object.hasOwn(spec.weightModifiers, t) ? spec.weightModifiers[t] : t in {} ? NaN : undefined),
    }),
    // Forward-compatible by intent: an upper snake case token it does not know is a modifier of a newer table, worth 0.
    'weight-formula': formula('counts an unknown modifier spelled like one (upper snake case) as 0, unreported', {
      delta: (t) =>
        Object.hasOwn(spec.weightModifiers, t) ? spec.weightModifiers[t] : /^[A-Z][A-Z0-9_]*$/.test(t) ? 0 : undefined,
    }),
    'modifier-separator': formula('splits weight_modifiers at any white space, comma or semicolon', {
      split: (ts) => ts.flatMap((t) => t.split(/[\s,;]+/)).filter((t) => t !== ''),
    }),
  },
  'VAL-PROMOTION': {
    'promotion-at-threshold': promotion('promotes at w > 0.85 and w > 0.95', { strict: true }),
    'promotion-two-hops': promotion('takes any node reachable through edges for PM-01', { reachable: true }),
    'promotion-concept-ref': promotion('takes a promoted concept the unit refers to for an adjacent node', {
      conceptRefsAdjacent: true,
    }),
    'promotion-wrong-entry-type': promotion('takes any register entry naming the unit for PM-02', {
      anyEntryType: true,
    }),
    'promotion-isolation-elsewhere': promotion('takes any NODE_ISOLATION entry of the register for PM-02', {
      anyIsolation: true,
    }),
  },
};
