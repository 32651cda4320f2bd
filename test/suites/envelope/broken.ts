import type { Adapter, Verdict } from '../../../src/contract/adapter.js';
import { referenceAdapter } from '../../../src/adapters/reference.js';
import { findSecret } from '../../../src/reference/secrets.js';
import type { BrokenRegistry, MoreBroken } from '../../helpers/broken.js';
import { lastToken, valueAt } from '../../helpers/json-pointer.js';

/**
 * Deliberately broken envelope validators, one per check of the envelope suite: each models a
 * mistake an implementer makes, and must fail its check, and only its check.
 */
const ref = referenceAdapter;

/** The reference validator with one validation expectation (named by its check id) left out. */
export function ignoring(checkId: string): Adapter {
  return {
    ...ref,
    describe: () => ({ name: `ignores ${checkId}`, version: '0' }),
    async validateEnvelope(packet, context) {
      const v = (await ref.validateEnvelope!(packet, context)) as Verdict;
      const findings = (v.findings ?? []).filter((f) => f.checkId !== checkId);
      return findings.length ? { valid: false, findings } : { valid: true };
    },
  };
}

/**
 * The reference validator, but blind to a malformed value of a field it checks only for presence
 * (absent or `null` is missing, as `value == null` reads it; anything else passes).
 */
function presenceOnly(checkId: string): Adapter {
  return {
    ...ref,
    describe: () => ({ name: `presence only for ${checkId}`, version: '0' }),
    async validateEnvelope(packet, context) {
      const v = (await ref.validateEnvelope!(packet, context)) as Verdict;
      const findings = (v.findings ?? []).filter(
        (f) =>
          f.checkId !== checkId || f.code === 'required' || (f.path !== undefined && valueAt(packet, f.path) === null),
      );
      return findings.length ? { valid: false, findings } : { valid: true };
    },
  };
}

/** A claim filter without negation: rejects every sentence naming UAIX and a service, as naive filters do. */
const keywordClaimFilter: Adapter = {
  ...ref,
  describe: () => ({ name: 'keyword claim filter', version: '0' }),
  async validateEnvelope(packet, context) {
    const text = JSON.stringify(packet);
    if (/UAIX[^"]*(hosted messaging|automatic sync|orchestration|official adapters|certif)/i.test(text))
      return { valid: false, findings: [{ message: 'claim' }] };
    return ref.validateEnvelope!(packet, context);
  },
};

/**
 * A spoofing guard of its own: a source naming the UAIX publisher (`agt_uaix.*`) is refused as an
 * impersonation, and the seeds' published fixtures, which that publisher sends, with it.
 */
const publisherSpoofGuard: Adapter = {
  ...ref,
  describe: () => ({ name: 'publisher spoof guard', version: '0' }),
  async validateEnvelope(packet, context) {
    const source = (packet as { source?: { id?: unknown } }).source;
    if (typeof source?.id === 'string' && source.id.startsWith('agt_uaix.'))
      return { valid: false, findings: [{ path: '/source/id', message: 'impersonates the publisher' }] };
    return ref.validateEnvelope!(packet, context);
  },
};

/**
 * A clock of POSIX habits: a leap second `23:59:60` is read as `23:59:59`, so an envelope expiring
 * on one is taken for expired a second early (D-ENV-04: it is the instant before the next day's midnight).
 */
const leapSecondClamped: Adapter = {
  ...ref,
  describe: () => ({ name: 'leap second clamped to :59', version: '0' }),
  async validateEnvelope(packet, context) {
    const expires = (packet as { delivery?: { expires_at?: unknown } }).delivery?.expires_at;
    if (
      typeof expires === 'string' &&
      /T23:59:60(\.\d+)?Z$/.test(expires) &&
      Date.parse(context.now) >= Date.parse(expires.replace('T23:59:60', 'T23:59:59'))
    ) {
      return { valid: false, findings: [{ checkId: 'ENV-EXPIRED', path: '/delivery/expires_at', message: 'expired' }] };
    }
    return ref.validateEnvelope!(packet, context);
  },
};

// --- Secret slips (D-ENV-08): ENV-SECRET-IN-MEMORY misses a harder spelling, ENV-VALID-ACCEPTED flags a not-secret. ---

/** The reference validator that drops its ENV-SECRET-IN-MEMORY finding when `overlooks` says so of the finding's value (and the member name it sits under). */
function secretOverlooked(name: string, overlooks: (value: unknown, member: string) => boolean): Adapter {
  return {
    ...ref,
    describe: () => ({ name, version: '0' }),
    async validateEnvelope(packet, context) {
      const v = (await ref.validateEnvelope!(packet, context)) as Verdict;
      const findings = (v.findings ?? []).filter(
        (f) =>
          f.checkId !== 'ENV-SECRET-IN-MEMORY' ||
          f.path === undefined ||
          !overlooks(valueAt(packet, f.path), lastToken(f.path)),
      );
      return findings.length ? { valid: false, findings } : { valid: true };
    },
  };
}

/** The reference validator that also rejects a memory proposal in which `flags` finds a string (or a member name and its string value). */
function secretOverflagged(name: string, flags: (key: string | null, value: string) => boolean): Adapter {
  const scan = (v: unknown, key: string | null): boolean => {
    if (typeof v === 'string') return flags(key, v);
    if (v === null || typeof v !== 'object') return false;
    return Object.entries(v as Record<string, unknown>).some(([k, x]) => scan(x, Array.isArray(v) ? null : k));
  };
  return {
    ...ref,
    describe: () => ({ name, version: '0' }),
    async validateEnvelope(packet, context) {
      if ((packet as { profile?: unknown }).profile === 'uai.agent.memory-proposal.v1' && scan(packet, null)) {
        return { valid: false, findings: [{ checkId: 'ENV-SECRET-IN-MEMORY', message: 'secret' }] };
      }
      return ref.validateEnvelope!(packet, context);
    },
  };
}

/** The passwords of the DSNs in a text. */
const dsnPasswords = (text: string): string[] =>
  [...text.matchAll(/[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s:/?#@"'<>]+:([^\s/?#@"'<>]+)@/g)].map((m) => m[1]!);

/** Credential-named names, and a value a credential assignment carries. */
const CREDENTIAL_NAME =
  /(?:password|passwd|passphrase|pwd|secret|api[ _-]?key|apikey|access[_-]?key|private[_-]?key|token)["']?$/i;
const ASSIGNMENT =
  /(?:password|passwd|passphrase|pwd|secret|api[ _-]?key|apikey|token)["']?\s*[:=]\s*["']?([^\s"'<>,;&]{12,})/gi;

/**
 * Further secret slips of ENV-SECRET-IN-MEMORY, by the one family that catches each
 * (test/generators/envelope/mutators/secrets.test.ts).
 */
export const secretSlipsByFamily: Readonly<Record<string, readonly Adapter[]>> = {
  'dsn-credentials': [
    secretOverlooked(
      'takes a DSN password that starts or ends with x or X for a mask',
      (v) =>
        typeof v === 'string' && dsnPasswords(v).length > 0 && dsnPasswords(v).every((pw) => /^[xX*]|[xX*]$/.test(pw)),
    ),
    secretOverlooked(
      'skips texts of nine characters or fewer',
      (v) => typeof v === 'string' && v.length <= 9 && findSecret(v) !== null,
    ),
  ],
  'credential-member': [
    // A member name read with the credential word anchored at its very end: `"api_key"` and `password'` are missed.
    secretOverlooked(
      'wants the credential word at the very end of a member name',
      (v, member) =>
        typeof v === 'string' && /["']$/.test(member) && findSecret(member) === null && findSecret(v) === null,
    ),
  ],
};
export const secretSlips: readonly Adapter[] = Object.values(secretSlipsByFamily).flat();

/** Detectors of ENV-VALID-ACCEPTED's memory proposals that flag a not-secret of spec/secrets.json. */
export const secretValidSlips: readonly Adapter[] = [
  secretOverflagged(
    'reads any string under a credential-named member as a secret',
    (key) => key !== null && CREDENTIAL_NAME.test(key),
  ),
  secretOverflagged('counts any character that is not upper case as a class of its own', (key, v) =>
    [...(key !== null && CREDENTIAL_NAME.test(key) ? [v] : []), ...[...v.matchAll(ASSIGNMENT)].map((m) => m[1]!)].some(
      (x) => x.length >= 12 && !/[A-Z]/.test(x) && (/[a-z]/.test(x) || /[0-9]/.test(x)),
    ),
  ),
  secretOverflagged('reads only a one-character mask or template (*, ${X}) in a DSN password as redacted', (_key, v) =>
    dsnPasswords(v).some((pw) => !/^(?:\*|x+|X+|\$\{[^}]\})$/.test(pw)),
  ),
];

// --- end of the secret slips. ---

/** Further slips of an envelope check, each of which must fail it. */
export const more: MoreBroken = {
  'ENV-VALID-ACCEPTED': [leapSecondClamped, ...secretValidSlips],
  'ENV-SECRET-IN-MEMORY': secretSlips,
};

/** Every envelope check id, mapped to the adapter that must fail it. */
export const broken: BrokenRegistry = {
  'ENV-VALID-ACCEPTED': keywordClaimFilter,
  'ENV-SEED-FIXTURES': publisherSpoofGuard,
  'ENV-PROFILE-KNOWN': ignoring('ENV-PROFILE-KNOWN'),
  'ENV-REQUIRED-FIELDS': ignoring('ENV-REQUIRED-FIELDS'),
  'ENV-UNDECLARED-FIELD': ignoring('ENV-UNDECLARED-FIELD'),
  'ENV-FIELD-TYPE': ignoring('ENV-FIELD-TYPE'),
  'ENV-UTC-Z': ignoring('ENV-UTC-Z'),
  'ENV-IDENTITY': presenceOnly('ENV-IDENTITY'),
  'ENV-CORRELATION-ID': presenceOnly('ENV-CORRELATION-ID'),
  'ENV-IDEMPOTENCY-KEY': presenceOnly('ENV-IDEMPOTENCY-KEY'),
  'ENV-FALLBACK-DIRECTIVE': presenceOnly('ENV-FALLBACK-DIRECTIVE'),
  'ENV-EXPIRED': ignoring('ENV-EXPIRED'),
  'ENV-UNSUPPORTED-CLAIM': ignoring('ENV-UNSUPPORTED-CLAIM'),
  'ENV-SECRET-IN-MEMORY': ignoring('ENV-SECRET-IN-MEMORY'),
  'ENV-COLD-MEMORY-PROMOTION': ignoring('ENV-COLD-MEMORY-PROMOTION'),
  'ENV-FINAL-REPORT-EVIDENCE': ignoring('ENV-FINAL-REPORT-EVIDENCE'),
  'ENV-HUMAN-REVIEW-BLOCKER': ignoring('ENV-HUMAN-REVIEW-BLOCKER'),
};

export { byFamily } from './by-family.js';
