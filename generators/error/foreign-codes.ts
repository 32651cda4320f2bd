import fc from 'fast-check';
import type { ErrorSpec } from '../../src/spec/error.js';

/** Plausible codes outside the registry: other vocabularies, near misses in case and spelling. */
const FOREIGN_CODES = ['rate_limited', 'internal_error', 'not_found', 'timeout', 'unauthorized', 'Auth_Required', 'auth-required', 'auth_required ', 'invalid_message_v2', 'INVALID_MESSAGE', 'task_missing', 'capability_unsupported', '', '认证失败'];

/**
 * The foreign codes that are foreign under `spec`: a code the spec's registry holds (a user's
 * `--spec-dir` may add `rate_limited`, say) is a registry code there, never planted as foreign.
 */
export function foreignCodes(spec: ErrorSpec): string[] {
  return FOREIGN_CODES.filter((c) => !spec.registry.codes.includes(c));
}

/** A code outside `spec`'s registry. */
export function foreignCode(spec: ErrorSpec): fc.Arbitrary<string> {
  return fc.constantFrom(...foreignCodes(spec));
}

/** The family of a foreign code: a code of another vocabulary, or a near miss of a registry code (case, spacing, spelling). */
export function foreignFamily(code: string): string {
  return code.trim() === code && code.toLowerCase() === code ? 'code:foreign' : 'code:near-miss';
}
