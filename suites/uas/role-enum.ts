import { verdictCheck } from '../../src/engine/kinds/verdict.js';
import { UAS_VERDICTS, uasRejections } from './verdicts.js';

/** VAL-ROLE-ENUM: A base_role outside the 18 closed roles is rejected. */
export const roleEnum = verdictCheck({
  id: 'VAL-ROLE-ENUM',
  suite: 'uas',
  severity: 'MUST',
  title: 'A base_role outside the 18 closed roles is rejected',
  specRef: '003 §2.2 Closed Base Roles; §5.1.2; §5.2',
  decisions: ['D-UAS-02', 'D-UAS-08'],
  statement:
    "Every unit's `base_role` is exactly one of the 18 closed base roles, case included; any other token (an alias such as PROBLEM, RULE, `claim`, `constructor`) is a VAL-ROLE-ENUM finding, register entry or not (003 §2.2 Closed Base Roles, §5.1.2; D-UAS-08).",
  verdicts: UAS_VERDICTS,
  ...uasRejections('VAL-ROLE-ENUM'),
});
