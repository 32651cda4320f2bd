import type { UasElementKind, UasSpec } from '../../src/spec/uas.js';
import type { GenConcept, GenEdge, GenUnit } from './model.js';
import type { Prng } from './prng.js';

/** The parts of a document the weighting formula reads. */
export interface WeightGraph {
  units: readonly Pick<GenUnit, 'id' | 'modifiers'>[];
  concepts: readonly Pick<GenConcept, 'id'>[];
  edges: readonly Pick<GenEdge, 'id' | 'source' | 'target'>[];
}

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
export function centralityDivisor(g: WeightGraph, spec: UasSpec): number {
  const { divideBy, over } = spec.centralityNormalization;
  const population = idsOfKinds(g, over);
  if (divideBy === 'n-minus-1') return population.length - 1;
  return Math.max(0, ...population.map((id) => degreeOf(g, id)));
}

/** A modifier's delta in hundredths; 0 for a token the table does not own (`toString` included). */
const delta = (spec: UasSpec, token: string): number => (Object.hasOwn(spec.weightModifiers, token) ? spec.weightModifiers[token] : 0);

/**
 * A unit's exact weight in hundredths before clamping: 50 + sum of deltas + 5 * degree / divisor
 * (seed 003 §2.3), the centrality 0 when the divisor is 0 or less. The generators' own arithmetic.
 */
export function exactHundredths(g: WeightGraph, u: Pick<GenUnit, 'id' | 'modifiers'>, spec: UasSpec, divisor = centralityDivisor(g, spec)): number {
  const sum = u.modifiers.reduce((s, t) => s + delta(spec, t), 0);
  return spec.weightBase + sum + (divisor > 0 ? (spec.centralityFactor * degreeOf(g, u.id)) / divisor : 0);
}

/** The exact weight as the formula states it: clamped to [0, 100] hundredths. */
export const clampedHundredths = (exact: number): number => Math.min(100, Math.max(0, exact));

/**
 * The two-decimal weights (in hundredths) within `weightTolerance` of an exact weight: every
 * rounding a compiler may do under the pinned tolerance (D-UAS-10).
 */
export function acceptableHundredths(exact: number, spec: UasSpec): number[] {
  const c = clampedHundredths(exact);
  const room = spec.weightTolerance * 100 + 1e-7;
  const out: number[] = [];
  for (let h = Math.max(0, Math.floor(c - room)); h <= Math.min(100, Math.ceil(c + room)); h++) if (Math.abs(h - c) <= room) out.push(h);
  return out;
}

/**
 * The weight a compiler writes for an exact weight: mostly the nearest two-decimal value, sometimes
 * another one the tolerance admits. With a tolerance below 0.005 no two-decimal value may be close
 * enough; the nearest is written then.
 */
export function declaredHundredths(exact: number, spec: UasSpec, r: Prng): number {
  const nearest = Math.floor(clampedHundredths(exact) + 0.5);
  const ok = acceptableHundredths(exact, spec);
  if (ok.length === 0 || (ok.includes(nearest) && r.chance(0.6))) return nearest;
  return r.pick(ok);
}

/** True when `h` hundredths is clearly outside the tolerance of an exact weight (a broken weight). */
export function clearlyWrong(h: number, exact: number, spec: UasSpec): boolean {
  return Math.abs(h - clampedHundredths(exact)) > spec.weightTolerance * 100 + 1e-4;
}
