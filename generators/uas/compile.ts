import type { UasSpec } from '../../src/spec/uas.js';
import { formatWeight, sha256Hex, type GenAmbiguity, type GenConcept, type GenDoc, type GenEdge, type GenUnit } from './model.js';
import { Prng } from './prng.js';
import type { BlockKind, UasSource } from './source.js';
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
  heading: 'heading', prose: 'paragraph', code: 'code_block', formula: 'formula', acronym: 'definition',
  list: 'list', control: 'binary_run', binary: 'binary_run', unicode: 'paragraph',
};
const ROLES: Record<BlockKind, string[]> = {
  heading: ['CLAIM', 'OBSERVATION', 'OUTCOME'],
  prose: ['CLAIM', 'EVIDENCE', 'REQUIREMENT', 'WARNING', 'LIMITATION', 'OPEN_QUESTION', 'AMBIGUITY', 'EXAMPLE', 'PROOF'],
  code: ['IMPLEMENTATION_DIRECTIVE', 'ALGORITHM', 'MECHANISM', 'EXAMPLE'],
  formula: ['FORMULA', 'PARAMETER', 'CONSTRAINT'],
  acronym: ['DEFINITION'],
  list: ['REQUIREMENT', 'CONSTRAINT', 'OBSERVATION'],
  control: ['OBSERVATION', 'EVIDENCE'],
  binary: ['OBSERVATION'],
  unicode: ['OBSERVATION', 'CLAIM', 'EXAMPLE'],
};
/** Specialized tokens no alias table resolves: they need a ROLE_OVERFLOW / RELATION_OVERFLOW entry. */
export const UNREGISTERED_ROLES = ['HYPOTHESIS', 'RISK', 'ASSUMPTION', 'HEURISTIC'];
export const UNREGISTERED_RELATIONS = ['REFINES', 'MOTIVATES', 'PARAPHRASES'];

/**
 * Compiles a source into a valid document (seed 003 PHASE-03 to PHASE-09), every choice drawn from a
 * seeded PRNG: preservation mode, roles and aliases, concepts, edges, weights by the pinned formula,
 * promotion (PM-01 nodes, PM-02 isolation entries) and overflow entries.
 */
export function compileUas(src: UasSource, seed: number, spec: UasSpec): GenDoc {
  const r = new Prng(seed);
  const ambiguities: GenAmbiguity[] = [];
  const concepts: GenConcept[] = [];
  for (const b of src.blocks) {
    if (b.acronym && !concepts.some((c) => c.term === b.acronym!.term)) {
      concepts.push({ id: `CR-${String(concepts.length + 1).padStart(3, '0')}`, term: b.acronym.term, expansion: b.acronym.expansion, aliases: r.chance(0.5) ? [b.acronym.expansion.toLowerCase()] : [] });
    }
  }
  if (concepts.length === 0 || r.chance(0.3)) concepts.push({ id: `CR-${String(concepts.length + 1).padStart(3, '0')}`, term: 'hash lock', aliases: ['hash-lock', 'text lock'] });
  const aliasRoles = Object.entries(spec.roleAliases);
  const modifierNames = Object.keys(spec.weightModifiers);
  const units: GenUnit[] = src.blocks.map((b, i) => {
    const bytes = src.bytes.subarray(b.start, b.end);
    const text = representable(bytes);
    const roll = r.next();
    const mode = text === undefined ? 'SPAN_ONLY' : roll < 0.7 ? 'VERBATIM_FULL' : roll < 0.85 ? 'SPAN_ONLY' : 'SUMMARY';
    const id = `unit_${i + 1}`;
    let baseRole = r.pick(ROLES[b.kind]);
    let specializedRole: string | undefined;
    const s = r.next();
    if (s < 0.2) {
      const [alias, base] = r.pick(aliasRoles);
      specializedRole = alias;
      baseRole = base;
    } else if (s < 0.35) {
      specializedRole = r.pick(UNREGISTERED_ROLES);
      ambiguities.push({ type: 'ROLE_OVERFLOW', ref: id, token: specializedRole, note: `No alias maps ${specializedRole} to a base role; mapped to ${baseRole}.` });
    }
    const boost = r.chance(0.35) ? ['CORE_THESIS', 'EXECUTABLE_RULE'].slice(0, 1 + r.int(2)) : [];
    const modifiers = [...new Set([...boost, ...r.shuffle(modifierNames).slice(0, r.int(3))])];
    const conceptRefs = concepts.filter((c) => (text ?? '').includes(c.term) || r.chance(0.15)).map((c) => c.id);
    return {
      id, sourceOrder: String(i + 1), surfaceForm: SURFACE[b.kind], start: b.start, end: b.end, spanSha256: sha256Hex(bytes),
      baseRole, ...(specializedRole ? { specializedRole } : {}), mode,
      ...(mode === 'VERBATIM_FULL' ? { text } : mode === 'SUMMARY' ? { text: `Summary (${SURFACE[b.kind]}): ${[...(text ?? '')].slice(0, 10).join('').trim()}…` } : {}),
      weight: '', modifiers, conceptRefs,
    };
  });
  const ends = [...units.map((u) => u.id), ...concepts.map((c) => c.id)];
  const edges: GenEdge[] = [];
  const edgeCount = r.int(units.length * 2 + 1);
  for (let k = 0; k < edgeCount && ends.length > 1; k++) {
    const source = r.pick(ends);
    const target = r.pick(ends.filter((e) => e !== source));
    const id = `edge_${k + 1}`;
    let baseRelation = r.pick(spec.baseRelations);
    let specializedRelation: string | undefined;
    const s = r.next();
    if (s < 0.15) {
      const [alias, base] = r.pick(Object.entries(spec.relationAliases));
      specializedRelation = alias;
      baseRelation = base;
    } else if (s < 0.25) {
      specializedRelation = r.pick(UNREGISTERED_RELATIONS);
      ambiguities.push({ type: 'RELATION_OVERFLOW', ref: id, token: specializedRelation, note: `Relation ${specializedRelation} is not a registered subtype.` });
    }
    edges.push({ id, source, target, baseRelation, ...(specializedRelation ? { specializedRelation } : {}) });
  }
  const deg = new Map(units.map((u) => [u.id, edges.filter((e) => e.source === u.id || e.target === u.id).length]));
  const maxDeg = Math.max(0, ...deg.values());
  const norm = spec.centralityNormalization === 'n-minus-1' ? units.length - 1 : maxDeg;
  const nodes: string[] = [];
  for (const u of units) {
    const d = deg.get(u.id)!;
    const sum = u.modifiers.reduce((s, t) => s + spec.weightModifiers[t], 0);
    const exact = spec.weightBase + sum + (norm > 0 ? (spec.centralityFactor * d) / norm : 0);
    u.weight = formatWeight(Math.floor(exact + 0.5));
    if (exact >= spec.promotion['PM-01'] || r.chance(0.1)) nodes.push(u.id);
    if (exact >= spec.promotion['PM-02'] && d === 0) ambiguities.push({ type: 'NODE_ISOLATION', ref: u.id, note: 'Critical unit with no explicit relation in the source.' });
  }
  if (r.chance(0.3)) nodes.push(r.pick(concepts).id);
  const children = spec.childOrder.filter((c) => c.required || (c.name === 'migration_report' && src.legacy)).map((c) => c.name);
  return {
    rootSha256: sha256Hex(src.bytes), byteLength: src.bytes.length, ...(src.legacy ? { migration: [src.legacy] } : {}),
    concepts, units, nodes, edges, ambiguities, children,
  };
}
