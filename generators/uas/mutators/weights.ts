import { formatWeight } from '../model.js';
import { choose, type UasMutator, uasMutator } from '../mutation.js';
import { exactHundredths, rebuild } from './util.js';

const OUT_OF_RANGE = ['1.05', '1.50', '-0.10', '-1', '2', '100', 'high', 'NaN', ''];

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
      return rebuild(d, (doc) => {
        doc.units.find((x) => x.id === u.id)!.modifiers.push('NOVELTY');
      }, [{ checkId: 'VAL-WEIGHT-FORMULA', unitId: u.id }]);
    }
    const h = Math.round(Number(u.weight) * 100);
    const delta = [5, 10, 25][p[1] % 3] * (p[2] % 2 === 0 ? 1 : -1);
    const moved = h + delta >= 0 && h + delta <= 100 ? h + delta : h - delta;
    return rebuild(d, (doc) => {
      doc.units.find((x) => x.id === u.id)!.weight = formatWeight(moved);
    }, [{ checkId: 'VAL-WEIGHT-FORMULA', unitId: u.id }]);
  }),
  uasMutator('promotion-broken', 'VAL-PROMOTION', (d, p) => {
    const { spec } = d;
    const doc = d.doc;
    const nodes = new Set(doc.nodes);
    const neighbours = (id: string) => doc.edges.flatMap((e) => (e.source === id ? [e.target] : e.target === id ? [e.source] : []));
    if (p[1] % 2 === 0) {
      // PM-01: a critical unit loses its node, and no neighbour is promoted.
      const u = choose(doc.units.filter((x) => nodes.has(x.id) && exactHundredths(doc, x, spec) >= spec.promotion['PM-01'] && !neighbours(x.id).some((n) => nodes.has(n))), p[0]);
      if (!u) return null;
      return rebuild(d, (m) => {
        m.nodes = m.nodes.filter((n) => n !== u.id);
      }, [{ checkId: 'VAL-PROMOTION', unitId: u.id }]);
    }
    // PM-02: an isolated critical unit loses the register entry justifying its isolation.
    const a = choose(doc.ambiguities.filter((x) => x.type === 'NODE_ISOLATION'), p[0]);
    if (!a) return null;
    return rebuild(d, (m) => {
      m.ambiguities = m.ambiguities.filter((x) => !(x.type === 'NODE_ISOLATION' && x.ref === a.ref));
    }, [{ checkId: 'VAL-PROMOTION', unitId: a.ref }]);
  }),
];
