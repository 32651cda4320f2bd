import type { UasElementKind, UasSpec } from '../../src/spec/uas.js';
import type { GenAmbiguity, GenConcept, GenEdge, GenUnit } from './model.js';
import type { Prng } from './prng.js';

/** The parts of a document the weighting formula reads. */
export interface WeightGraph {
  units: readonly Pick<GenUnit, 'id' | 'modifiers'>[];
  concepts: readonly Pick<GenConcept, 'id'>[];
  edges: readonly Pick<GenEdge, 'id' | 'source' | 'target'>[];
}

/** How a reading counts the degree of an element from the edges. */
export type DegreeCount = (g: Pick<WeightGraph, 'edges'>, id: string) => number;

/** Degree of an element: the edges that name it as source or target, each edge once (D-UAS-10). */
export function degreeOf(g: Pick<WeightGraph, 'edges'>, id: string): number {
  return g.edges.filter((e) => e.source === id || e.target === id).length;
}

/** The ids of the elements of the given kinds, in document order (units, concepts, then edges). */
function idsOfKinds(g: WeightGraph, kinds: readonly UasElementKind[]): string[] {
  return [
    ...(kinds.includes('unit') ? g.units.map((u) => u.id) : []),
    ...(kinds.includes('concept') ? g.concepts.map((c) => c.id) : []),
    ...(kinds.includes('edge') ? g.edges.map((e) => e.id) : []),
  ];
}

/**
 * The divisor of the seed's normalized centrality under `centralityNormalization` (D-UAS-10): the
 * largest degree among the elements of the kinds `over`, or n - 1 with n the number of them.
 */
export function centralityDivisor(g: WeightGraph, spec: UasSpec, degree: DegreeCount = degreeOf): number {
  const { divideBy, over } = spec.centralityNormalization;
  const population = idsOfKinds(g, over);
  if (divideBy === 'n-minus-1') return population.length - 1;
  return Math.max(0, ...population.map((id) => degree(g, id)));
}

/** A modifier's delta in hundredths; 0 for a token the table does not own (`toString` included). */
const delta = (spec: UasSpec, token: string): number =>
  Object.hasOwn(spec.weightModifiers, token) ? spec.weightModifiers[token] : 0;

/** The sum of a unit's deltas, each condition once (a repeated token counts at its first place, seed 003 §2.3). */
export const deltaSum = (modifiers: readonly string[], spec: UasSpec): number =>
  modifiers.reduce((s, t, i) => s + (modifiers.indexOf(t) === i ? delta(spec, t) : 0), 0);

/**
 * A unit's exact weight in hundredths before clamping: 50 + sum of deltas + 5 * degree / divisor
 * (seed 003 §2.3), the centrality 0 when the divisor is 0 or less. The generators' own arithmetic.
 */
export function exactHundredths(
  g: WeightGraph,
  u: Pick<GenUnit, 'id' | 'modifiers'>,
  spec: UasSpec,
  divisor = centralityDivisor(g, spec),
): number {
  return (
    spec.weightBase +
    deltaSum(u.modifiers, spec) +
    (divisor > 0 ? (spec.centralityFactor * degreeOf(g, u.id)) / divisor : 0)
  );
}

/** The exact weight as the formula states it: clamped to [0, 100] hundredths. */
export const clampedHundredths = (exact: number): number => Math.min(100, Math.max(0, exact));

/** The two-decimal weight (in hundredths) nearest an exact weight, clamped. */
export const nearestHundredths = (exact: number): number => Math.floor(clampedHundredths(exact) + 0.5);

/**
 * The two-decimal weights (in hundredths) within `weightTolerance` of an exact weight: every
 * rounding a compiler may do under the pinned tolerance (D-UAS-10).
 */
export function acceptableHundredths(exact: number, spec: UasSpec): number[] {
  const c = clampedHundredths(exact);
  const room = spec.weightTolerance * 100 + 1e-7;
  const out: number[] = [];
  for (let h = Math.max(0, Math.floor(c - room)); h <= Math.min(100, Math.ceil(c + room)); h++)
    if (Math.abs(h - c) <= room) out.push(h);
  return out;
}

/**
 * The weight a compiler writes for an exact weight: mostly the nearest two-decimal value, sometimes
 * another one the tolerance admits. With a tolerance below 0.005 no two-decimal value may be close
 * enough; the nearest is written then.
 */
export function declaredHundredths(exact: number, spec: UasSpec, r: Prng): number {
  const nearest = nearestHundredths(exact);
  const ok = acceptableHundredths(exact, spec);
  if (ok.length === 0 || (ok.includes(nearest) && r.chance(0.6))) return nearest;
  return r.pick(ok);
}

/** True when `h` hundredths is clearly outside the tolerance of an exact weight (a broken weight). */
export function clearlyWrong(h: number, exact: number, spec: UasSpec): boolean {
  return Math.abs(h - clampedHundredths(exact)) > spec.weightTolerance * 100 + 1e-4;
}

/**
 * A way of computing weights: the pinned formula, or one of the misreadings implementations make of
 * it (seed 003 §2.3 read loosely). The weight families break a document so that every reading but
 * the one a family aims at rejects it, and that one accepts it: a verifier that reads the formula so
 * fails exactly that family.
 */
export interface WeightReading {
  readonly name: string;
  /** Every unit's weight under this reading, in hundredths and clamped; NaN where the reading cannot judge the weight. */
  weigh(g: WeightGraph, spec: UasSpec): Map<string, number>;
  /** How far a declared weight may be from it, in hundredths. */
  room(spec: UasSpec): number;
}

/** Degrees with an edge from an element to itself counted twice (once per end). */
export const loopsTwice: DegreeCount = (g, id) =>
  g.edges.reduce((n, e) => n + (e.source === id ? 1 : 0) + (e.target === id ? 1 : 0), 0);

/** Degrees as the number of distinct elements joined (parallel edges once, a self-loop once). */
export const distinctNeighbours: DegreeCount = (g, id) =>
  new Set(g.edges.flatMap((e) => (e.source === id ? [e.target] : e.target === id ? [e.source] : []))).size;

/** A reading from how it counts degrees, normalizes and scales the centrality. */
function reading(
  name: string,
  opts: {
    degree?: DegreeCount;
    divisor?: 'pinned' | 'one';
    factor?: number;
    nanWhenNoDivisor?: boolean;
    extraRoom?: number;
  },
): WeightReading {
  const degree = opts.degree ?? degreeOf;
  return {
    name,
    weigh(g, spec) {
      const divisor = opts.divisor === 'one' ? 1 : centralityDivisor(g, spec, degree);
      const factor = opts.factor ?? spec.centralityFactor;
      return new Map(
        g.units.map((u) => {
          if (opts.nanWhenNoDivisor && divisor <= 0) return [u.id, NaN];
          const c = divisor > 0 ? (factor * degree(g, u.id)) / divisor : 0;
          return [u.id, clampedHundredths(spec.weightBase + deltaSum(u.modifiers, spec) + c)];
        }),
      );
    },
    room: (spec) => spec.weightTolerance * 100 + (opts.extraRoom ?? 0),
  };
}

/** The pinned formula (D-UAS-10). */
export const PINNED_READING = reading('pinned', {});

/**
 * The misreadings of the formula the pack tells apart, by family: a tolerance one hundredth
 * wider than the pinned one (`weight-just-off`), no centrality term (`weight-without-centrality`), the raw degree
 * (`weight-raw-degree`), a 0/0 centrality that makes every comparison false (`weight-no-edges`),
 * and self-loops counted twice or parallel edges once (`weight-degree-count`).
 */
export const WEIGHT_MISREADINGS: Readonly<Record<string, WeightReading>> = {
  'loose-tolerance': reading('loose-tolerance', { extraRoom: 1 }),
  'no-centrality': reading('no-centrality', { factor: 0 }),
  'raw-degree': reading('raw-degree', { divisor: 'one' }),
  'nan-divisor': reading('nan-divisor', { nanWhenNoDivisor: true }),
  'loops-twice': reading('loops-twice', { degree: loopsTwice }),
  'parallel-once': reading('parallel-once', { degree: distinctNeighbours }),
};

/** Every reading: the pinned one first. */
export const WEIGHT_READINGS: readonly WeightReading[] = [PINNED_READING, ...Object.values(WEIGHT_MISREADINGS)];

/** True when `reading` accepts `h` hundredths as the weight of unit `id` (a NaN weight accepts anything). */
export function readingAccepts(
  r: WeightReading,
  weights: Map<string, number>,
  spec: UasSpec,
  id: string,
  h: number,
): boolean {
  const w = weights.get(id)!;
  return Number.isNaN(w) || Math.abs(h - w) <= r.room(spec) + 1e-7;
}

/** The parts of a document the promotion rules read. */
export interface PromotionDoc extends WeightGraph {
  units: readonly Pick<GenUnit, 'id' | 'modifiers' | 'conceptRefs'>[];
  nodes: readonly string[];
  ambiguities: readonly Pick<GenAmbiguity, 'type' | 'ref'>[];
}

/** A promotion rule a unit breaks. */
export interface PromotionBreak {
  unitId: string;
  rule: 'PM-01' | 'PM-02';
}

/**
 * A way of judging promotion (seed 003 §2.3 PM-01, PM-02): the pinned rules, or a misreading. PM-01:
 * a unit with w >= 0.85 is a node or adjacent to one; PM-02: a unit with w >= 0.95 and no edge has a
 * NODE_ISOLATION entry naming it. Always on the formula's exact w.
 */
export interface PromotionReading {
  readonly name: string;
  /** `>=` (pinned) or `>` at the thresholds. */
  strict?: boolean;
  /** PM-01 is satisfied by a node anywhere in the unit's part of the graph, not only next to it. */
  reachable?: boolean;
  /** PM-01 is satisfied by a concept the unit refers to (`concept_refs`) being a node. */
  conceptRefsAdjacent?: boolean;
  /** PM-02 is satisfied by any register entry naming the unit, whatever its type. */
  anyEntryType?: boolean;
  /** PM-02 is satisfied by any NODE_ISOLATION entry of the register, whatever it names. */
  anyIsolation?: boolean;
  /** The rule is not judged at all. */
  skip?: 'PM-01' | 'PM-02';
}

export const PINNED_PROMOTION: PromotionReading = { name: 'pinned' };

/** The misreadings of the promotion rules the pack tells apart, by the family that exposes each. */
export const PROMOTION_MISREADINGS: Readonly<Record<string, PromotionReading>> = {
  'no-pm01': { name: 'no-pm01', skip: 'PM-01' },
  'no-pm02': { name: 'no-pm02', skip: 'PM-02' },
  strict: { name: 'strict', strict: true },
  reachable: { name: 'reachable', reachable: true },
  'concept-refs-adjacent': { name: 'concept-refs-adjacent', conceptRefsAdjacent: true },
  'any-entry-type': { name: 'any-entry-type', anyEntryType: true },
  'any-isolation': { name: 'any-isolation', anyIsolation: true },
};

/** The elements joined to `id` by an edge. */
export const neighboursOf = (g: Pick<WeightGraph, 'edges'>, id: string): string[] =>
  g.edges.flatMap((e) =>
    e.source === id ? (e.target === undefined ? [] : [e.target]) : e.target === id ? [e.source] : [],
  );

/** Every element reachable from `id` through edges, either way, `id` excluded. */
function reachableFrom(g: Pick<WeightGraph, 'edges'>, id: string): Set<string> {
  const seen = new Set([id]);
  const todo = [id];
  while (todo.length > 0) for (const n of neighboursOf(g, todo.pop()!)) if (!seen.has(n)) seen.add(n), todo.push(n);
  seen.delete(id);
  return seen;
}

/** The promotion rules `doc` breaks under a reading, unit by unit in document order (exact weights, D-UAS-10). */
export function promotionBreaks(
  doc: PromotionDoc,
  spec: UasSpec,
  how: PromotionReading = PINNED_PROMOTION,
): PromotionBreak[] {
  const divisor = centralityDivisor(doc, spec);
  const nodes = new Set(doc.nodes);
  const out: PromotionBreak[] = [];
  const reaches = (w: number, t: number) => (how.strict ? w > t : w >= t);
  for (const u of doc.units) {
    const w = exactHundredths(doc, u, spec, divisor);
    if (how.skip !== 'PM-01' && reaches(w, spec.promotion['PM-01'])) {
      const near = how.reachable ? [...reachableFrom(doc, u.id)] : neighboursOf(doc, u.id);
      const ok =
        nodes.has(u.id) ||
        near.some((n) => nodes.has(n)) ||
        (how.conceptRefsAdjacent === true && u.conceptRefs.some((c) => nodes.has(c)));
      if (!ok) out.push({ unitId: u.id, rule: 'PM-01' });
    }
    if (how.skip !== 'PM-02' && reaches(w, spec.promotion['PM-02']) && degreeOf(doc, u.id) === 0) {
      const ok = doc.ambiguities.some(
        (a) => (how.anyEntryType || a.type === 'NODE_ISOLATION') && (how.anyIsolation || a.ref === u.id),
      );
      if (!ok) out.push({ unitId: u.id, rule: 'PM-02' });
    }
  }
  return out;
}
