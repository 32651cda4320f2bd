import { execParamFamilies, execParamViolation } from '../../generators/error/exec-param-violation.js';
import { verdictCheck } from '../../src/engine/kinds/verdict.js';
import { ERROR_VERDICTS, errorRejections, reachOf } from './verdicts.js';

/** ERR-EXEC-PARAMS: each action carries the parameters it needs, and every URL is absolute https. */
export const execParams = verdictCheck({
  id: 'ERR-EXEC-PARAMS',
  suite: 'error',
  severity: 'MUST',
  title: 'Recovery options carry the executable parameters their action needs, with absolute https URLs',
  specRef: '000 §Synthetic Recovery Transcripts, Scenarios 1-5 (executable_parameters)',
  statement:
    'Each recovery option carries the executable_parameters its action needs, none null or empty, each of its type (an integer, not a numeric string or a fraction), in range and in its vocabulary (for example renew_grant needs grant_type and refresh_uri), and every URL an option hands out, in its parameters (named or known by the suffix of its key) or as human_review_url, is an absolute https URL written as one: https:// in lower case, a host, no userinfo, no white space (000 §Synthetic Recovery Transcripts, Scenarios 1-5; D-ERR-05, D-ERR-06, D-ERR-14).',
  decisions: ['D-ERR-05', 'D-ERR-06', 'D-ERR-14'],
  verdicts: ERROR_VERDICTS,
  ...errorRejections('ERR-EXEC-PARAMS', execParamViolation, (spec) => reachOf(execParamFamilies(spec))),
});
