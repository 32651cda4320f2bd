import { execParamViolation } from '../../generators/error/exec-param-violation.js';
import { rejectionCheck } from './rejection-check.js';

/** ERR-EXEC-PARAMS: each action carries the parameters it needs, and every URL is absolute https. */
export const execParams = rejectionCheck({
  id: 'ERR-EXEC-PARAMS',
  title: 'Recovery options carry the executable parameters their action needs, with absolute https URLs',
  specRef: '000 §Synthetic Recovery Transcripts, Scenarios 1-5 (executable_parameters)',
  decisions: ['D-ERR-05', 'D-ERR-06'],
  cases: execParamViolation,
});
