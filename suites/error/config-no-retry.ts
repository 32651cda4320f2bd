import { configRetry } from '../../generators/error/config-retry.js';
import { rejectionCheck } from './rejection-check.js';

/** ERR-CONFIG-NO-RETRY: an error of origin `configuration` offering an automatic retry path is rejected. */
export const configNoRetry = rejectionCheck({
  id: 'ERR-CONFIG-NO-RETRY',
  title: 'A configuration-origin error offering an automatic retry is rejected',
  specRef: '000 §Origin Mapping and Diagnostic Nuance',
  statement:
    'An error whose origin is configuration (a boundary a human chose) offers no automatic retry path: neither a retry action such as wait_for_dependency nor retry parameters such as max_retries on any option (000 §Origin Mapping and Diagnostic Nuance; D-ERR-08).',
  decisions: ['D-ERR-08'],
  cases: configRetry,
});
