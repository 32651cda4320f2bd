import { configRetry, configRetryFamilies } from '../../generators/error/config-retry.js';
import { POSITIONS } from '../../generators/error/positions.js';
import { verdictCheck } from '../../src/engine/kinds/verdict.js';
import { ERROR_VERDICTS, errorRejections, reachOf } from './verdicts.js';

/** ERR-CONFIG-NO-RETRY: an error of origin `configuration` offering an automatic retry path is rejected. */
export const configNoRetry = verdictCheck({
  id: 'ERR-CONFIG-NO-RETRY',
  suite: 'error',
  severity: 'MUST',
  title: 'A configuration-origin error offering an automatic retry is rejected',
  specRef: '000 §Origin Mapping and Diagnostic Nuance',
  statement:
    'An error whose origin is configuration (a boundary a human chose) offers no automatic retry path: neither a retry action such as wait_for_dependency nor any of the retry parameters D-ERR-08 names (max_retries, backoff_strategy, retry_after, retry_after_seconds, retry_interval, retry_interval_ms), as a number or as text, on any option of any sub-error (000 §Origin Mapping and Diagnostic Nuance; D-ERR-08).',
  decisions: ['D-ERR-08'],
  verdicts: ERROR_VERDICTS,
  ...errorRejections('ERR-CONFIG-NO-RETRY', configRetry, (spec) => {
    const families = configRetryFamilies(spec);
    return reachOf(families, [
      ...POSITIONS,
      ...(families.some((f) => f.startsWith('retry-param:')) ? ['value:number', 'value:text'] : []),
    ]);
  }),
});
