import type { UasElementKind, UasSpec } from '../../src/spec/uas.js';
import {
  formatWeight,
  sha256Hex,
  type GenAmbiguity,
  type GenConcept,
  type GenDoc,
  type GenEdge,
  type GenUnit,
} from './model.js';
import { Prng } from './prng.js';
import type { BlockKind, UasSource } from './source.js';
import { centralityDivisor, declaredHundredths, degreeOf, exactHundredths } from './weights.js';
import { xmlCanCarry } from './xml-char.js';

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The text of a span when XML 1.0 can carry it verbatim, else undefined (D-UAS-05: span-only). */
export function representable(bytes: Uint8Array): string | undefined {
  let s: string;
  try {
    s = strict.decode(bytes);
  } catch {
    return undefined;
  }
  return xmlCanCarry(s) ? s : undefined;
}

const SURFACE: Record<BlockKind, string> = {
  heading: 'heading',
  prose: 'paragraph',
  code: 'code_block',
  formula: 'formula',
  acronym: 'definition',
  list: 'list',
  control: 'binary_run',
  binary: 'binary_run',
  unicode: 'paragraph',
};
const ROLES: Record<BlockKind, string[]> = {
  heading: ['CLAIM', 'OBSERVATION', 'OUTCOME'],
  prose: [
    'CLAIM',
    'EVIDENCE',
    'REQUIREMENT',
    'WARNING',
    'LIMITATION',
    'OPEN_QUESTION',
    'AMBIGUITY',
    'EXAMPLE',
    'PROOF',
  ],
  code: ['IMPLEMENTATION_DIRECTIVE', 'ALGORITHM', 'MECHANISM', 'EXAMPLE'],
  formula: ['FORMULA', 'PARAMETER', 'CONSTRAINT'],
  acronym: ['DEFINITION'],
  list: ['REQUIREMENT', 'CONSTRAINT', 'OBSERVATION'],
  control: ['OBSERVATION', 'EVIDENCE'],
  binary: ['OBSERVATION'],
  unicode: ['OBSERVATION', 'CLAIM', 'EXAMPLE'],
};
/**
 * Names every JavaScript object inherits (`Object.prototype`): as roles, relations, modifiers, ids
 * or refs they are tokens like any other, and catch a verifier that looks them up in a plain object.
 */
export const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];

/** Specialized tokens the bundled alias tables do not resolve: they need a ROLE_OVERFLOW / RELATION_OVERFLOW entry. */
export const UNREGISTERED_ROLES = ['HYPOTHESIS', 'RISK', 'ASSUMPTION', 'HEURISTIC', 'constructor', '__proto__'];
export const UNREGISTERED_RELATIONS = ['REFINES', 'MOTIVATES', 'PARAPHRASES', 'toString', 'hasOwnProperty'];

/** The specialized roles of `UNREGISTERED_ROLES` that `spec` does not resolve (an override may register some). */
export const unregisteredRoles = (spec: UasSpec): string[] =>
  UNREGISTERED_ROLES.filter((t) => !spec.baseRoles.includes(t) && !Object.hasOwn(spec.roleAliases, t));
/** The specialized relations of `UNREGISTERED_RELATIONS` that `spec` does not resolve. */
export const unregisteredRelations = (spec: UasSpec): string[] =>
  UNREGISTERED_RELATIONS.filter((t) => !spec.baseRelations.includes(t) && !Object.hasOwn(spec.relationAliases, t));

/** True when a register entry of `type` may name an element of `kind` (D-UAS-11). */
export const entryMayName = (spec: UasSpec, type: string, kind: UasElementKind): boolean =>
  Object.hasOwn(spec.ambiguityRefKinds, type) && spec.ambiguityRefKinds[type].includes(kind);

/**
 * The legacy container a verifier finds in the source (D-UAS-12): the wrapper's name when its
 * opening tag ends within the first `legacyScanBytes` bytes, else none.
 */
export function detectedLegacy(src: UasSource, spec: UasSpec): string | undefined {
  const l = src.legacy;
  return l && l.tagEnd <= spec.legacyScanBytes && spec.legacyContainers.includes(l.name) ? l.name : undefined;
}

const pad = (n: number) => String(n).padStart(3, '0');

/** What the compiling steps share: the draws, the spec, and the register entries they add. */
interface Compiling {
  r: Prng;
  spec: UasSpec;
  ambiguities: GenAmbiguity[];
}

/** PHASE-05: a concept per acronym of the source, and now and then one more (sometimes with an inherited name as id). */
function compileConcepts(src: UasSource, { r }: Compiling): GenConcept[] {
  const concepts: GenConcept[] = [];
  for (const b of src.blocks) {
    if (b.acronym && !concepts.some((c) => c.term === b.acronym!.term)) {
      concepts.push({
        id: `CR-${pad(concepts.length + 1)}`,
        term: b.acronym.term,
        expansion: b.acronym.expansion,
        aliases: r.chance(0.5) ? [b.acronym.expansion.toLowerCase()] : [],
      });
    }
  }
  if (concepts.length === 0 || r.chance(0.3)) {
    // Sometimes an id every JavaScript object inherits: a verifier's id table must not know it already.
    const id = r.chance(0.25) ? r.pick(PROTOTYPE_NAMES) : `CR-${pad(concepts.length + 1)}`;
    concepts.push({ id, term: 'hash lock', aliases: ['hash-lock', 'text lock'] });
  }
  return concepts;
}

/**
 * PHASE-03 and PHASE-04 for one block: its span and hash, a mode (span-only where XML cannot carry
 * the text), a role with now and then a registered alias or an unregistered token and its
 * ROLE_OVERFLOW entry, modifiers, and concept references. The weight comes later.
 */
function compileUnit(
  src: UasSource,
  b: UasSource['blocks'][number],
  i: number,
  concepts: readonly GenConcept[],
  c: Compiling,
): GenUnit {
  const { r, spec } = c;
  const bytes = src.bytes.subarray(b.start, b.end);
  const text = representable(bytes);
  const roll = r.next();
  const mode = text === undefined ? 'SPAN_ONLY' : roll < 0.7 ? 'VERBATIM_FULL' : roll < 0.85 ? 'SPAN_ONLY' : 'SUMMARY';
  const id = `unit_${i + 1}`;
  const aliases = Object.entries(spec.roleAliases);
  const unregistered = entryMayName(spec, 'ROLE_OVERFLOW', 'unit') ? unregisteredRoles(spec) : [];
  let baseRole = r.pick(ROLES[b.kind]);
  let specializedRole: string | undefined;
  const s = r.next();
  if (s < 0.2 && aliases.length > 0) {
    [specializedRole, baseRole] = r.pick(aliases);
  } else if (s < 0.35 && unregistered.length > 0) {
    specializedRole = r.pick(unregistered);
    c.ambiguities.push({
      type: 'ROLE_OVERFLOW',
      ref: id,
      token: specializedRole,
      note: `No alias maps ${specializedRole} to a base role; mapped to ${baseRole}.`,
    });
  }
  const boost = r.chance(0.35) ? ['CORE_THESIS', 'EXECUTABLE_RULE'].slice(0, 1 + r.int(2)) : [];
  const modifiers = [...new Set([...boost, ...r.shuffle(Object.keys(spec.weightModifiers)).slice(0, r.int(3))])].filter(
    (t) => Object.hasOwn(spec.weightModifiers, t),
  );
  const conceptRefs = concepts.filter((x) => (text ?? '').includes(x.term) || r.chance(0.15)).map((x) => x.id);
  return {
    id,
    sourceOrder: String(i + 1),
    surfaceForm: SURFACE[b.kind],
    start: b.start,
    end: b.end,
    spanSha256: sha256Hex(bytes),
    baseRole,
    ...(specializedRole ? { specializedRole } : {}),
    mode,
    ...(mode === 'VERBATIM_FULL'
      ? { text }
      : mode === 'SUMMARY'
        ? { text: `Summary (${SURFACE[b.kind]}): ${[...(text ?? '')].slice(0, 10).join('').trim()}…` }
        : {}),
    weight: '',
    modifiers,
    conceptRefs,
  };
}

/**
 * PHASE-07: edges between elements of the kinds an edge may join, each with a base relation and
 * now and then a registered alias or an unregistered subtype and its RELATION_OVERFLOW entry.
 */
function compileEdges(edgeIds: readonly string[], ends: readonly string[], c: Compiling): GenEdge[] {
  const { r, spec } = c;
  const aliases = Object.entries(spec.relationAliases);
  const unregistered = entryMayName(spec, 'RELATION_OVERFLOW', 'edge') ? unregisteredRelations(spec) : [];
  const edges: GenEdge[] = [];
  for (const id of edgeIds) {
    if (ends.length < 2) break;
    const source = r.pick(ends);
    const target = r.pick(ends.filter((e) => e !== source));
    let baseRelation = r.pick(spec.baseRelations);
    let specializedRelation: string | undefined;
    const s = r.next();
    if (s < 0.15 && aliases.length > 0) {
      [specializedRelation, baseRelation] = r.pick(aliases);
    } else if (s < 0.25 && unregistered.length > 0) {
      specializedRelation = r.pick(unregistered);
      c.ambiguities.push({
        type: 'RELATION_OVERFLOW',
        ref: id,
        token: specializedRelation,
        note: `Relation ${specializedRelation} is not a registered subtype.`,
      });
    }
    edges.push({ id, source, target, baseRelation, ...(specializedRelation ? { specializedRelation } : {}) });
  }
  return edges;
}

/**
 * PHASE-06 and PHASE-08: each unit's weight by the formula (written with a rounding the tolerance
 * admits), PM-01 nodes (and now and then one more), PM-02 isolation entries. Returns the nodes.
 */
function weighAndPromote(
  graph: { units: GenUnit[]; concepts: GenConcept[]; edges: GenEdge[] },
  c: Compiling,
): string[] {
  const { r, spec } = c;
  const divisor = centralityDivisor(graph, spec);
  const canIsolate = entryMayName(spec, 'NODE_ISOLATION', 'unit');
  const nodes: string[] = [];
  for (const u of graph.units) {
    const d = degreeOf(graph, u.id);
    let exact = exactHundredths(graph, u, spec, divisor);
    // A critical unit with no edge needs a NODE_ISOLATION entry (PM-02); where no entry may name a
    // unit, the unit is made less critical instead.
    while (!canIsolate && d === 0 && exact >= spec.promotion['PM-02']) {
      const boost = u.modifiers.findIndex((t) => spec.weightModifiers[t] > 0);
      if (boost < 0) break;
      u.modifiers = u.modifiers.filter((_, i) => i !== boost);
      exact = exactHundredths(graph, u, spec, divisor);
    }
    u.weight = formatWeight(declaredHundredths(exact, spec, r));
    if (exact >= spec.promotion['PM-01'] || r.chance(0.1)) nodes.push(u.id);
    if (exact >= spec.promotion['PM-02'] && d === 0)
      c.ambiguities.push({
        type: 'NODE_ISOLATION',
        ref: u.id,
        note: 'Critical unit with no explicit relation in the source.',
      });
  }
  return nodes;
}

/**
 * Compiles a source into a valid document (seed 003 PHASE-03 to PHASE-09) under `spec`, every
 * choice drawn from a seeded PRNG: preservation mode, roles and aliases, concepts, edges between
 * the kinds edges may join, weights by the formula within the tolerance, promotion (PM-01 nodes,
 * PM-02 isolation entries), overflow entries, and register entries of each type naming elements of
 * the kinds that type may name.
 */
export function compileUas(src: UasSource, seed: number, spec: UasSpec): GenDoc {
  const c: Compiling = { r: new Prng(seed), spec, ambiguities: [] };
  const { r } = c;
  const concepts = compileConcepts(src, c);
  const units = src.blocks.map((b, i) => compileUnit(src, b, i, concepts, c));
  const edgeIds = Array.from({ length: r.int(units.length * 2 + 1) }, (_, k) => `edge_${k + 1}`);
  const ofKinds = (kinds: readonly UasElementKind[]): string[] => [
    ...(kinds.includes('unit') ? units.map((u) => u.id) : []),
    ...(kinds.includes('concept') ? concepts.map((x) => x.id) : []),
    ...(kinds.includes('edge') ? edgeIds : []),
  ];
  const edges = compileEdges(edgeIds, ofKinds(spec.referenceKinds.edge), c);
  const nodes = weighAndPromote({ units, concepts, edges }, c);
  const otherNodes = ofKinds(spec.referenceKinds.node.filter((k) => k !== 'unit'));
  if (otherNodes.length > 0 && r.chance(0.3)) nodes.push(r.pick(otherNodes));
  c.ambiguities.push(...optionalEntries(r, spec, ofKinds, concepts));
  const legacy = detectedLegacy(src, spec);
  // The report of a migration appears exactly when the source is a legacy container; another optional child, now and then.
  const children = spec.childOrder
    .filter((x) => (x.name === 'migration_report' ? legacy !== undefined : x.required || r.chance(0.5)))
    .map((x) => x.name);
  return {
    rootSha256: sha256Hex(src.bytes),
    byteLength: src.bytes.length,
    ...(legacy ? { migration: [legacy] } : {}),
    concepts,
    units,
    nodes,
    edges,
    ambiguities: c.ambiguities,
    children,
  };
}

/**
 * Register entries no rule requires: a NODE_ISOLATION or a COLLISION entry now and then, naming an
 * element of a kind its type may name (D-UAS-11), so that a verifier is seen to accept each kind.
 */
function optionalEntries(
  r: Prng,
  spec: UasSpec,
  ofKinds: (kinds: readonly UasElementKind[]) => string[],
  concepts: readonly GenConcept[],
): GenAmbiguity[] {
  const out: GenAmbiguity[] = [];
  for (const type of ['NODE_ISOLATION', 'COLLISION']) {
    if (!spec.ambiguityTypes.includes(type) || !Object.hasOwn(spec.ambiguityRefKinds, type) || !r.chance(0.3)) continue;
    const pool = ofKinds(spec.ambiguityRefKinds[type]);
    if (pool.length === 0) continue;
    const ref = r.pick(pool);
    const term = concepts.find((c) => c.id === ref)?.term;
    out.push(
      type === 'COLLISION'
        ? {
            type,
            ref,
            ...(term ? { token: term } : {}),
            note: `The term ${term ?? ref} collides with another name of the registry.`,
          }
        : { type, ref, note: 'Kept apart on purpose: the source relates it to nothing.' },
    );
  }
  return out;
}
