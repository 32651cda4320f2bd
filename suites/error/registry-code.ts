import { nonRegistryCode } from '../../generators/error/non-registry-code.js';
import { rejectionCheck } from './rejection-check.js';

/** ERR-REGISTRY-CODE: a `code` outside the legacy error registry is rejected. */
export const registryCode = rejectionCheck({
  id: 'ERR-REGISTRY-CODE',
  title: 'A code outside the legacy error registry is rejected',
  specRef: '000 §Minimal Response Formats and the Error Registry',
  decisions: ['D-ERR-03'],
  cases: nonRegistryCode,
});
