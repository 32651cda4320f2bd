import { rejectionCheck } from './common.js';

/** VAL-WEIGHT-FORMULA: Weights follow the seed formula from their modifiers and degree centrality. */
export const weightFormula = rejectionCheck({
  id: 'VAL-WEIGHT-FORMULA',
  title: 'Weights follow the seed formula from their modifiers and degree centrality',
  specRef: '003 §2.3 Mathematical Weighting Engine',
  decisions: ['D-UAS-10'],
});
