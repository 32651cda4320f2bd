import type { Finding } from '../../contract/adapter.js';
import type { ErrorPayload, ErrorSpec } from '../../spec/error.js';

/**
 * ERR-CONFIG-NO-RETRY: an error whose origin is `configuration` offers no automatic retry path,
 * neither a retry action nor retry parameters on any option (D-ERR-08).
 */
export function configRetryFindings(p: ErrorPayload, spec: ErrorSpec): Finding[] {
  if (p.body.origin !== 'configuration') return [];
  const findings: Finding[] = [];
  (p.body.sub_errors ?? []).forEach((se, i) => {
    se.recovery_options.forEach((o, j) => {
      const base = `/body/sub_errors/${i}/recovery_options/${j}`;
      if (spec.retry.actions.includes(o.action)) {
        // The action is the retry path; its parameters are part of it, not a second finding.
        findings.push({
          checkId: 'ERR-CONFIG-NO-RETRY',
          path: `${base}/action`,
          code: 'retry',
          message: `${o.action} retries against a configuration boundary`,
        });
        return;
      }
      for (const key of Object.keys(o.executable_parameters ?? {})) {
        if (spec.retry.parameters.includes(key)) {
          findings.push({
            checkId: 'ERR-CONFIG-NO-RETRY',
            path: `${base}/executable_parameters/${key}`,
            code: 'retry',
            message: `${key} offers a retry against a configuration boundary`,
          });
        }
      }
    });
  });
  return findings;
}
