import { rejectionCheck } from './common.js';

/** VAL-ROLE-ENUM: A base_role outside the 18 closed roles is rejected. */
export const roleEnum = rejectionCheck({
  id: 'VAL-ROLE-ENUM',
  title: 'A base_role outside the 18 closed roles is rejected',
  specRef: '003 §2.2 Closed Base Roles; §5.1.2; §5.2',
  decisions: ['D-UAS-08'],
});
