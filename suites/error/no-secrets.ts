import { secretLeak } from '../../generators/error/secret-leak.js';
import { rejectionCheck } from './rejection-check.js';

/** ERR-NO-SECRETS: executable parameters or detail carrying a credential or token-like value are rejected. */
export const noSecrets = rejectionCheck({
  id: 'ERR-NO-SECRETS',
  title: 'An error payload carrying a credential or token is rejected',
  specRef: '000 §Advanced Schema Design (prohibition against synthesizing credentials); §Scenario 3',
  decisions: ['D-ERR-07'],
  cases: secretLeak,
});
