import { rejectionCheck } from './common.js';

/** VAL-OVERFLOW-REGISTER: An unregistered specialized role or relation needs an overflow entry. */
export const overflowRegister = rejectionCheck({
  id: 'VAL-OVERFLOW-REGISTER',
  title: 'An unregistered specialized role or relation needs an overflow entry',
  specRef: '003 §2.2 (ROLE_OVERFLOW, RELATION_OVERFLOW)',
  decisions: ['D-UAS-08'],
});
