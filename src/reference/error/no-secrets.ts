import type { Finding } from '../../contract/adapter.js';
import { locateSecret } from '../secrets.js';

/**
 * ERR-NO-SECRETS: nothing in the payload (member names and values, the message id, the body, every
 * parameter and URL) carries a credential or token-like secret (D-ERR-07).
 */
export function secretFindings(p: unknown): Finding[] {
  const hit = locateSecret(p, '');
  return hit ? [{ checkId: 'ERR-NO-SECRETS', path: hit.path, code: hit.pattern, message: `looks like a credential (${hit.pattern})` }] : [];
}
