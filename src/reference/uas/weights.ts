import type { IssueList } from './issues.js';
import type { UasModel } from './model.js';
import type { UasSpec } from '../../spec/uas.js';

/** An exact weight in hundredths, as the fraction `num / den` before clamping. */
export interface ExactWeight {
  num: number;
  den: number;
}

/** Degree of each unit, by index, in the cognitive map (an edge counts once per distinct endpoint). Ids are unique here. */
function unitDegrees(m: Pick<UasModel, 'units' | 'edges' | 'ids'>): Int32Array {
  const deg = new Int32Array(m.units.length);
  const bump = (end: string | undefined) => {
    const i = end === undefined ? undefined : m.ids.get(end);
    if (i !== undefined && i >= 0) deg[i]++;
  };
  for (const e of m.edges) {
    bump(e.source);
    if (e.target !== e.source) bump(e.target);
  }
  return deg;
}

/**
 * The seed's formula (003 §2.3) in exact arithmetic: w = clamp(0.50 + sum(deltas) + 0.05 * C, 0, 1),
 * with C = degree / max degree over units (D-UAS-10). Unknown modifiers count as 0 here; they are
 * reported by the formula rule.
 */
export function exactWeight(modifiers: readonly string[], degree: number, maxDegree: number, unitCount: number, spec: UasSpec): ExactWeight {
  const sum = modifiers.reduce((s, t) => s + (spec.weightModifiers[t] ?? 0), 0);
  const norm = spec.centralityNormalization === 'n-minus-1' ? unitCount - 1 : maxDegree;
  const den = norm > 0 ? norm : 1;
  const c = norm > 0 ? degree : 0;
  return { num: (spec.weightBase + sum) * den + spec.centralityFactor * c, den };
}

/** The exact weight as a number in [0, 1]. */
export function weightValue(w: ExactWeight): number {
  return Math.min(100, Math.max(0, w.num / w.den)) / 100;
}

const DECIMAL = /^[0-9]+(\.[0-9]+)?$/;

/**
 * VAL-WEIGHT-RANGE, VAL-WEIGHT-FORMULA and VAL-PROMOTION (PM-01, PM-02). Formula and promotion are
 * judged only on a sound graph (unique ids, no dangling references): degrees mean nothing otherwise.
 * Promotion uses the computed weight, so a wrong declared weight is reported once, by the formula rule.
 */
export function checkWeights(m: UasModel, spec: UasSpec, graphSound: boolean, issues: IssueList): void {
  const declared = new Float64Array(m.units.length).fill(NaN);
  for (const u of m.units) {
    const v = u.weight !== undefined && DECIMAL.test(u.weight) ? Number(u.weight) : NaN;
    if (!(v >= 0 && v <= 1)) {
      issues.add({ checkId: 'VAL-WEIGHT-RANGE', ref: u.id, token: u.weight ?? '', message: `weight "${u.weight ?? ''}" of unit ${u.id} is not a decimal in [0.00, 1.00]`, instruction: 'Emit weight as a decimal from 0.00 to 1.00.' });
    } else declared[u.index] = v;
  }
  if (!graphSound) return;
  const deg = unitDegrees(m);
  let maxDeg = 0;
  for (const d of deg) if (d > maxDeg) maxDeg = d;
  const promoted = new Set(m.nodes);
  const isolated = new Set(m.ambiguities.filter((a) => a.type === 'NODE_ISOLATION').map((a) => a.ref));
  // Units with an edge to a promoted node (PM-01 accepts either).
  const nearPromoted = new Set<string>();
  for (const e of m.edges) {
    if (e.source !== undefined && e.target !== undefined) {
      if (promoted.has(e.target)) nearPromoted.add(e.source);
      if (promoted.has(e.source)) nearPromoted.add(e.target);
    }
  }
  for (const u of m.units) {
    const d = deg[u.index];
    const w = exactWeight(u.modifiers, d, maxDeg, m.units.length, spec);
    const unknown = u.modifiers.length === 0 ? u.modifiers : u.modifiers.filter((t) => !(t in spec.weightModifiers));
    const got = declared[u.index];
    if (unknown.length > 0) {
      issues.add({ checkId: 'VAL-WEIGHT-FORMULA', ref: u.id, token: unknown[0], message: `unit ${u.id} has unknown weight modifier(s) ${unknown.join(', ')}` });
    } else if (!Number.isNaN(got) && Math.abs(got - weightValue(w)) > spec.weightTolerance + 1e-9) {
      issues.add({ checkId: 'VAL-WEIGHT-FORMULA', ref: u.id, token: u.weight, message: `weight ${u.weight} of unit ${u.id} differs from the formula's ${weightValue(w).toFixed(4)} (modifiers [${u.modifiers.join(' ')}], degree ${d} of max ${maxDeg})`, instruction: `Set weight='${weightValue(w).toFixed(2)}'.` });
    }
    const atLeast = (t: number) => w.num >= t * w.den;
    if (atLeast(spec.promotion['PM-01']) && !promoted.has(u.id) && !nearPromoted.has(u.id)) {
      issues.add({ checkId: 'VAL-PROMOTION', ref: u.id, token: 'PM-01', message: `unit ${u.id} has weight ${weightValue(w).toFixed(2)} >= 0.85 but is neither a <node> of the cognitive map nor adjacent to one (PM-01)`, instruction: `Add <node ref='${u.id}'/> to cognitive_map.` });
    }
    if (atLeast(spec.promotion['PM-02']) && d === 0 && !isolated.has(u.id)) {
      issues.add({ checkId: 'VAL-PROMOTION', ref: u.id, token: 'PM-02', message: `unit ${u.id} has weight ${weightValue(w).toFixed(2)} >= 0.95, no edges and no NODE_ISOLATION entry (PM-02)`, instruction: `Add an edge for '${u.id}' or an ambiguity_entry type='NODE_ISOLATION' ref='${u.id}'.` });
    }
  }
}
