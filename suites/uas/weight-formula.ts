import { verdictCheck } from '../../src/engine/kinds/verdict.js';
import { UAS_VERDICTS, uasRejections } from './verdicts.js';

/** VAL-WEIGHT-FORMULA: Weights follow the seed formula from their modifiers and degree centrality. */
export const weightFormula = verdictCheck({
  id: 'VAL-WEIGHT-FORMULA',
  suite: 'uas',
  severity: 'MUST',
  title: 'Weights follow the seed formula from their modifiers and degree centrality',
  specRef: '003 §2.3 Mathematical Weighting Engine',
  decisions: ['D-UAS-02', 'D-UAS-10'],
  statement:
    "Every unit's `weight_modifiers` are tokens of the pinned modifier table, and its `weight` is within the pinned tolerance (0.005) of clamp(0.50 + the modifiers' deltas + 0.05 * C, 0, 1), C its degree divided by the largest degree of any unit (003 §2.3 Mathematical Weighting Engine; D-UAS-10).",
  verdicts: UAS_VERDICTS,
  ...uasRejections('VAL-WEIGHT-FORMULA'),
});
