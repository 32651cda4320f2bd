import * as fc from 'fast-check';
import type { ErrorSpec } from '../../src/spec/error.js';

/**
 * Plausible codes outside the registry, by the slip of a validator each exposes:
 * - `code:foreign`: codes of neighbouring vocabularies (HTTP reason phrases, gRPC, other profiles): a registry widened with them;
 * - `code:separator`: a registry code with dashes, dots or camel case for its underscores: a reader that normalises separators;
 * - `code:case`: a registry code in another case: a case-insensitive comparison;
 * - `code:space`: a registry code with white space around it: a reader that trims;
 * - `code:proto`: names every JavaScript object inherits: a registry looked up with `in` or `obj[code]`;
 * - `code:empty`: the empty string: a check made only when the code is truthy;
 * - `code:lookalike`: a registry code in full-width letters or with an invisible character: a reader that normalises Unicode (NFKC) or strips format characters.
 */
const BY_FAMILY: Readonly<Record<string, readonly string[]>> = {
  'code:foreign': [
    'rate_limited',
    'internal_error',
    'not_found',
    'timeout',
    'unauthorized',
    'invalid_message_v2',
    'task_missing',
    'capability_unsupported',
    '认证失败',
  ],
  'code:separator': [
    'auth-required',
    'task-not-found',
    'invalid.message',
    'capability-not-supported',
    'insufficient-trust',
    'unknown.profile',
  ],
  'code:case': ['Auth_Required', 'INVALID_MESSAGE', 'Task_Not_Found', 'Unknown_Profile', 'CAPABILITY_NOT_SUPPORTED'],
  'code:space': [
    'auth_required ',
    ' invalid_message',
    'task_not_found\n',
    '\tunknown_profile',
    'insufficient_trust\u00a0',
  ],
  'code:proto': ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf'],
  'code:empty': [''],
  'code:lookalike': ['ａｕｔｈ_ｒｅｑｕｉｒｅｄ', 'invalid\u200b_message', 'task_not\u00adfound', 'unknown_proﬁle'],
};

/** The foreign codes of each family that are foreign under `spec`: a code its registry holds is a registry code there, never planted as foreign. */
function byFamily(spec: ErrorSpec): [string, string[]][] {
  return Object.entries(BY_FAMILY)
    .map(([family, codes]) => [family, codes.filter((c) => !spec.registry.codes.includes(c))] as [string, string[]])
    .filter(([, codes]) => codes.length > 0);
}

/** The families of foreign codes under `spec`. */
export function foreignFamilies(spec: ErrorSpec): string[] {
  return byFamily(spec).map(([f]) => f);
}

/** Every code outside `spec`'s registry the pack plants (a user's `--spec-dir` may add `rate_limited`, say: then it is not one). */
export function foreignCodes(spec: ErrorSpec): string[] {
  return byFamily(spec).flatMap(([, codes]) => codes);
}

/** A code outside `spec`'s registry, with its family: the family drawn first, every family alike. */
export function foreignCodeOfFamily(spec: ErrorSpec): fc.Arbitrary<{ family: string; code: string }> {
  const families = byFamily(spec);
  return fc
    .constantFrom(...families)
    .chain(([family, codes]) => fc.constantFrom(...codes).map((code) => ({ family, code })));
}

/** A code outside `spec`'s registry. */
export function foreignCode(spec: ErrorSpec): fc.Arbitrary<string> {
  return foreignCodeOfFamily(spec).map((c) => c.code);
}

/** The family of a foreign code the pack plants (`code:foreign` for any other). */
export function foreignFamily(code: string): string {
  return Object.entries(BY_FAMILY).find(([, codes]) => codes.includes(code))?.[0] ?? 'code:foreign';
}
