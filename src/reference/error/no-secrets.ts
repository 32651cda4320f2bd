import type { Finding } from '../../contract/adapter.js';
import type { ErrorPayload, ErrorSpec } from '../../spec/error.js';
import { locateSecret } from '../secrets.js';

/** ERR-NO-SECRETS: nothing in scope (message id, body) carries a credential or token-like secret (D-ERR-07). */
export function secretFindings(p: ErrorPayload, spec: ErrorSpec): Finding[] {
  const findings: Finding[] = [];
  for (const member of spec.secrets.scope) {
    const hit = locateSecret((p as unknown as Record<string, unknown>)[member], `/${member}`);
    if (hit) findings.push({ checkId: 'ERR-NO-SECRETS', path: hit.path, code: hit.pattern, message: `looks like a credential (${hit.pattern})` });
  }
  return findings;
}
