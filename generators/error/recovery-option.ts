import * as fc from 'fast-check';
import { formatAsserted, isUrlOptionMember, type ErrorSpec, type RecoveryOption } from '../../src/spec/error.js';
import { executableParameters, paramsOptional } from './executable-parameters.js';
import { httpsIri, nonHttpsUri, validHttpsUrl } from './https-url.js';

/** The `format` the published schema gives `human_review_url`. */
function reviewFormat(spec: ErrorSpec): string | undefined {
  return spec.schema.properties.body.properties.sub_errors.items.properties.recovery_options.items.properties
    .human_review_url?.format;
}

/**
 * Valid human review URLs under `spec`: absolute https where D-ERR-06 names the member, any URI
 * otherwise (`http:`, `urn:`...); raw-unicode IRIs too where D-ERR-01 leaves `uri` an annotation, and
 * an upper-case scheme where D-ERR-14 reads it case-insensitively.
 */
export function reviewUrl(spec: ErrorSpec): fc.Arbitrary<string> {
  const https = formatAsserted(reviewFormat(spec), spec)
    ? validHttpsUrl(spec)
    : fc.oneof(validHttpsUrl(spec), httpsIri());
  return isUrlOptionMember('human_review_url', spec) ? https : fc.oneof(https, nonHttpsUri());
}

/** A valid recovery option for `action` under `spec` (and `origin`), sometimes with a human review URL for legacy clients. */
export function recoveryOption(action: string, spec: ErrorSpec, origin?: string): fc.Arbitrary<RecoveryOption> {
  const params = paramsOptional(action, spec)
    ? fc.option(executableParameters(action, spec, origin), { nil: undefined })
    : executableParameters(action, spec, origin);
  return fc.tuple(params, fc.option(reviewUrl(spec), { nil: undefined })).map(([p, url]) => ({
    action,
    ...(p !== undefined ? { executable_parameters: p } : {}),
    ...(url !== undefined ? { human_review_url: url } : {}),
  }));
}
