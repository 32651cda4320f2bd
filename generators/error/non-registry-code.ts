import fc from 'fast-check';
import type { ErrorSpec } from '../../src/spec/error.js';
import { copy, type AdversarialError } from './adversarial.js';
import { errorPayload } from './error-payload.js';

/** Plausible codes outside the registry: other vocabularies, near misses in case and spelling. */
const FOREIGN_CODES = ['rate_limited', 'internal_error', 'not_found', 'timeout', 'unauthorized', 'Auth_Required', 'auth-required', 'auth_required ', 'invalid_message_v2', 'INVALID_MESSAGE', 'task_missing', 'capability_unsupported', '', '认证失败'];

/**
 * A valid payload whose `code` alone is replaced by a non-registry string (ERR-REGISTRY-CODE).
 * `numeric_status` is left as it was: D-ERR-09 has no row for an unknown code, so alignment stays out of the way.
 */
export function nonRegistryCode(spec: ErrorSpec): fc.Arbitrary<AdversarialError> {
  // A spec whose registry adopts one of these codes makes it valid: it is left out.
  const codes = fc.constantFrom(...FOREIGN_CODES.filter((c) => !spec.registry.codes.includes(c)));
  return fc.tuple(errorPayload(spec), codes).map(([base, code]) => {
    const p = copy(base);
    p.body.code = code;
    return { family: code.trim() === code && code.toLowerCase() === code ? 'code:foreign' : 'code:near-miss', payload: p };
  });
}
