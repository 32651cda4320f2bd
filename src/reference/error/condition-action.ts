import type { Finding } from '../../contract/adapter.js';
import type { ErrorPayload, ErrorSpec } from '../../spec/error.js';

/**
 * ERR-CONDITION-ACTION: no recovery option uses an action the table forbids for its condition
 * (D-ERR-04). A row is an own member of the table, never one every object inherits.
 */
export function conditionActionFindings(p: ErrorPayload, spec: ErrorSpec): Finding[] {
  const findings: Finding[] = [];
  (p.body.sub_errors ?? []).forEach((se, i) => {
    const table = spec.conditionActions.table;
    const row = Object.hasOwn(table, se.mechanical_condition) ? table[se.mechanical_condition] : undefined;
    se.recovery_options.forEach((o, j) => {
      if (row?.forbidden.includes(o.action)) {
        findings.push({
          checkId: 'ERR-CONDITION-ACTION',
          path: `/body/sub_errors/${i}/recovery_options/${j}/action`,
          code: 'condition-action',
          message: `${o.action} does not address ${se.mechanical_condition}`,
        });
      }
    });
  });
  return findings;
}
