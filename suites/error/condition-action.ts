import { conditionActionMisfit } from '../../generators/error/condition-action-misfit.js';
import { rejectionCheck } from './rejection-check.js';

/** ERR-CONDITION-ACTION: a recovery action that does not fit its mechanical condition is rejected. */
export const conditionAction = rejectionCheck({
  id: 'ERR-CONDITION-ACTION',
  title: 'A recovery action that does not fit its mechanical condition is rejected',
  specRef: '000 §Machine-Executable Decision Matrices; §Synthetic Recovery Transcripts, Scenarios 1-5',
  decisions: ['D-ERR-04'],
  cases: conditionActionMisfit,
});
