import { execParamViolation } from '../../generators/error/exec-param-violation.js';
import { rejectionCheck } from './rejection-check.js';

/** ERR-EXEC-PARAMS: each action carries the parameters it needs, and every URL is absolute https. */
export const execParams = rejectionCheck({
  id: 'ERR-EXEC-PARAMS',
  title: 'Recovery options carry the executable parameters their action needs, with absolute https URLs',
  specRef: '000 §Synthetic Recovery Transcripts, Scenarios 1-5 (executable_parameters)',
  statement:
    'Each recovery option carries the executable_parameters its action needs, with the right types (for example renew_grant needs grant_type and refresh_uri), and every URL an option hands out, in its parameters or as human_review_url, is an absolute https URL without userinfo (000 §Synthetic Recovery Transcripts, Scenarios 1-5; D-ERR-05, D-ERR-06).',
  decisions: ['D-ERR-05', 'D-ERR-06'],
  cases: execParamViolation,
});
