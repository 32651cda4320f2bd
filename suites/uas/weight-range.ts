import { verdictCheck } from '../../src/engine/kinds/verdict.js';
import { UAS_VERDICTS, uasRejections } from './verdicts.js';

/** VAL-WEIGHT-RANGE: Weights are decimals from 0.00 to 1.00. */
export const weightRange = verdictCheck({
  id: 'VAL-WEIGHT-RANGE',
  suite: 'uas',
  severity: 'MUST',
  title: 'Weights are decimals from 0.00 to 1.00',
  specRef: '003 §2.1 PHASE-06; §2.3',
  decisions: ['D-UAS-02', 'D-UAS-10'],
  statement:
    "Every unit's `weight` is a plain decimal (`0` or digits without a leading zero, optionally a point and digits) from 0.00 to 1.00 (003 §2.1 PHASE-06, §2.3; D-UAS-10).",
  verdicts: UAS_VERDICTS,
  ...uasRejections('VAL-WEIGHT-RANGE'),
});
