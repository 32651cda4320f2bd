import { verdictCheck } from '../../src/engine/kinds/verdict.js';
import { UAS_VERDICTS, uasRejections } from './verdicts.js';

/** VAL-RELATION-ENUM: A base_relation outside the 10 closed relations is rejected. */
export const relationEnum = verdictCheck({
  id: 'VAL-RELATION-ENUM',
  suite: 'uas',
  severity: 'MUST',
  title: 'A base_relation outside the 10 closed relations is rejected',
  specRef: '003 §2.2 Closed Base Relations; §5.1.2',
  decisions: ['D-UAS-02', 'D-UAS-08'],
  statement:
    "Every edge's `base_relation` is exactly one of the 10 closed base relations, case included; any other token (an alias such as MANDATES, RELATED_TO, `depends_on`, `__proto__`) is a VAL-RELATION-ENUM finding (003 §2.2 Closed Base Relations, §5.1.2; D-UAS-08).",
  verdicts: UAS_VERDICTS,
  ...uasRejections('VAL-RELATION-ENUM'),
});
