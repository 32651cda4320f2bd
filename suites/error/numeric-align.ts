import { mutated } from '../../generators/error/adversarial.js';
import { errorPayload } from '../../generators/error/error-payload.js';
import { numericMisalignment } from '../../generators/error/numeric-misalignment.js';
import { rejectionCheck } from './rejection-check.js';

/** ERR-NUMERIC-ALIGN (SHOULD): a numeric_status that contradicts code is rejected. */
export const numericAlign = rejectionCheck({
  id: 'ERR-NUMERIC-ALIGN',
  title: 'numeric_status is consistent with code',
  severity: 'SHOULD',
  specRef: '000 §Resolving Error Code Ambiguities: Bridging String and Numeric Semantics',
  decisions: ['D-ERR-09', 'D-ERR-13'],
  cases: (spec) => mutated(errorPayload(spec), numericMisalignment(spec)),
});
