import { rejectionCheck } from './common.js';

/** VAL-RELATION-ENUM: A base_relation outside the 10 closed relations is rejected. */
export const relationEnum = rejectionCheck({
  id: 'VAL-RELATION-ENUM',
  title: 'A base_relation outside the 10 closed relations is rejected',
  specRef: '003 §2.2 Closed Base Relations; §5.1.2',
  decisions: ['D-UAS-08'],
});
