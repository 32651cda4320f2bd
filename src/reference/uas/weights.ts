import type { IssueList } from './issues.js';
import { kindOf, type UasModel } from './model.js';
import type { UasSpec } from '../../spec/uas.js';

/** An exact weight in hundredths, as the fraction `num / den` before clamping. */
export interface ExactWeight {
  num: number;
  den: number;
}

/**
 * Degrees in the cognitive map (an edge counts once per distinct endpoint): of each unit, by index,
 * and of each other element that is an edge's end, by id. Read on a sound graph only: ids are
 * unique and every edge end is a declared id.
 */
interface Degrees {
  units: Int32Array;
  others: Map<string, number>;
}

function degrees(m: Pick<UasModel, 'units' | 'edges' | 'ids'>): Degrees {
  const units = new Int32Array(m.units.length);
  const others = new Map<string, number>();
  const bump = (end: string) => {
    const i = m.ids.get(end)!;
    if (i >= 0) units[i]++;
    else others.set(end, (others.get(end) ?? 0) + 1);
  };
  for (const e of m.edges) {
    bump(e.source!);
    if (e.target !== e.source) bump(e.target!);
  }
  return { units, others };
}

/**
 * The divisor of the centrality (D-UAS-10, `centralityNormalization`): the largest degree among the
 * elements of the kinds `over`, or n - 1 with n the number of those elements.
 */
export function centralityDivisor(
  m: Pick<UasModel, 'units' | 'concepts' | 'edges' | 'ids'>,
  spec: UasSpec,
): { divisor: number; deg: Int32Array } {
  const { divideBy, over } = spec.centralityNormalization;
  const d = degrees(m);
  if (divideBy === 'n-minus-1') {
    const n =
      (over.includes('unit') ? m.units.length : 0) +
      (over.includes('concept') ? m.concepts.length : 0) +
      (over.includes('edge') ? m.edges.length : 0);
    return { divisor: n - 1, deg: d.units };
  }
  let max = 0;
  if (over.includes('unit')) for (const x of d.units) max = Math.max(max, x);
  for (const [id, x] of d.others) if (x > max && over.includes(kindOf(m.ids.get(id)!))) max = x;
  return { divisor: max, deg: d.units };
}

/**
 * The seed's formula (003 §2.3) in exact arithmetic: w = clamp(0.50 + sum(deltas) + 0.05 * C, 0, 1),
 * with C = degree / divisor (D-UAS-10), 0 when the divisor is 0 or less. Each condition counts once
 * (a repeated token is counted at its first place); unknown modifiers count as 0 here. Both are
 * reported by the formula rule.
 */
export function exactWeight(modifiers: readonly string[], degree: number, divisor: number, spec: UasSpec): ExactWeight {
  const sum = modifiers.reduce(
    (s, t, i) =>
      s + (Object.hasOwn(spec.weightModifiers, t) && modifiers.indexOf(t) === i ? spec.weightModifiers[t] : 0),
    0,
  );
  if (divisor <= 0) return { num: spec.weightBase + sum, den: 1 };
  return { num: (spec.weightBase + sum) * divisor + spec.centralityFactor * degree, den: divisor };
}

/** The exact weight as a number in [0, 1]. */
export function weightValue(w: ExactWeight): number {
  return Math.min(100, Math.max(0, w.num / w.den)) / 100;
}

/**
 * A plain decimal (D-UAS-10) that may lie in [0, 1]: `0` or `1` (other integer parts, leading zeros
 * included, are past the range or no plain decimal), then optionally a point and digits.
 */
const DECIMAL = /^([01])(?:\.([0-9]+))?$/;

/**
 * A declared weight read exactly (D-UAS-10): its value when it is a plain decimal from 0 to 1, else
 * NaN. The bound is judged on the digits, not on a float: `1.0000000000000001` is past 1 although
 * it reads as 1. An absent weight is read as the text `undefined`, which is no decimal.
 */
export function declaredWeight(text: string | undefined): number {
  const m = DECIMAL.exec(String(text));
  if (!m) return NaN;
  return m[1] === '0' || m[2] === undefined || /^0+$/.test(m[2]) ? Number(text) : NaN;
}

/**
 * The modifier tokens of a unit that break the formula rule: those the table does not own
 * (`constructor` included), and those listed more than once (a condition holds once, seed 003 §2.3).
 */
export function invalidModifiers(modifiers: readonly string[], spec: UasSpec): string[] {
  const seen = new Set<string>();
  const bad: string[] = [];
  for (const t of modifiers) {
    if (!Object.hasOwn(spec.weightModifiers, t) || seen.has(t)) bad.push(t);
    seen.add(t);
  }
  return bad;
}

/**
 * VAL-WEIGHT-RANGE, VAL-WEIGHT-FORMULA and VAL-PROMOTION (PM-01, PM-02). Formula and promotion are
 * judged only on a sound graph (unique ids, every reference of the kind it may name): degrees mean nothing otherwise.
 * Promotion uses the computed weight, so a wrong declared weight is reported once, by the formula rule.
 */
export function checkWeights(m: UasModel, spec: UasSpec, graphSound: boolean, issues: IssueList): void {
  const declared = new Float64Array(m.units.length).fill(NaN);
  for (const u of m.units) {
    const v = declaredWeight(u.weight);
    if (Number.isNaN(v)) {
      issues.add({
        checkId: 'VAL-WEIGHT-RANGE',
        ref: u.id,
        token: u.weight ?? '',
        message: `weight "${u.weight ?? ''}" of unit ${u.id} is not a decimal in [0.00, 1.00]`,
        instruction: 'Emit weight as a decimal from 0.00 to 1.00.',
      });
    } else declared[u.index] = v;
  }
  if (!graphSound) return;
  const { divisor, deg } = centralityDivisor(m, spec);
  const promoted = new Set(m.nodes);
  const isolated = new Set(m.ambiguities.filter((a) => a.type === 'NODE_ISOLATION').map((a) => a.ref));
  // Units with an edge to a promoted node (PM-01 accepts either).
  const nearPromoted = new Set<string>();
  // A sound graph: every edge has both ends.
  for (const e of m.edges) {
    if (promoted.has(e.target!)) nearPromoted.add(e.source!);
    if (promoted.has(e.source!)) nearPromoted.add(e.target!);
  }
  for (const u of m.units) {
    const d = deg[u.index];
    const w = exactWeight(u.modifiers, d, divisor, spec);
    const invalid = invalidModifiers(u.modifiers, spec);
    const got = declared[u.index];
    if (invalid.length > 0) {
      issues.add({
        checkId: 'VAL-WEIGHT-FORMULA',
        ref: u.id,
        token: invalid[0],
        message: `unit ${u.id} has unknown or repeated weight modifier(s) ${invalid.join(', ')}`,
        instruction: `List in weight_modifiers each condition of the table that holds, once: ${Object.keys(spec.weightModifiers).join(', ')}.`,
      });
    } else if (!Number.isNaN(got) && Math.abs(got - weightValue(w)) > spec.weightTolerance + 1e-9) {
      issues.add({
        checkId: 'VAL-WEIGHT-FORMULA',
        ref: u.id,
        token: u.weight,
        message: `weight ${u.weight} of unit ${u.id} differs from the formula's ${weightValue(w).toFixed(4)} (modifiers [${u.modifiers.join(' ')}], degree ${d}, centrality divisor ${divisor})`,
        instruction: `Set weight='${weightValue(w).toFixed(2)}'.`,
      });
    }
    const atLeast = (t: number) => w.num >= t * w.den;
    if (atLeast(spec.promotion['PM-01']) && !promoted.has(u.id) && !nearPromoted.has(u.id)) {
      issues.add({
        checkId: 'VAL-PROMOTION',
        ref: u.id,
        token: 'PM-01',
        message: `unit ${u.id} has weight ${weightValue(w).toFixed(2)} >= 0.85 but is neither a <node> of the cognitive map nor adjacent to one (PM-01)`,
        instruction: `Add <node ref='${u.id}'/> to cognitive_map.`,
      });
    }
    if (atLeast(spec.promotion['PM-02']) && d === 0 && !isolated.has(u.id)) {
      issues.add({
        checkId: 'VAL-PROMOTION',
        ref: u.id,
        token: 'PM-02',
        message: `unit ${u.id} has weight ${weightValue(w).toFixed(2)} >= 0.95, no edges and no NODE_ISOLATION entry (PM-02)`,
        instruction: `Add an edge for '${u.id}' or an ambiguity_entry type='NODE_ISOLATION' ref='${u.id}'.`,
      });
    }
  }
}
