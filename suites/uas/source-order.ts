import { verdictCheck } from '../../src/engine/kinds/verdict.js';
import { UAS_VERDICTS, uasRejections } from './verdicts.js';

/** VAL-SOURCE-ORDER: source_order follows document order and spans ascend without overlap. */
export const sourceOrder = verdictCheck({
  id: 'VAL-SOURCE-ORDER',
  suite: 'uas',
  severity: 'MUST',
  title: 'source_order follows document order and spans ascend without overlap',
  specRef: '003 §2.1 PHASE-03 (source_order)',
  decisions: ['D-UAS-02', 'D-UAS-07'],
  statement:
    "Units carry `source_order` 1, 2, ... n in document order, and each unit's span starts at or after the end of the previous unit's span (003 §2.1 PHASE-03; D-UAS-07).",
  verdicts: UAS_VERDICTS,
  ...uasRejections('VAL-SOURCE-ORDER'),
});
