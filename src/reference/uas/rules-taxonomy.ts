import type { IssueList } from './issues.js';
import type { UasModel } from './model.js';
import type { UasSpec } from '../../spec/uas.js';

/**
 * Closed taxonomies (seed 003 §2.2): base roles and base relations are exact, case-sensitive tokens
 * of the closed sets; an unregistered specialized token needs an overflow entry (D-UAS-08). Alias
 * tables are looked up as own keys only: `constructor` or `__proto__` is a token like any other.
 */
export function checkTaxonomy(m: UasModel, spec: UasSpec, issues: IssueList): void {
  const roles = new Set(spec.baseRoles);
  const relations = new Set(spec.baseRelations);
  const overflow = (type: string, ref: string, token: string) =>
    m.ambiguities.some((a) => a.type === type && a.ref === ref && (a.token === undefined || a.token === token));
  // An absent token reads as '', which no closed set holds.
  for (const u of m.units) {
    const token = u.baseRole ?? '';
    if (!roles.has(token)) {
      issues.add({
        checkId: 'VAL-ROLE-ENUM',
        ref: u.id,
        token,
        message:
          u.baseRole === undefined
            ? `unit ${u.id} has no base_role`
            : `base_role "${token}" of unit ${u.id} is not one of the ${roles.size} closed base roles`,
        instruction: `Token '${token}' is not permitted in closed base_role_taxonomy. Map to a closed base_role with specialized_role='${token}' and register an entry in ambiguity_register type='ROLE_OVERFLOW'.`,
      });
    }
    const sr = u.specializedRole;
    if (
      sr !== undefined &&
      !roles.has(sr) &&
      !Object.hasOwn(spec.roleAliases, sr) &&
      !overflow('ROLE_OVERFLOW', u.id, sr)
    ) {
      issues.add({
        checkId: 'VAL-OVERFLOW-REGISTER',
        ref: u.id,
        token: sr,
        message: `specialized_role "${sr}" of unit ${u.id} is not a registered alias and has no ROLE_OVERFLOW entry`,
        instruction: `Register an ambiguity_entry type='ROLE_OVERFLOW' ref='${u.id}' token='${sr}'.`,
      });
    }
  }
  for (const e of m.edges) {
    const token = e.baseRelation ?? '';
    if (!relations.has(token)) {
      issues.add({
        checkId: 'VAL-RELATION-ENUM',
        ref: e.id,
        token,
        message: `base_relation "${token}" of edge ${e.id} is not one of the ${relations.size} closed base relations`,
        instruction: `Token '${token}' is not permitted in closed base_relation taxonomy. Map to a closed base_relation with specialized_relation='${token}' and register an entry in ambiguity_register type='RELATION_OVERFLOW'.`,
      });
    }
    const sr = e.specializedRelation;
    if (
      sr !== undefined &&
      !relations.has(sr) &&
      !Object.hasOwn(spec.relationAliases, sr) &&
      !overflow('RELATION_OVERFLOW', e.id, sr)
    ) {
      issues.add({
        checkId: 'VAL-OVERFLOW-REGISTER',
        ref: e.id,
        token: sr,
        message: `specialized_relation "${sr}" of edge ${e.id} is not a registered subtype and has no RELATION_OVERFLOW entry`,
        instruction: `Register an ambiguity_entry type='RELATION_OVERFLOW' ref='${e.id}' token='${sr}'.`,
      });
    }
  }
  for (const a of m.ambiguities) {
    const type = a.type ?? '';
    if (!spec.ambiguityTypes.includes(type)) {
      issues.add({
        checkId: 'VAL-OVERFLOW-REGISTER',
        ref: a.ref,
        token: type,
        message: `ambiguity_entry type "${type}" is not one of ${spec.ambiguityTypes.join(', ')}`,
      });
    }
  }
}
