import fc from 'fast-check';
import type { RecoveryOption } from '../../src/spec/error.js';
import { executableParameters, paramsOptional } from './executable-parameters.js';
import { httpsUrl } from './https-url.js';

/** A valid recovery option for `action`, sometimes with a human review URL for legacy clients. */
export function recoveryOption(action: string): fc.Arbitrary<RecoveryOption> {
  const params = paramsOptional(action) ? fc.option(executableParameters(action), { nil: undefined }) : executableParameters(action);
  return fc.tuple(params, fc.option(httpsUrl(), { nil: undefined })).map(([p, url]) => ({
    action,
    ...(p !== undefined ? { executable_parameters: p } : {}),
    ...(url !== undefined ? { human_review_url: url } : {}),
  }));
}
