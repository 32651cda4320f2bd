import { rejectionCheck } from './common.js';

/** VAL-PROMOTION: Promotion rules PM-01 and PM-02 hold. */
export const promotion = rejectionCheck({
  id: 'VAL-PROMOTION',
  title: 'Promotion rules PM-01 and PM-02 hold',
  specRef: '003 §2.3 Promotion Rules',
  decisions: ['D-UAS-10'],
});
