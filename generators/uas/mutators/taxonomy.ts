import { unregisteredRelations, unregisteredRoles } from '../compile.js';
import { choose, type UasMutator, uasMutator } from '../mutation.js';
import { rebuild } from './util.js';

/**
 * Hallucinated tokens (seed 003 §4, §5.2): unknown words, aliases used as base tokens, wrong case,
 * and names every JavaScript object inherits (a verifier that looks tokens up in a plain object
 * finds them there).
 */
export const HALLUCINATED_ROLES = ['HYPOTHESIS', 'RULE', 'NOTE', 'SUMMARY', 'FACT', 'PROBLEM', 'SOLUTION', 'claim', 'Definition', 'OBSERVATIONS', 'constructor', 'toString'];
export const HALLUCINATED_RELATIONS = ['RULE', 'NOTE', 'RELATED_TO', 'SUPPORTS', 'IS_A', 'MANDATES', 'ENABLES', 'depends_on', 'CAUSE', '__proto__', 'valueOf'];

/** Taxonomy drift: tokens outside the closed sets, and overflow tokens with no register entry. */
export const taxonomyMutators: UasMutator[] = [
  uasMutator('hallucinated-role', 'VAL-ROLE-ENUM', (d, p) => {
    const u = choose(d.doc.units, p[0])!;
    const token = HALLUCINATED_ROLES[p[1] % HALLUCINATED_ROLES.length];
    if (d.spec.baseRoles.includes(token)) return null;
    return rebuild(d, (doc) => {
      doc.units.find((x) => x.id === u.id)!.baseRole = token;
    }, [{ checkId: 'VAL-ROLE-ENUM', unitId: u.id }]);
  }),
  uasMutator('hallucinated-relation', 'VAL-RELATION-ENUM', (d, p) => {
    const e = choose(d.doc.edges, p[0]);
    if (!e) return null;
    const token = HALLUCINATED_RELATIONS[p[1] % HALLUCINATED_RELATIONS.length];
    if (d.spec.baseRelations.includes(token)) return null;
    return rebuild(d, (doc) => {
      doc.edges.find((x) => x.id === e.id)!.baseRelation = token;
    }, [{ checkId: 'VAL-RELATION-ENUM', unitId: e.id }]);
  }),
  uasMutator('overflow-unregistered', 'VAL-OVERFLOW-REGISTER', (d, p) => {
    const { spec } = d;
    const variant = p[1] % 3;
    if (variant === 0) {
      // An overflow entry the compiler did write, deleted.
      const a = choose(d.doc.ambiguities.filter((x) => x.type === 'ROLE_OVERFLOW' || x.type === 'RELATION_OVERFLOW'), p[0]);
      if (!a) return null;
      return rebuild(d, (doc) => {
        doc.ambiguities = doc.ambiguities.filter((x) => !(x.type === a.type && x.ref === a.ref));
      }, [{ checkId: 'VAL-OVERFLOW-REGISTER', unitId: a.ref }]);
    }
    // A specialized token no table resolves, on an element no overflow entry names.
    const named = new Set(d.doc.ambiguities.map((a) => a.ref));
    if (variant === 1) {
      const u = choose(d.doc.units.filter((x) => !named.has(x.id)), p[0]);
      const token = choose(unregisteredRoles(spec), p[2]);
      if (!u || !token) return null;
      return rebuild(d, (doc) => {
        doc.units.find((x) => x.id === u.id)!.specializedRole = token;
      }, [{ checkId: 'VAL-OVERFLOW-REGISTER', unitId: u.id }]);
    }
    const e = choose(d.doc.edges.filter((x) => !named.has(x.id)), p[0]);
    const token = choose(unregisteredRelations(spec), p[2]);
    if (!e || !token) return null;
    return rebuild(d, (doc) => {
      doc.edges.find((x) => x.id === e.id)!.specializedRelation = token;
    }, [{ checkId: 'VAL-OVERFLOW-REGISTER', unitId: e.id }]);
  }),
];
