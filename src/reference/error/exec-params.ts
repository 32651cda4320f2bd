import type { Finding } from '../../contract/adapter.js';
import { isUrlKey, schemeCaseSensitive, type ErrorPayload, type ErrorSpec } from '../../spec/error.js';
import { isAbsoluteHttpsUrl } from './https-url.js';
import { ajvFindings, compiled } from './schema.js';

/**
 * ERR-EXEC-PARAMS: each option carries the parameters its action needs (D-ERR-05), and every URL
 * it hands out, named or recognised by its key, is absolute https (D-ERR-06; the scheme's case by D-ERR-14).
 */
export function execParamFindings(p: ErrorPayload, spec: ErrorSpec): Finding[] {
  const { params } = compiled(spec);
  const caseSensitive = schemeCaseSensitive(spec);
  const findings: Finding[] = [];
  (p.body.sub_errors ?? []).forEach((se, i) => {
    se.recovery_options.forEach((o, j) => {
      const base = `/body/sub_errors/${i}/recovery_options/${j}`;
      const validate = params.get(o.action);
      const given = o.executable_parameters ?? {};
      if (validate && !validate(given))
        findings.push(...ajvFindings(validate.errors, 'ERR-EXEC-PARAMS', `${base}/executable_parameters`));
      for (const [key, value] of Object.entries(given)) {
        // A URL key holds a string that is an absolute https URL: null, a number or an object there is no URL (D-ERR-06).
        if (isUrlKey(key, spec) && !isAbsoluteHttpsUrl(value, caseSensitive)) {
          findings.push({
            checkId: 'ERR-EXEC-PARAMS',
            path: `${base}/executable_parameters/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`,
            code: 'https',
            message: `${key} is not an absolute https URL`,
          });
        }
      }
      for (const member of spec.urls.optionMembers) {
        // An own member only: a member name the data lists is never read off the prototype.
        const value = Object.hasOwn(o, member) ? (o as unknown as Record<string, unknown>)[member] : undefined;
        if (value !== undefined && !isAbsoluteHttpsUrl(value, caseSensitive)) {
          findings.push({
            checkId: 'ERR-EXEC-PARAMS',
            path: `${base}/${member}`,
            code: 'https',
            message: `${member} is not an absolute https URL`,
          });
        }
      }
    });
  });
  // A URL key already flagged by its action's schema is reported once.
  const seen = new Set<string>();
  return findings.filter((f) => !seen.has(f.path!) && seen.add(f.path!));
}
