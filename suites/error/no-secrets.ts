import { SECRET_SHAPES, secretFamilies, secretLeak } from '../../generators/error/secret-leak.js';
import { verdictCheck } from '../../src/engine/kinds/verdict.js';
import { ERROR_VERDICTS, errorRejections, reachOf } from './verdicts.js';

/** ERR-NO-SECRETS: executable parameters or detail carrying a credential or token-like value are rejected. */
export const noSecrets = verdictCheck({
  id: 'ERR-NO-SECRETS',
  suite: 'error',
  severity: 'MUST',
  title: 'An error payload carrying a credential or token is rejected',
  specRef: '000 §Advanced Schema Design (prohibition against synthesizing credentials); §Scenario 3',
  statement:
    'An error payload never carries a credential or token, anywhere (the message id, detail, parameter names and values at any depth, members the schema does not declare, URLs), as written or encoded (percent-encoded once or twice, base64 or base64url): private keys, bearer tokens, JWTs, password or API-key assignments, passwords in connection strings and provider keys are rejected, while ids, digests, checksums, UUIDs, traceparents and redacted or templated placeholders are not credentials (000 §Advanced Schema Design, the prohibition against synthesizing credentials; D-ERR-07).',
  decisions: ['D-ERR-07'],
  verdicts: ERROR_VERDICTS,
  ...errorRejections('ERR-NO-SECRETS', secretLeak, (spec) => reachOf(secretFamilies(spec), SECRET_SHAPES)),
});
