import { PROTOTYPE_NAMES } from '../compile.js';
import { formatWeight } from '../model.js';
import { choose, type UasMutator, uasMutator } from '../mutation.js';
import { degreeOf, clearlyWrong } from '../weights.js';
import { exactWeights, rebuild } from './util.js';

const OUT_OF_RANGE = ['1.05', '1.50', '-0.10', '-1', '2', '100', 'high', 'NaN', ''];
/** Modifier tokens the table does not hold, the names every JavaScript object inherits among them. */
const UNKNOWN_MODIFIERS = ['NOVELTY', ...PROTOTYPE_NAMES];

/** Weights (seed 003 §2.3): out of [0, 1], off the formula, or promotion rules PM-01 / PM-02 broken. */
export const weightMutators: UasMutator[] = [
  uasMutator('weight-out-of-range', 'VAL-WEIGHT-RANGE', (d, p) => {
    const u = choose(d.doc.units, p[0])!;
    return rebuild(d, (doc) => {
      doc.units.find((x) => x.id === u.id)!.weight = OUT_OF_RANGE[p[1] % OUT_OF_RANGE.length];
    }, [{ checkId: 'VAL-WEIGHT-RANGE', unitId: u.id }]);
  }),
  uasMutator('weight-formula', 'VAL-WEIGHT-FORMULA', (d, p) => {
    const u = choose(d.doc.units, p[0])!;
    if (p[1] % 4 === 3) {
      const token = UNKNOWN_MODIFIERS[p[2] % UNKNOWN_MODIFIERS.length];
      if (Object.hasOwn(d.spec.weightModifiers, token)) return null;
      return rebuild(d, (doc) => {
        doc.units.find((x) => x.id === u.id)!.modifiers.push(token);
      }, [{ checkId: 'VAL-WEIGHT-FORMULA', unitId: u.id }]);
    }
    // A weight moved off the formula by more than the tolerance admits.
    const exact = exactWeights(d.doc, d.spec).get(u.id)!;
    const h = Math.round(Number(u.weight) * 100);
    const delta = [5, 10, 25][p[1] % 3] * (p[2] % 2 === 0 ? 1 : -1);
    const moved = [h + delta, h - delta].find((x) => x >= 0 && x <= 100 && clearlyWrong(x, exact, d.spec));
    if (moved === undefined) return null;
    return rebuild(d, (doc) => {
      doc.units.find((x) => x.id === u.id)!.weight = formatWeight(moved);
    }, [{ checkId: 'VAL-WEIGHT-FORMULA', unitId: u.id }]);
  }),
  uasMutator('promotion-broken', 'VAL-PROMOTION', (d, p) => {
    const { spec } = d;
    const doc = d.doc;
    const nodes = new Set(doc.nodes);
    const exact = exactWeights(doc, spec);
    const neighbours = (id: string) => doc.edges.flatMap((e) => (e.source === id ? [e.target] : e.target === id ? [e.source] : []));
    if (p[1] % 2 === 0) {
      // PM-01: a critical unit loses its node, and no neighbour is promoted.
      const u = choose(doc.units.filter((x) => nodes.has(x.id) && exact.get(x.id)! >= spec.promotion['PM-01'] && !neighbours(x.id).some((n) => nodes.has(n))), p[0]);
      if (!u) return null;
      return rebuild(d, (m) => {
        m.nodes = m.nodes.filter((n) => n !== u.id);
      }, [{ checkId: 'VAL-PROMOTION', unitId: u.id }]);
    }
    // PM-02: an isolated critical unit loses the register entries justifying its isolation.
    const critical = doc.units.filter((x) => exact.get(x.id)! >= spec.promotion['PM-02'] && degreeOf(doc, x.id) === 0);
    const u = choose(critical.filter((x) => doc.ambiguities.some((a) => a.type === 'NODE_ISOLATION' && a.ref === x.id)), p[0]);
    if (!u) return null;
    return rebuild(d, (m) => {
      m.ambiguities = m.ambiguities.filter((x) => !(x.type === 'NODE_ISOLATION' && x.ref === u.id));
    }, [{ checkId: 'VAL-PROMOTION', unitId: u.id }]);
  }),
];
