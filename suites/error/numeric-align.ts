import { numericMisalignment } from '../../generators/error/numeric-misalignment.js';
import { rejectCheck } from './adversarial-check.js';

/** ERR-NUMERIC-ALIGN (SHOULD): a numeric_status that contradicts code is rejected. */
export const numericAlign = rejectCheck({
  id: 'ERR-NUMERIC-ALIGN',
  title: 'numeric_status is consistent with code',
  severity: 'SHOULD',
  specRef: '000 §Resolving Error Code Ambiguities: Bridging String and Numeric Semantics',
  decisions: ['D-ERR-09', 'D-ERR-13'],
  cases: numericMisalignment,
});
