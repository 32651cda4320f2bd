import type { Adapter, Finding, ValidationContext, Verdict } from '../../../src/contract/adapter.js';
import { referenceAdapter } from '../../../src/adapters/reference.js';
import { findUnsupportedClaim } from '../../../src/reference/envelope/claims.js';
import { utcInstant } from '../../../src/reference/envelope/instant.js';
import { findSecret } from '../../../src/reference/secrets.js';
import { bundledSpec } from '../../../src/spec/index.js';
import { foldName } from '../../../generators/envelope/mutators/structure.js';
import { publishedObjects } from '../../../generators/envelope/walk.js';
import type { ByFamily } from '../../helpers/broken.js';
import { valueAt } from '../../helpers/json-pointer.js';

/**
 * Broken envelope validators by mutation family: for a check, per family, the reference validator
 * with one slip that only that family's cases expose (it answers every other case of the check
 * rightly). Most slips are lenient readings: the reference's findings of the rule, but one it
 * would not have made is dropped. `describeGallery` proves each: a default run of the check fails
 * on a case of the family, and no case of another family is answered wrongly.
 */
const spec = bundledSpec().envelope;
const ref = referenceAdapter;
type Packet = Record<string, any>;


/** The last token of a JSON Pointer, unescaped. */
const lastToken = (pointer: string): string => pointer.slice(pointer.lastIndexOf('/') + 1).replace(/~1/g, '/').replace(/~0/g, '~');

/**
 * The reference validator that does not see what `overlooks` says of a finding of `checkId` (the
 * finding, the packet, the clock): such findings are dropped, and the envelope is valid when none
 * is left.
 */
function overlooking(name: string, checkId: string, overlooks: (f: Finding, packet: Packet, context: ValidationContext) => boolean): Adapter {
  return {
    ...ref,
    describe: () => ({ name, version: '0' }),
    async validateEnvelope(packet, context) {
      const v = (await ref.validateEnvelope!(packet, context)) as Verdict;
      const findings = (v.findings ?? []).filter((f) => f.checkId !== checkId || !overlooks(f, packet as Packet, context));
      return findings.length ? { valid: false, findings } : { valid: true };
    },
  };
}

/** A finding's value, when the finding has a path. */
const valueOf = (f: Finding, packet: Packet): unknown => (f.path === undefined ? undefined : valueAt(packet, f.path));

const TOKEN = new RegExp(spec.types.token!.pattern!);
const DATE_TIME = new RegExp(spec.types['date-time']!.pattern!);
const known = Object.keys(spec.profiles);

/** A profile lookup that reads the profile through `read` first: the envelope's profile is known when the read value is. */
function profileReadAs(name: string, read: (profile: unknown) => unknown): Adapter {
  return overlooking(name, 'ENV-PROFILE-KNOWN', (_f, p) => {
    const v = read(p.profile);
    return typeof v === 'string' && known.includes(v);
  });
}

/** Whether a member name inside the object at `parent` folds (case, `_`, `-`, white space) to a name that object declares. */
function foldsToDeclared(packet: Packet, pointer: string): boolean {
  const parent = pointer.slice(0, pointer.lastIndexOf('/'));
  const profile = typeof packet.profile === 'string' ? packet.profile : '';
  if (!Object.hasOwn(spec.profiles, profile)) return false;
  const o = publishedObjects(spec, packet, profile).find((x) => x.pointer === parent);
  const name = lastToken(pointer);
  return o !== undefined && o.declared.some((d) => foldName(d) === foldName(name));
}

/** The seconds and fraction of an RFC 3339 UTC date-time. */
const UTC = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}):(\d{2})(?:\.(\d{1,9}))?Z$/;

/** A hand-written reader that takes the fraction digits for a count of milliseconds (".1234" as 1234 ms). */
function fractionAsMillis(text: string): number | null {
  const m = UTC.exec(text);
  if (!m) return null;
  const second = Number(m[2]);
  return Date.parse(`${m[1]}:${String(Math.min(second, 59)).padStart(2, '0')}Z`) + (second === 60 ? 1000 : 0) + Number(m[3] ?? '0');
}

/** Whether a finding points into a list item (its pointer ends in an index). */
const inListItem = (f: Finding): boolean => f.path !== undefined && /\/\d+$/.test(f.path);

/** A number or a flag spelled as text, as a coercing reader parses it (`" 0"`, `"3e5"`, `"TRUE"`). */
const SPELLED = /^\s*(?:[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?|true|false)\s*$/i;

/** The reference validator that reads a JSON text or a one-item array as the envelope it holds. */
const unwrappingReader: Adapter = {
  ...ref,
  describe: () => ({ name: 'reads a JSON text or a one-item array as the envelope inside', version: '0' }),
  async validateEnvelope(packet, context) {
    let p: unknown = packet;
    if (typeof p === 'string') {
      try {
        p = JSON.parse(p);
      } catch {
        // not JSON: validated as it is
      }
    }
    if (Array.isArray(p) && p.length === 1) p = p[0];
    return ref.validateEnvelope!(p, context);
  },
};

/** A JWT with an empty signature part, and one with a signature (the secret slips of ENV-SECRET-IN-MEMORY). */
const UNSIGNED_JWT = /(?<![\w-])ey[\w-]{10,}\.ey[\w-]{10,}\.(?![\w-])/;
const SIGNED_JWT = /(?<![\w-])ey[\w-]{10,}\.ey[\w-]{10,}\.[\w-]/;
/** A URL scheme of one letter, not inside a longer word. */
const ONE_LETTER_SCHEME = /(?<![A-Za-z0-9+.-])[A-Za-z]:\/\//;
const ONE_LETTER_SCHEME_ALL = /(?<![A-Za-z0-9+.-])[A-Za-z]:\/\//g;
/** The value of a credential assignment in a text. */
const ASSIGNED_VALUE = /(?:password|passwd|passphrase|pwd|secret|api[ _-]?key|apikey|token)["']?\s*[:=]\s*["']?([^\s"'<>,;&]{12,})/i;
/** A member name ending in an access key or a private key. */
const KEY_NAMED = /(?:access|private)[_-]?key$/i;

/** The text of a claim finding (its path's value), or null. */
const claimText = (f: Finding, p: Packet): string | null => {
  const v = valueOf(f, p);
  return typeof v === 'string' ? v : null;
};

export const byFamily: ByFamily = {
  'ENV-PROFILE-KNOWN': {
    whitespace: profileReadAs('trims the profile name before the registry lookup', (v) => (typeof v === 'string' ? v.trim() : v)),
    'case-variant': profileReadAs('looks profile names up in lower case', (v) => (typeof v === 'string' ? v.toLowerCase() : v)),
    'coerced-array': profileReadAs('reads the profile with String()', (v) => (Array.isArray(v) ? String(v) : v)),
    lookalike: profileReadAs('NFKC-normalizes the profile and drops zero-width characters', (v) => (typeof v === 'string' ? v.normalize('NFKC').replace(/\u200b/g, '') : v)),
    affix: profileReadAs('takes a profile for known when it starts with a registered name', (v) => (typeof v === 'string' ? (known.find((k) => v.startsWith(k)) ?? v) : v)),
    'prototype-name': overlooking('looks the profile up with `in` on a plain object', 'ENV-PROFILE-KNOWN', (_f, p) => typeof p.profile === 'string' && p.profile in {}),
  },
  'ENV-UNDECLARED-FIELD': {
    'prototype-name': overlooking('checks member names with `in` against a plain object of declared names', 'ENV-UNDECLARED-FIELD', (f) => f.path !== undefined && lastToken(f.path) in {}),
    'near-name': overlooking('matches member names ignoring case, separators and padding', 'ENV-UNDECLARED-FIELD', (f, p) => f.path !== undefined && foldsToDeclared(p, f.path)),
  },
  'ENV-UTC-Z': {
    'lower-case': overlooking('accepts a lower-case t and z', 'ENV-UTC-Z', (f, p) => {
      const v = valueOf(f, p);
      return typeof v === 'string' && /[tz]/.test(v) && DATE_TIME.test(v.toUpperCase());
    }),
    'utc-offset': overlooking('reads a zero offset as Z', 'ENV-UTC-Z', (f, p) => {
      const v = valueOf(f, p);
      return typeof v === 'string' && /[+-]00(:?00)?$/.test(v) && DATE_TIME.test(v.replace(/[+-]00(:?00)?$/, 'Z'));
    }),
    'other-offset': overlooking('accepts any numeric offset', 'ENV-UTC-Z', (f, p) => {
      const v = valueOf(f, p);
      return typeof v === 'string' && /[+-](?!00:00)\d{2}:\d{2}$/.test(v);
    }),
    'no-designator': overlooking('reads a date-time without a designator as UTC', 'ENV-UTC-Z', (f, p) => {
      const v = valueOf(f, p);
      return typeof v === 'string' && DATE_TIME.test(`${v}Z`);
    }),
    whitespace: overlooking('trims date-times', 'ENV-UTC-Z', (f, p) => {
      const v = valueOf(f, p);
      return typeof v === 'string' && v !== v.trim() && DATE_TIME.test(v.trim());
    }),
    'impossible-date': overlooking('checks date-times with the pattern alone, no calendar', 'ENV-UTC-Z', (f, p) => {
      const v = valueOf(f, p);
      return typeof v === 'string' && DATE_TIME.test(v);
    }),
  },
  'ENV-IDENTITY': {
    'id-padded': overlooking('trims identity ids before the grammar check', 'ENV-IDENTITY', (f, p) => {
      const v = valueOf(f, p);
      return f.path?.endsWith('/id') === true && typeof v === 'string' && TOKEN.test(v.trim());
    }),
    'id-wrong-type': overlooking('reads identity ids with String()', 'ENV-IDENTITY', (f, p) => {
      const v = valueOf(f, p);
      return f.path?.endsWith('/id') === true && v !== undefined && typeof v !== 'string' && TOKEN.test(String(v));
    }),
  },
  'ENV-CORRELATION-ID': {
    padded: overlooking('trims the correlation id before the grammar check', 'ENV-CORRELATION-ID', (f, p) => {
      const v = valueOf(f, p);
      return typeof v === 'string' && TOKEN.test(v.trim());
    }),
  },
  'ENV-IDEMPOTENCY-KEY': {
    padded: overlooking('trims the idempotency key before the grammar check', 'ENV-IDEMPOTENCY-KEY', (f, p) => {
      const v = valueOf(f, p);
      return typeof v === 'string' && TOKEN.test(v.trim());
    }),
  },
  'ENV-FALLBACK-DIRECTIVE': {
    'unicode-blank': overlooking('tests blankness with ASCII white space only', 'ENV-FALLBACK-DIRECTIVE', (f, p) => {
      const v = valueOf(f, p);
      return typeof v === 'string' && /[^ \t\r\n]/.test(v);
    }),
  },
  'ENV-EXPIRED': {
    'mixed-precision': overlooking('compares expires_at and the clock as texts', 'ENV-EXPIRED', (_f, p, c) => !(p.delivery.expires_at <= c.now)),
    'long-fraction': overlooking('reads fraction digits as milliseconds', 'ENV-EXPIRED', (_f, p, c) => {
      const expires = fractionAsMillis(p.delivery.expires_at);
      const now = fractionAsMillis(c.now);
      return expires !== null && now !== null && expires > now;
    }),
    'leap-second': overlooking('compares Date.parse values, NaN for a leap second', 'ENV-EXPIRED', (_f, p) => Number.isNaN(Date.parse(p.delivery.expires_at))),
    'fine-clock': overlooking('reads the clock with Date.parse, to the millisecond', 'ENV-EXPIRED', (_f, p, c) => {
      const expires = utcInstant(p.delivery.expires_at);
      const now = Date.parse(c.now);
      return expires !== null && !Number.isNaN(now) && expires > BigInt(now) * 1_000_000n;
    }),
  },
  'ENV-UNSUPPORTED-CLAIM': {
    'after-disclaimer': overlooking('reads negation per text, not per sentence', 'ENV-UNSUPPORTED-CLAIM', (f, p) => {
      const text = claimText(f, p);
      return text !== null && new RegExp(spec.policy.claimNegation, 'iu').test(text);
    }),
    'unicode-spacing': overlooking('reads only U+0020 as a space between words', 'ENV-UNSUPPORTED-CLAIM', (f, p) => {
      const text = claimText(f, p);
      return text !== null && findUnsupportedClaim(spec, text.replace(/[^\S \t\r\n]/gu, '\u0001')) === null;
    }),
    'nested-position': overlooking('reads claims in the body only', 'ENV-UNSUPPORTED-CLAIM', (f) => f.path !== undefined && !f.path.startsWith('/body/')),
  },
  'ENV-SECRET-IN-MEMORY': {
    'other-body-text': overlooking('scans the proposed facts only', 'ENV-SECRET-IN-MEMORY', (f) => f.path !== undefined && f.path.startsWith('/body/') && !f.path.startsWith('/body/proposed_facts')),
    jwt: overlooking('reads a JWT only with a signature part (an alg-none token has an empty one)', 'ENV-SECRET-IN-MEMORY', (f, p) => {
      const v = valueOf(f, p);
      return typeof v === 'string' && UNSIGNED_JWT.test(v) && !SIGNED_JWT.test(v);
    }),
    'dsn-credentials': overlooking('reads a URL scheme of two characters or more only', 'ENV-SECRET-IN-MEMORY', (f, p) => {
      const v = valueOf(f, p);
      return typeof v === 'string' && ONE_LETTER_SCHEME.test(v) && findSecret(v.replace(ONE_LETTER_SCHEME_ALL, '')) === null;
    }),
    'credential-assignment': overlooking('takes a credential value for one only when it mixes all three of upper case, lower case and digits', 'ENV-SECRET-IN-MEMORY', (f, p) => {
      const v = valueOf(f, p);
      const value = typeof v === 'string' ? ASSIGNED_VALUE.exec(v)?.[1] : undefined;
      return value !== undefined && f.message?.includes('credential-assignment') === true && !(/[a-z]/.test(value) && /[A-Z]/.test(value) && /[0-9]/.test(value));
    }),
    'credential-member': overlooking('knows no access key or private key among the credential names', 'ENV-SECRET-IN-MEMORY', (f, p) => {
      const v = valueOf(f, p);
      return f.path !== undefined && KEY_NAMED.test(lastToken(f.path)) && typeof v === 'string' && findSecret(v) === null;
    }),
    'member-name': overlooking('scans member values, not member names', 'ENV-SECRET-IN-MEMORY', (f) => f.path !== undefined && findSecret(lastToken(f.path)) !== null),
  },
  'ENV-FIELD-TYPE': {
    'json-type': overlooking('takes a number or a flag for text, as String() reads it', 'ENV-FIELD-TYPE', (f, p) => {
      const v = valueOf(f, p);
      return f.code === 'type' && f.path !== '' && !inListItem(f) && (typeof v === 'boolean' || Number.isInteger(v));
    }),
    'spelled-value': overlooking('coerces text to numbers and flags', 'ENV-FIELD-TYPE', (f, p) => {
      const v = valueOf(f, p);
      return f.code === 'type' && typeof v === 'string' && SPELLED.test(v);
    }),
    'out-of-range': overlooking('checks that numbers are numbers, not their bounds or whether they are whole', 'ENV-FIELD-TYPE', (f, p) => {
      const v = valueOf(f, p);
      return !inListItem(f) && (f.code === 'minimum' || f.code === 'maximum' || (f.code === 'type' && typeof v === 'number' && !Number.isInteger(v)));
    }),
    'not-in-vocabulary': overlooking('checks that a closed-vocabulary field is text, not which text', 'ENV-FIELD-TYPE', (f, p) => (f.code === 'enum' || f.code === 'const') && !inListItem(f) && typeof valueOf(f, p) === 'string'),
    'malformed-text': overlooking('checks text fields for their type, not their grammar', 'ENV-FIELD-TYPE', (f) => f.code === 'pattern' && !inListItem(f)),
    'list-member': overlooking("checks a list's type, not its length or its items", 'ENV-FIELD-TYPE', (f) => f.code === 'minItems' || inListItem(f)),
    'not-an-object': unwrappingReader,
  },
  'ENV-REQUIRED-FIELDS': {
    'profile-removed': overlooking('checks the profile only when there is one', 'ENV-REQUIRED-FIELDS', (f) => f.path === '/profile'),
    'null-value': overlooking("checks presence with `in` (a null member is there)", 'ENV-REQUIRED-FIELDS', (f, p) => f.path !== undefined && valueAt(p, f.path) === null),
    'container-type': overlooking("checks containers with typeof 'object'", 'ENV-REQUIRED-FIELDS', (f, p) => {
      const v = valueOf(f, p);
      return f.code === 'type' && v !== null && typeof v === 'object';
    }),
  },
  'ENV-FINAL-REPORT-EVIDENCE': {
    'empty-list': overlooking('checks every item, and an empty list has none to fail', 'ENV-FINAL-REPORT-EVIDENCE', (f) => f.path === '/body/evidence'),
    'hollow-later-item': overlooking('checks the first evidence item only', 'ENV-FINAL-REPORT-EVIDENCE', (f) => f.path !== undefined && /^\/body\/evidence\/[1-9]/.test(f.path)),
    'hollow-description': overlooking('checks the reference of an item, not its description', 'ENV-FINAL-REPORT-EVIDENCE', (f) => f.path?.endsWith('/description') === true),
    'non-object-item': overlooking('checks the items that are objects only', 'ENV-FINAL-REPORT-EVIDENCE', (_f, p) => {
      const items = p.body.evidence as unknown[];
      return Array.isArray(items) && items.some((x) => x === null || typeof x !== 'object' || Array.isArray(x));
    }),
  },
  'ENV-HUMAN-REVIEW-BLOCKER': {
    'truthy-non-boolean': overlooking('tests human_review_required for truthiness', 'ENV-HUMAN-REVIEW-BLOCKER', (_f, p) => Boolean(p.body.human_review_required)),
  },
};
