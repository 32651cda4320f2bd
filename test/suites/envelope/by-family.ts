import type { Adapter, Finding, ValidationContext, Verdict } from '../../../src/contract/adapter.js';
import { referenceAdapter } from '../../../src/adapters/reference.js';
import { findUnsupportedClaim } from '../../../src/reference/envelope/claims.js';
import { clockInstant, utcInstant } from '../../../src/reference/envelope/instant.js';
import { strings } from '../../../src/reference/envelope/walk.js';
import { findSecret } from '../../../src/reference/secrets.js';
import { bundledSpec } from '../../../src/spec/index.js';
import { foldName } from '../../../generators/envelope/mutators/structure.js';
import { publishedObjects } from '../../../generators/envelope/walk.js';
import type { ByFamily } from '../../helpers/broken.js';
import { lastToken, valueAt } from '../../helpers/json-pointer.js';

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

/**
 * The reference validator that does not see what `overlooks` says of a finding of `checkId` (the
 * finding, the packet, the clock): such findings are dropped, and the envelope is valid when none
 * is left.
 */
function overlooking(
  name: string,
  checkId: string,
  overlooks: (f: Finding, packet: Packet, context: ValidationContext) => boolean,
): Adapter {
  return {
    ...ref,
    describe: () => ({ name, version: '0' }),
    async validateEnvelope(packet, context) {
      const v = (await ref.validateEnvelope!(packet, context)) as Verdict;
      const findings = (v.findings ?? []).filter(
        (f) => f.checkId !== checkId || !overlooks(f, packet as Packet, context),
      );
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
  return o?.declared.some((d) => foldName(d) === foldName(name));
}

/** The seconds and fraction of an RFC 3339 UTC date-time. */
const UTC = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}):(\d{2})(?:\.(\d{1,9}))?Z$/;

/** A hand-written reader that takes the fraction digits for a count of milliseconds (".1234" as 1234 ms). */
function fractionAsMillis(text: string): number | null {
  const m = UTC.exec(text);
  if (!m) return null;
  const second = Number(m[2]);
  return (
    Date.parse(`${m[1]}:${String(Math.min(second, 59)).padStart(2, '0')}Z`) +
    (second === 60 ? 1000 : 0) +
    Number(m[3] ?? '0')
  );
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
const ASSIGNED_VALUE =
  /(?:password|passwd|passphrase|pwd|secret|api[ _-]?key|apikey|token)["']?\s*[:=]\s*["']?([^\s"'<>,;&]{12,})/i;
/** A member name ending in an access key or a private key. */
const KEY_NAMED = /(?:access|private)[_-]?key$/i;

/** The text of a claim finding (its path's value), or null. */
const claimText = (f: Finding, p: Packet): string | null => {
  const v = valueOf(f, p);
  return typeof v === 'string' ? v : null;
};

/** Whether a finding is at an identity member (`/source/id`, `/target/type`...) of `member`. */
const atIdentity = (f: Finding, member: 'id' | 'type'): boolean =>
  f.path === `/source/${member}` || f.path === `/target/${member}`;

/** An identifier that holds white space or control characters between well-formed ends, as a grammar with `\s` in its class reads it. */
const SPACED_TOKEN = /^[A-Za-z0-9](?:[A-Za-z0-9._:~\s-]{0,198}[A-Za-z0-9._:~-])?$/;
/** A character an identifier may not hold: a deny-list check knows these only (it has no rule for the first character, the length or emptiness). */
const FORBIDDEN_ID_CHAR = /[^A-Za-z0-9._:~-]/;
/** The identity types of the spec. */
const IDENTITY_TYPES = (spec.objects.identity!.fields.type as { values: string[] }).values;

/**
 * A token field (the correlation id, the idempotency key) read with one slip each: a `required`
 * check only; a blank value read as none given; white space inside allowed; `if (!x)` for presence
 * and the grammar for text only.
 */
function tokenSlips(checkId: string, what: string): Record<string, Adapter> {
  return {
    missing: overlooking(`takes the ${what} for optional`, checkId, (f) => f.code === 'required'),
    blank: overlooking(`checks the ${what} for forbidden characters only (an empty one has none)`, checkId, (f, p) => {
      const v = valueOf(f, p);
      return typeof v === 'string' && !FORBIDDEN_ID_CHAR.test(v);
    }),
    'whitespace-or-control-inside': overlooking(
      `allows white space inside the ${what}, not at its ends`,
      checkId,
      (f, p) => {
        const v = valueOf(f, p);
        return typeof v === 'string' && SPACED_TOKEN.test(v);
      },
    ),
    'wrong-type': overlooking(
      `tests the ${what} with \`if (!x)\`, then its grammar only when it is text`,
      checkId,
      (f, p) => {
        const v = valueOf(f, p);
        return Boolean(v) && typeof v !== 'string';
      },
    ),
  };
}

/** The reference's reading of the object an undeclared member is in: its position family (`top-level`, `in-<member>`). */
const positionOf = (pointer: string): string => {
  const parent = pointer.slice(0, pointer.lastIndexOf('/'));
  return parent === '' ? 'top-level' : `in-${lastToken(parent.split('/').slice(0, 2).join('/'))}`;
};

/**
 * A schema left open at one position (`additionalProperties: false` forgotten there), that still
 * refuses the names every object inherits (a prototype-pollution guard) and near misses of the
 * names it declares (a "did you mean" lint), as many validators do.
 */
function leftOpen(position: string, name: string): Adapter {
  return overlooking(name, 'ENV-UNDECLARED-FIELD', (f, p) => {
    if (f.path === undefined || positionOf(f.path) !== position) return false;
    const member = lastToken(f.path);
    return !(member in Object.prototype) && !foldsToDeclared(p, f.path);
  });
}

/** The claim reading of the reference (D-ENV-09), with the subject and topics of a slip. */
function claimWith(subject: RegExp, topics: [string, RegExp][]): (text: string) => boolean {
  const negation = new RegExp(spec.policy.claimNegation, 'iu');
  return (text) => {
    if (!subject.test(text)) return false;
    return text
      .split(/(?<=[.!?;])\s+|[\n\r]+/u)
      .some((s) => subject.test(s) && !negation.test(s) && topics.some(([, re]) => re.test(s)));
  };
}
const CLAIM_SUBJECT = new RegExp(spec.policy.claimSubject, 'iu');
const claimTopics = (): [string, RegExp][] =>
  Object.entries(spec.policy.claimTopics).map(([name, re]) => [name, new RegExp(re, 'iu')]);

/** A claim filter that reads claims as `claims` does: a packet whose strings hold none by that reading passes the rule. */
function claimsReadAs(name: string, claims: (text: string) => boolean): Adapter {
  return overlooking(name, 'ENV-UNSUPPORTED-CLAIM', (_f, p) => ![...strings(p)].some(([, text]) => claims(text)));
}

/** A claim filter whose pattern of `topic` is `re`. */
const topicReadAs = (name: string, topic: string, re: RegExp): Adapter =>
  claimsReadAs(
    name,
    claimWith(
      CLAIM_SUBJECT,
      claimTopics().map(([t, r]) => [t, t === topic ? re : r]),
    ),
  );

/** The text a secret finding read: the member name where the name is the secret, else the member's string value. */
function secretText(f: Finding, p: Packet): string | null {
  if (f.path === undefined) return null;
  const name = lastToken(f.path);
  if (findSecret(name) !== null) return name;
  const v = valueOf(f, p);
  return typeof v === 'string' ? v : null;
}

/** A secret scanner that misses what `missed` says of the text a finding read (and finds nothing else in it). */
const secretMissed = (name: string, missed: (text: string) => boolean): Adapter =>
  overlooking(name, 'ENV-SECRET-IN-MEMORY', (f, p) => {
    const text = secretText(f, p);
    return text !== null && missed(text);
  });

/** The review rule of ENV-HUMAN-REVIEW-BLOCKER, blind to blockers of `type` (its schema check of the flag's type kept). */
const reviewTypeForgotten = (name: string, type: string): Adapter =>
  overlooking(
    name,
    'ENV-HUMAN-REVIEW-BLOCKER',
    (f, p) => f.code === 'human_review_required' && p.body.blocker_type === type,
  );

export const byFamily: ByFamily = {
  'ENV-PROFILE-KNOWN': {
    whitespace: profileReadAs('trims the profile name before the registry lookup', (v) =>
      typeof v === 'string' ? v.trim() : v,
    ),
    'case-variant': profileReadAs('looks profile names up in lower case', (v) =>
      typeof v === 'string' ? v.toLowerCase() : v,
    ),
    'coerced-array': profileReadAs('reads the profile with String()', (v) => (Array.isArray(v) ? String(v) : v)),
    lookalike: profileReadAs('NFKC-normalizes the profile and drops zero-width characters', (v) =>
      typeof v === 'string' ? v.normalize('NFKC').replace(/\u200b/g, '') : v,
    ),
    affix: profileReadAs('takes a profile for known when it starts with a registered name', (v) =>
      typeof v === 'string' ? (known.find((k) => v.startsWith(k)) ?? v) : v,
    ),
    'prototype-name': overlooking(
      'looks the profile up with `in` on a plain object',
      'ENV-PROFILE-KNOWN',
      (_f, p) => typeof p.profile === 'string' && p.profile in {},
    ),
    'unknown-version': profileReadAs(
      'accepts another one-digit version of a registered profile (a forward-compatible version check)',
      (v) =>
        typeof v === 'string' && /\.v\d$/.test(v)
          ? (known.find((k) => /\.v\d$/.test(k) && k.slice(0, -1) === v.slice(0, -1)) ?? v)
          : v,
    ),
    'unregistered-name': overlooking(
      'checks the profile against the name grammar `uai.<words>.v1`, not the registry',
      'ENV-PROFILE-KNOWN',
      (_f, p) => typeof p.profile === 'string' && /^uai(?:\.[a-z][a-z-]*)+\.v1$/.test(p.profile),
    ),
    'not-a-name': overlooking(
      'checks the profile only when it is truthy (`if (profile && ...)`)',
      'ENV-PROFILE-KNOWN',
      (_f, p) => !p.profile,
    ),
  },
  'ENV-UNDECLARED-FIELD': {
    'prototype-name': overlooking(
      'checks member names with `in` against a plain object of declared names',
      'ENV-UNDECLARED-FIELD',
      (f) => f.path !== undefined && lastToken(f.path) in {},
    ),
    'near-name': overlooking(
      'matches member names ignoring case, separators and padding',
      'ENV-UNDECLARED-FIELD',
      (f, p) => f.path !== undefined && foldsToDeclared(p, f.path),
    ),
    'top-level': leftOpen(
      'top-level',
      'closes the published objects but not the top level (its prototype-name guard and near-name lint kept)',
    ),
    'in-source': leftOpen(
      'in-source',
      'leaves the source identity open to extra members (its prototype-name guard and near-name lint kept)',
    ),
    'in-target': leftOpen(
      'in-target',
      'leaves the target identity open to extra members (its prototype-name guard and near-name lint kept)',
    ),
    'in-conversation': leftOpen(
      'in-conversation',
      'leaves the conversation object open to extra members (its prototype-name guard and near-name lint kept)',
    ),
    'in-delivery': leftOpen(
      'in-delivery',
      'leaves the delivery object open to extra members (its prototype-name guard and near-name lint kept)',
    ),
    'in-trust': leftOpen(
      'in-trust',
      'leaves the trust object open to extra members (its prototype-name guard and near-name lint kept)',
    ),
    'in-body': leftOpen(
      'in-body',
      'closes the envelope but leaves the profile bodies open (its prototype-name guard and near-name lint kept)',
    ),
    'in-provenance': leftOpen(
      'in-provenance',
      'leaves provenance and its lineage entries open to extra members (its prototype-name guard and near-name lint kept)',
    ),
    'in-integrity': leftOpen(
      'in-integrity',
      'leaves the integrity object open to extra members (its prototype-name guard and near-name lint kept)',
    ),
    'in-extensions': leftOpen(
      'in-extensions',
      'takes extension entries for open objects (its prototype-name guard and near-name lint kept)',
    ),
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
    'not-rfc3339': overlooking(
      'writes the fraction as `(\\.\\d*)?`, so an empty fraction passes',
      'ENV-UTC-Z',
      (f, p) => {
        const v = valueOf(f, p);
        return typeof v === 'string' && /\.Z$/.test(v) && DATE_TIME.test(v.replace(/\.Z$/, 'Z'));
      },
    ),
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
    'id-blank': overlooking(
      'checks identity ids for forbidden characters only (an empty id has none)',
      'ENV-IDENTITY',
      (f, p) => {
        const v = valueOf(f, p);
        return atIdentity(f, 'id') && typeof v === 'string' && !FORBIDDEN_ID_CHAR.test(v);
      },
    ),
    'id-whitespace-or-control-inside': overlooking(
      'allows white space inside an identity id, not at its ends',
      'ENV-IDENTITY',
      (f, p) => {
        const v = valueOf(f, p);
        return atIdentity(f, 'id') && typeof v === 'string' && SPACED_TOKEN.test(v);
      },
    ),
    'type-blank': overlooking('takes a blank identity type for one not given', 'ENV-IDENTITY', (f, p) => {
      const v = valueOf(f, p);
      return atIdentity(f, 'type') && typeof v === 'string' && v.trim() === '';
    }),
    'type-whitespace-or-control-inside': overlooking(
      'checks the identity type for blankness and padding, not against its vocabulary',
      'ENV-IDENTITY',
      (f, p) => {
        const v = valueOf(f, p);
        return atIdentity(f, 'type') && typeof v === 'string' && v !== '' && v === v.trim();
      },
    ),
    'type-padded': overlooking('trims the identity type before the vocabulary lookup', 'ENV-IDENTITY', (f, p) => {
      const v = valueOf(f, p);
      return atIdentity(f, 'type') && typeof v === 'string' && IDENTITY_TYPES.includes(v.trim());
    }),
    'type-wrong-type': overlooking(
      'checks the identity type against its vocabulary only when it is text',
      'ENV-IDENTITY',
      (f, p) => {
        const v = valueOf(f, p);
        return atIdentity(f, 'type') && v !== undefined && typeof v !== 'string';
      },
    ),
  },
  'ENV-CORRELATION-ID': {
    ...tokenSlips('ENV-CORRELATION-ID', 'correlation id'),
    padded: overlooking('trims the correlation id before the grammar check', 'ENV-CORRELATION-ID', (f, p) => {
      const v = valueOf(f, p);
      return typeof v === 'string' && TOKEN.test(v.trim());
    }),
  },
  'ENV-IDEMPOTENCY-KEY': {
    ...tokenSlips('ENV-IDEMPOTENCY-KEY', 'idempotency key'),
    padded: overlooking('trims the idempotency key before the grammar check', 'ENV-IDEMPOTENCY-KEY', (f, p) => {
      const v = valueOf(f, p);
      return typeof v === 'string' && TOKEN.test(v.trim());
    }),
  },
  'ENV-FALLBACK-DIRECTIVE': {
    missing: overlooking(
      'takes the fallback directive for optional',
      'ENV-FALLBACK-DIRECTIVE',
      (f) => f.code === 'required',
    ),
    blank: overlooking(
      'tests the directive for blankness with /^\\s+$/ (one or more), so an empty one passes',
      'ENV-FALLBACK-DIRECTIVE',
      (f, p) => valueOf(f, p) === '',
    ),
    'wrong-type': overlooking(
      'tests the directive with `if (!x)`, then its blankness only when it is text',
      'ENV-FALLBACK-DIRECTIVE',
      (f, p) => {
        const v = valueOf(f, p);
        return Boolean(v) && typeof v !== 'string';
      },
    ),
    'unicode-blank': overlooking('tests blankness with ASCII white space only', 'ENV-FALLBACK-DIRECTIVE', (f, p) => {
      const v = valueOf(f, p);
      return typeof v === 'string' && /[^ \t\r\n]/.test(v);
    }),
  },
  'ENV-EXPIRED': {
    'at-expiry': overlooking(
      'tests `now > exp` in whole Unix seconds, as a JWT exp check does (not >=)',
      'ENV-EXPIRED',
      (_f, p, c) => {
        const expires = utcInstant(p.delivery.expires_at);
        const now = clockInstant(c.now);
        return expires !== null && now !== null && !(now > (expires / 1_000_000_000n) * 1_000_000_000n);
      },
    ),
    'mixed-precision': overlooking(
      'compares expires_at and the clock as texts',
      'ENV-EXPIRED',
      (_f, p, c) => !(p.delivery.expires_at <= c.now),
    ),
    'long-fraction': overlooking('reads fraction digits as milliseconds', 'ENV-EXPIRED', (_f, p, c) => {
      const expires = fractionAsMillis(p.delivery.expires_at);
      const now = fractionAsMillis(c.now);
      return expires !== null && now !== null && expires > now;
    }),
    'leap-second': overlooking('compares Date.parse values, NaN for a leap second', 'ENV-EXPIRED', (_f, p) =>
      Number.isNaN(Date.parse(p.delivery.expires_at)),
    ),
    'fine-clock': overlooking('reads the clock with Date.parse, to the millisecond', 'ENV-EXPIRED', (_f, p, c) => {
      const expires = utcInstant(p.delivery.expires_at);
      const now = Date.parse(c.now);
      return expires !== null && !Number.isNaN(now) && expires > BigInt(now) * 1_000_000n;
    }),
  },
  'ENV-UNSUPPORTED-CLAIM': {
    'automatic-sync': topicReadAs(
      "knows 'automatically sync(s)', not the noun phrase 'automatic sync'",
      'automatic sync',
      /auto(?:matic)?ally[\s-]*sync(?:s|ed|ing)?|sync(?:s|ed)?\s+automatically/iu,
    ),
    certification: topicReadAs(
      "knows the verb certify (certifies, certified), not the noun 'certification'",
      'certification',
      /certif(?:y|ies|ied)\b/iu,
    ),
    'case-variant': claimsReadAs(
      'matches the name UAIX case-sensitively',
      claimWith(/\bUAIX(?:\.org)?\b/u, claimTopics()),
    ),
    'after-disclaimer': overlooking('reads negation per text, not per sentence', 'ENV-UNSUPPORTED-CLAIM', (f, p) => {
      const text = claimText(f, p);
      return text !== null && new RegExp(spec.policy.claimNegation, 'iu').test(text);
    }),
    'unicode-spacing': overlooking('reads only U+0020 as a space between words', 'ENV-UNSUPPORTED-CLAIM', (f, p) => {
      const text = claimText(f, p);
      return text !== null && findUnsupportedClaim(spec, text.replace(/[^\S \t\r\n]/gu, '\u0001')) === null;
    }),
    'nested-position': overlooking(
      'reads claims in the body only',
      'ENV-UNSUPPORTED-CLAIM',
      (f) => f.path !== undefined && !f.path.startsWith('/body/'),
    ),
  },
  'ENV-SECRET-IN-MEMORY': {
    'pem-private-key': secretMissed(
      'knows the RSA, EC, DSA, OpenSSH and plain PRIVATE KEY headers, not ENCRYPTED PRIVATE KEY',
      (v) =>
        /-----BEGIN ENCRYPTED PRIVATE KEY-----/.test(v) &&
        findSecret(v.replace(/-----BEGIN ENCRYPTED PRIVATE KEY-----/g, '')) === null,
    ),
    'aws-access-key-id': secretMissed(
      'writes the boundary before an AWS key id as `[^A-Za-z0-9]`, so a key at the start of a text is missed',
      (v) =>
        /^(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AROA)[A-Z0-9]{16}(?![A-Za-z0-9])/.test(v) && findSecret(v.slice(1)) === null,
    ),
    'github-token': secretMissed(
      'knows the classic gh?_ tokens, not fine-grained github_pat_ ones',
      (v) => /github_pat_/.test(v) && findSecret(v.replace(/github_pat_/g, '')) === null,
    ),
    'bearer-token': secretMissed('takes a bearer value for a token only from 32 characters on', (v) => {
      const m = /\bbearer\s+([A-Za-z0-9\-._~+/]{20,}=*)/i.exec(v);
      return m !== null && m[1]!.length < 32 && findSecret(v.replace(/bearer/gi, '')) === null;
    }),
    'envelope-text': overlooking(
      "scans the body and the free-form payloads, not the envelope's own texts",
      'ENV-SECRET-IN-MEMORY',
      (f) =>
        f.path !== undefined && !f.path.startsWith('/body/') && !f.path.startsWith('/delivery/expected_output_schema/'),
    ),
    'deep-free-form': overlooking(
      "scans a free-form payload's string values two levels down at most (member names and credential members at any depth)",
      'ENV-SECRET-IN-MEMORY',
      (f, p) => {
        const v = valueOf(f, p);
        return (
          f.path?.startsWith('/delivery/expected_output_schema/') &&
          f.path.split('/').length - 3 >= 3 &&
          typeof v === 'string' &&
          findSecret(v) !== null
        );
      },
    ),
    'other-body-text': overlooking(
      'scans the proposed facts only',
      'ENV-SECRET-IN-MEMORY',
      (f) => f.path?.startsWith('/body/') && !f.path.startsWith('/body/proposed_facts'),
    ),
    jwt: overlooking(
      'reads a JWT only with a signature part (an alg-none token has an empty one)',
      'ENV-SECRET-IN-MEMORY',
      (f, p) => {
        const v = valueOf(f, p);
        return typeof v === 'string' && UNSIGNED_JWT.test(v) && !SIGNED_JWT.test(v);
      },
    ),
    'dsn-credentials': overlooking(
      'reads a URL scheme of two characters or more only',
      'ENV-SECRET-IN-MEMORY',
      (f, p) => {
        const v = valueOf(f, p);
        return (
          typeof v === 'string' &&
          ONE_LETTER_SCHEME.test(v) &&
          findSecret(v.replace(ONE_LETTER_SCHEME_ALL, '')) === null
        );
      },
    ),
    'credential-assignment': overlooking(
      'takes a credential value for one only when it mixes all three of upper case, lower case and digits',
      'ENV-SECRET-IN-MEMORY',
      (f, p) => {
        const v = valueOf(f, p);
        const value = typeof v === 'string' ? ASSIGNED_VALUE.exec(v)?.[1] : undefined;
        return (
          value !== undefined &&
          f.message?.includes('credential-assignment') === true &&
          !(/[a-z]/.test(value) && /[A-Z]/.test(value) && /[0-9]/.test(value))
        );
      },
    ),
    'credential-member': overlooking(
      'knows no access key or private key among the credential names',
      'ENV-SECRET-IN-MEMORY',
      (f, p) => {
        const v = valueOf(f, p);
        return (
          f.path !== undefined && KEY_NAMED.test(lastToken(f.path)) && typeof v === 'string' && findSecret(v) === null
        );
      },
    ),
    'member-name': overlooking(
      'scans member values, not member names',
      'ENV-SECRET-IN-MEMORY',
      (f) => f.path !== undefined && findSecret(lastToken(f.path)) !== null,
    ),
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
    'out-of-range': overlooking(
      'checks that numbers are numbers, not their bounds or whether they are whole',
      'ENV-FIELD-TYPE',
      (f, p) => {
        const v = valueOf(f, p);
        return (
          !inListItem(f) &&
          (f.code === 'minimum' ||
            f.code === 'maximum' ||
            (f.code === 'type' && typeof v === 'number' && !Number.isInteger(v)))
        );
      },
    ),
    'not-in-vocabulary': overlooking(
      'checks that a closed-vocabulary field is text, not which text',
      'ENV-FIELD-TYPE',
      (f, p) => (f.code === 'enum' || f.code === 'const') && !inListItem(f) && typeof valueOf(f, p) === 'string',
    ),
    'malformed-text': overlooking(
      'checks text fields for their type, not their grammar',
      'ENV-FIELD-TYPE',
      (f) => f.code === 'pattern' && !inListItem(f),
    ),
    'list-member': overlooking(
      "checks a list's type, not its length or its items",
      'ENV-FIELD-TYPE',
      (f) => f.code === 'minItems' || inListItem(f),
    ),
    'not-an-object': unwrappingReader,
  },
  'ENV-REQUIRED-FIELDS': {
    'top-level': overlooking(
      'takes extensions for an optional member',
      'ENV-REQUIRED-FIELDS',
      (f) => f.code === 'required' && f.path === '/extensions',
    ),
    nested: overlooking(
      'defaults a missing retry count to 0 and a missing checksum to the placeholder',
      'ENV-REQUIRED-FIELDS',
      (f) => f.code === 'required' && (f.path === '/delivery/retry_count' || f.path === '/integrity/checksum'),
    ),
    body: overlooking(
      'reads an absent body as an empty one, with nothing to check',
      'ENV-REQUIRED-FIELDS',
      (f) => f.code === 'required' && f.path === '/body',
    ),
    'empty-object': overlooking(
      "checks an object's members only when it has some (an empty one is left to its defaults)",
      'ENV-REQUIRED-FIELDS',
      (f, p) => {
        if (f.code !== 'required' || f.path === undefined) return false;
        const parent = valueAt(p, f.path.slice(0, f.path.lastIndexOf('/')));
        return (
          parent !== null && typeof parent === 'object' && !Array.isArray(parent) && Object.keys(parent).length === 0
        );
      },
    ),
    'profile-removed': overlooking(
      'checks the profile only when there is one',
      'ENV-REQUIRED-FIELDS',
      (f) => f.path === '/profile',
    ),
    'null-value': overlooking(
      'checks presence with `in` (a null member is there)',
      'ENV-REQUIRED-FIELDS',
      (f, p) => f.path !== undefined && valueAt(p, f.path) === null,
    ),
    'container-type': overlooking("checks containers with typeof 'object'", 'ENV-REQUIRED-FIELDS', (f, p) => {
      const v = valueOf(f, p);
      return f.code === 'type' && v !== null && typeof v === 'object';
    }),
  },
  'ENV-FINAL-REPORT-EVIDENCE': {
    'empty-list': overlooking(
      'checks every item, and an empty list has none to fail',
      'ENV-FINAL-REPORT-EVIDENCE',
      (f) => f.path === '/body/evidence',
    ),
    'hollow-later-item': overlooking(
      'checks the first evidence item only',
      'ENV-FINAL-REPORT-EVIDENCE',
      (f) => f.path !== undefined && /^\/body\/evidence\/[1-9]/.test(f.path),
    ),
    'hollow-description': overlooking(
      'checks the reference of an item, not its description',
      'ENV-FINAL-REPORT-EVIDENCE',
      (f) => f.path?.endsWith('/description') === true,
    ),
    'non-object-item': overlooking('checks the items that are objects only', 'ENV-FINAL-REPORT-EVIDENCE', (_f, p) => {
      const items = p.body.evidence as unknown[];
      return Array.isArray(items) && items.some((x) => x === null || typeof x !== 'object' || Array.isArray(x));
    }),
    'hollow-ref': overlooking(
      'checks the description of an item, not its reference',
      'ENV-FINAL-REPORT-EVIDENCE',
      (f) => f.path?.endsWith('/ref') === true,
    ),
  },
  'ENV-COLD-MEMORY-PROMOTION': {
    'cold-to-current': overlooking(
      'knows cold memory by the source type `cold`, not `cold_memory`',
      'ENV-COLD-MEMORY-PROMOTION',
      (_f, p) => p.body.source_type !== 'cold',
    ),
  },
  'ENV-HUMAN-REVIEW-BLOCKER': {
    authorization: reviewTypeForgotten(
      'requires review for secret, destructive-action and boundary-conflict blockers, not authorization ones',
      'authorization',
    ),
    secret: reviewTypeForgotten(
      'requires review for authorization, destructive-action and boundary-conflict blockers, not secret ones',
      'secret',
    ),
    destructive_action: reviewTypeForgotten(
      'lists the review type as destructive-action (a dash), so destructive_action blockers pass',
      'destructive_action',
    ),
    boundary_conflict: reviewTypeForgotten(
      'requires review for authorization, secret and destructive-action blockers, not boundary-conflict ones',
      'boundary_conflict',
    ),
    'truthy-non-boolean': overlooking(
      'tests human_review_required for truthiness',
      'ENV-HUMAN-REVIEW-BLOCKER',
      (_f, p) => Boolean(p.body.human_review_required),
    ),
  },
};
