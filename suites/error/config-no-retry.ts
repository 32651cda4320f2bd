import { configRetry } from '../../generators/error/config-retry.js';
import { rejectionCheck } from './rejection-check.js';

/** ERR-CONFIG-NO-RETRY: an error of origin `configuration` offering an automatic retry path is rejected. */
export const configNoRetry = rejectionCheck({
  id: 'ERR-CONFIG-NO-RETRY',
  title: 'A configuration-origin error offering an automatic retry is rejected',
  specRef: '000 §Origin Mapping and Diagnostic Nuance',
  decisions: ['D-ERR-08'],
  cases: configRetry,
});
