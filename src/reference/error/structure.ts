import type { Finding } from '../../contract/adapter.js';
import type { ErrorSpec } from '../../spec/error.js';
import { ajvFindings, compiled } from './schema.js';

/**
 * ERR-SCHEMA: the published schema (D-ERR-01 formats) plus the envelope members every packet
 * carries (D-ERR-02), which the published schema leaves optional.
 */
export function structureFindings(payload: unknown, spec: ErrorSpec): Finding[] {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
    return [{ checkId: 'ERR-SCHEMA', path: '', code: 'type', message: 'an error payload is a JSON object' }];
  }
  const { payload: validate } = compiled(spec);
  const findings = validate(payload) ? [] : ajvFindings(validate.errors, 'ERR-SCHEMA');
  for (const member of spec.envelope.required) {
    if (!Object.hasOwn(payload, member))
      findings.push({
        checkId: 'ERR-SCHEMA',
        path: `/${member}`,
        code: 'required',
        message: `missing envelope member ${member} (D-ERR-02)`,
      });
  }
  return findings;
}
