import type { SecretFamily } from '../../generators/common/secrets.js';

/**
 * The recovery judges' own secret detector: which credential shape, if any, a string carries.
 * It is the oracle's, written apart from the reference's detector so that a blind spot of one is
 * not a blind spot of both. The shapes are the families of `generators/common/secrets.ts` and of
 * `spec/secrets.json` (whose examples it is tested on); what must pass is what a protocol message
 * is full of (ids, hex digests, `sha256:` checksums, UUIDs, traceparents, redacted or templated
 * placeholders: `generators/common/token-like.ts`, and the non-secrets of `spec/secrets.json`).
 */

/** True when `s` mixes at least two of lower case, upper case and digits (real tokens do). */
function mixesClasses(s: string): boolean {
  return [/[a-z]/, /[A-Z]/, /[0-9]/].filter((re) => re.test(s)).length >= 2;
}

/** True when some match of the global `re` in `text` passes `keep` (given group 1, else the match). */
function anyMatch(text: string, re: RegExp, keep: (value: string, m: RegExpMatchArray) => boolean): boolean {
  for (const m of text.matchAll(re)) if (keep(m[1] ?? m[0], m)) return true;
  return false;
}

/** A base64url segment that decodes to a JSON object (a JWT's header and payload are such). */
function isJsonObjectSegment(segment: string): boolean {
  try {
    const v: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return v !== null && typeof v === 'object' && !Array.isArray(v);
  } catch {
    return false;
  }
}

/** A password slot that only holds a mask or a template (`****`, `xxxx`, `${DB_PASSWORD}`, `{{ pw }}`). */
const PLACEHOLDER = /^(?:\*+|x+|X+|\$\{[^}]*\}|\{\{[^}]*\}\})$/;

/** `scheme://user:password@host`: userinfo with a real password before the host. */
function hasDsnCredentials(text: string): boolean {
  return anyMatch(text, /(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]*:\/\/([^\s/?#"'<>]*)/g, (authority) => {
    const at = authority.indexOf('@');
    if (at < 0) return false;
    const userinfo = authority.slice(0, at);
    const host = authority.slice(at + 1);
    const colon = userinfo.indexOf(':');
    if (colon <= 0 || host === '' || host.startsWith('@')) return false;
    const password = userinfo.slice(colon + 1);
    return password !== '' && !PLACEHOLDER.test(password);
  });
}

const CREDENTIAL_WORD =
  '(?:password|passwd|passphrase|pwd|secret|api[ _-]?key|apikey|access[_-]?key|private[_-]?key|token)';
const ASSIGNMENT = new RegExp(String.raw`(?<![A-Za-z0-9])${CREDENTIAL_WORD}["']?\s*[:=]\s*["']?([^\s"'<>,;&]+)`, 'gi');

/**
 * One recognizer per family, most specific first: the family reported is the most telling one
 * (a `Bearer` header that carries a JWT is a `bearer-token`).
 */
const RECOGNIZERS: readonly { family: SecretFamily; found: (text: string) => boolean }[] = [
  { family: 'pem-private-key', found: (t) => /-----BEGIN [A-Z0-9 ]*PRIVATE KEY[A-Z ]*-----/.test(t) },
  {
    family: 'aws-access-key-id',
    found: (t) => /(?<![A-Za-z0-9])(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AROA)[A-Z0-9]{16}(?![A-Za-z0-9])/.test(t),
  },
  { family: 'github-token', found: (t) => /(?<!\w)(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_\w{22,})/.test(t) },
  {
    family: 'slack-token',
    found: (t) => anyMatch(t, /(?<![A-Za-z0-9])xox[abposre]-([A-Za-z0-9-]{10,})/g, mixesClasses),
  },
  // `sk-...` (with optional segments such as `sk-proj-`) and Stripe-style `sk_live_` / `rk_test_` keys.
  {
    family: 'sk-api-key',
    found: (t) =>
      anyMatch(t, /(?<![\w-])(?:sk-|[rs]k_(?:live|test)_)([\w-]{20,})/g, (v) => /[0-9]/.test(v) && /[A-Za-z]/.test(v)),
  },
  {
    family: 'bearer-token',
    found: (t) => anyMatch(t, /\bbearer\s+([\w\-.~+/]+)=*/gi, (v) => v.length >= 20 && mixesClasses(v)),
  },
  {
    family: 'jwt',
    found: (t) =>
      anyMatch(
        t,
        /(?<![\w-])(ey[\w-]{10,})\.(ey[\w-]{10,})\.[\w-]*/g,
        (header, m) => isJsonObjectSegment(header) && isJsonObjectSegment(m[2]!),
      ),
  },
  { family: 'dsn-credentials', found: hasDsnCredentials },
  { family: 'credential-assignment', found: (t) => anyMatch(t, ASSIGNMENT, (v) => v.length >= 12 && mixesClasses(v)) },
];

/** The family of the first credential shape `text` carries (e.g. `jwt`, `dsn-credentials`), or null. */
export function secretFamilyIn(text: string): SecretFamily | null {
  return RECOGNIZERS.find((r) => r.found(text))?.family ?? null;
}
