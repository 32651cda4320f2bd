import { conditionActionMisfit, misfitConditions } from '../../generators/error/condition-action-misfit.js';
import { POSITIONS } from '../../generators/error/positions.js';
import { verdictCheck } from '../../src/engine/kinds/verdict.js';
import { ERROR_VERDICTS, errorRejections, reachOf } from './verdicts.js';

/** ERR-CONDITION-ACTION: a recovery action that does not fit its mechanical condition is rejected. */
export const conditionAction = verdictCheck({
  id: 'ERR-CONDITION-ACTION',
  suite: 'error',
  severity: 'MUST',
  title: 'A recovery action that does not fit its mechanical condition is rejected',
  specRef: '000 §Machine-Executable Decision Matrices; §Synthetic Recovery Transcripts, Scenarios 1-5',
  statement:
    "A recovery option whose action addresses a cause other than its sub-error's mechanical_condition is rejected, whatever the condition and wherever the option sits (after a fitting option, in a later sub-error): for example a plain wait_for_dependency on an unknown_outcome (retrying before readback risks a duplicate commit) or renew_grant on a malformed_request (000 §Machine-Executable Decision Matrices; §Synthetic Recovery Transcripts, Scenario 5; D-ERR-04).",
  decisions: ['D-ERR-04'],
  verdicts: ERROR_VERDICTS,
  ...errorRejections('ERR-CONDITION-ACTION', conditionActionMisfit, (spec) =>
    reachOf(
      misfitConditions(spec).map((c) => `misfit:${c}`),
      POSITIONS,
    ),
  ),
});
