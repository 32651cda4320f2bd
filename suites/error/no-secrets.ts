import { secretLeak } from '../../generators/error/secret-leak.js';
import { rejectionCheck } from './rejection-check.js';

/** ERR-NO-SECRETS: executable parameters or detail carrying a credential or token-like value are rejected. */
export const noSecrets = rejectionCheck({
  id: 'ERR-NO-SECRETS',
  title: 'An error payload carrying a credential or token is rejected',
  specRef: '000 §Advanced Schema Design (prohibition against synthesizing credentials); §Scenario 3',
  statement:
    'An error payload never carries a credential or token, anywhere (detail, parameter names and values, URLs): private keys, bearer tokens, JWTs, password or API-key assignments, passwords in connection strings and provider keys are rejected, while ids, digests, checksums, UUIDs, traceparents and redacted or templated placeholders are not credentials (000 §Advanced Schema Design, the prohibition against synthesizing credentials; D-ERR-07).',
  decisions: ['D-ERR-07'],
  cases: secretLeak,
});
