/**
 * A small detector of credentials and token-like secrets in free text and JSON values.
 *
 * UAIX publishes no pattern list (reference/uaix-public-notes.md, "Secrets and token-like strings"):
 * the families are those of `spec/secrets.json` (the ones a public UAIX consumer flags plus
 * well-known provider key shapes), each reported under its name there. The detector is tuned
 * against false positives on what that file lists as not secrets, the identifiers a protocol
 * message is full of: `idem_...`, `msg_...`, hex digests, `sha256:<hex>`, UUIDs, W3C
 * traceparents, ULIDs, redacted or templated placeholders.
 */

/** A named pattern family. `accept` filters a match that looks like a placeholder or a plain word. */
interface SecretPattern {
  name: string;
  re: RegExp;
  /** Optional second look at the captured value (group 1, else the whole match). */
  accept?: (value: string) => boolean;
  /** Literals one of which every match contains, in some case: a cheap test that skips the regex. */
  hints: string[];
}

/** How many of lower case, upper case and digits a string mixes: real tokens mix at least two. */
function charClasses(s: string): number {
  return Number(/[a-z]/.test(s)) + Number(/[A-Z]/.test(s)) + Number(/[0-9]/.test(s));
}

const mixed = (s: string): boolean => charClasses(s) >= 2;

/**
 * Ordered from most to least specific, so that the name reported is the most telling one
 * (a `Bearer` header carrying a JWT is reported as `bearer-token`).
 */
const PATTERNS: readonly SecretPattern[] = [
  { name: 'pem-private-key', re: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/, hints: ['private key'] },
  {
    name: 'aws-access-key-id',
    re: /(?<![A-Za-z0-9])(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AROA)[A-Z0-9]{16}(?![A-Za-z0-9])/,
    hints: ['akia', 'asia', 'abia', 'acca', 'agpa', 'aida', 'aroa'],
  },
  {
    name: 'github-token',
    re: /(?<![A-Za-z0-9_])(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,})/,
    hints: ['gh', 'github_pat_'],
  },
  { name: 'slack-token', re: /(?<![A-Za-z0-9])xox[abposre]-([A-Za-z0-9-]{10,})/, accept: mixed, hints: ['xox'] },
  {
    name: 'sk-api-key',
    // OpenAI/Anthropic-style `sk-...` and Stripe-style `sk_live_`/`rk_test_` keys.
    re: /(?<![A-Za-z0-9_-])(?:sk-(?:[a-z0-9]+-){0,2}|[sr]k_(?:live|test)_)([A-Za-z0-9_-]{20,})/,
    accept: (v) => /[0-9]/.test(v) && /[A-Za-z]/.test(v),
    hints: ['sk-', 'sk_', 'rk_'],
  },
  { name: 'bearer-token', re: /\bbearer\s+([A-Za-z0-9\-._~+/]{20,}=*)/i, accept: mixed, hints: ['bearer'] },
  {
    name: 'jwt',
    // Header and payload are base64url JSON objects, so both start with `ey` (`{"` or `{ `).
    re: /(?<![A-Za-z0-9_-])ey[A-Za-z0-9_-]{10,}\.ey[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]*/,
    hints: ['.ey'],
  },
  {
    name: 'dsn-credentials',
    // Userinfo ends at the first `/`, `?` or `#`: a `:` and an `@` in a query or fragment are not credentials.
    re: /(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s:/?#@"'<>]+:([^\s/?#@"'<>]+)@[^\s/?#@"'<>]/,
    // `user:****@host` and `user:${PASSWORD}@host` are redacted or templated, not leaked.
    accept: (v) => !/^(?:\*+|x+|X+|\$\{[^}]*\}|\{\{[^}]*\}\})$/.test(v),
    hints: ['://'],
  },
  {
    name: 'credential-assignment',
    re: /(?<![A-Za-z0-9])(?:password|passwd|passphrase|pwd|secret|api[ _-]?key|apikey|access[ _-]?key|private[ _-]?key|token)["']?\s*[:=]\s*["']?([^\s"'<>,;&]{12,})/i,
    // A long value that mixes character classes; `REDACTED`, `********` or a plain word is not one.
    accept: mixed,
    hints: ['pass', 'pwd', 'secret', 'key', 'token'],
  },
];

/** Names of the pattern families, in the order they are tried. */
export const SECRET_PATTERN_NAMES: readonly string[] = PATTERNS.map((p) => p.name);

// Filtered families need every match, hence a global twin compiled once.
const GLOBAL = new Map(
  PATTERNS.filter((p) => p.accept).map((p) => [p.name, new RegExp(p.re.source, `${p.re.flags}g`)]),
);

/** `literals` as one case-insensitive alternation. */
const anyOf = (literals: readonly string[]): RegExp =>
  new RegExp(literals.map((h) => h.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|'), 'i');

/**
 * Hints as case-insensitive tests: one for every family at once (most strings of a message contain
 * none, and are done with in one pass), then one per family. A family's pattern cannot match where
 * none of its hints is: each alternative of the pattern holds a hint, in a case these tests match
 * as well (the same case rules as the pattern's own `i`, or a pattern without `i`).
 */
const ANY_HINT = anyOf([...new Set(PATTERNS.flatMap((p) => p.hints))]);
const HINTED = PATTERNS.map((p) => ({ ...p, hinted: anyOf(p.hints) }));

/**
 * The name of the first secret pattern `text` contains (e.g. `jwt`, `dsn-credentials`), or null.
 * Every match of a family is tried, so a placeholder early in the text does not hide a real secret later.
 */
export function findSecret(text: string): string | null {
  // No family fits in fewer characters than `a://b:c@d`.
  if (text.length < 9 || !ANY_HINT.test(text)) return null;
  return scan(text, true);
}

/** `findSecret` without its hint tests: every family's pattern is tried (slower; what the hints must agree with). */
export function findSecretTryingEveryFamily(text: string): string | null {
  return scan(text, false);
}

function scan(text: string, hints: boolean): string | null {
  for (const p of HINTED) {
    if (hints && !p.hinted.test(text)) continue;
    if (!p.accept) {
      if (p.re.test(text)) return p.name;
      continue;
    }
    for (const m of text.matchAll(GLOBAL.get(p.name)!)) {
      if (p.accept(m[1] ?? m[0])) return p.name;
    }
  }
  return null;
}

/** Where a secret sits in a JSON value: a JSON Pointer and the pattern's name. */
export interface SecretLocation {
  path: string;
  pattern: string;
}

/** A member name that makes its string value an assignment worth reading (`db_password`, `apiKey`). */
const CREDENTIAL_KEY =
  /(?:password|passwd|passphrase|pwd|secret|api[ _-]?key|apikey|access[ _-]?key|private[ _-]?key|token)["']?$/i;

const escapePointer = (k: string): string => k.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Walks `value` (strings, array items, object keys and values) and returns where the first secret
 * is. A string under a credential-named key is also read as the assignment `key=value`, so that
 * `{ "password": "hunter2hunter2" }` is caught like `password=hunter2hunter2`.
 */
export function locateSecret(value: unknown, path = '', seen: WeakSet<object> = new WeakSet()): SecretLocation | null {
  if (typeof value === 'string') {
    const pattern = findSecret(value);
    return pattern ? { path, pattern } : null;
  }
  if (value === null || typeof value !== 'object') return null;
  if (seen.has(value)) return null;
  seen.add(value);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = locateSecret(value[i], `${path}/${i}`, seen);
      if (hit) return hit;
    }
    return null;
  }
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const here = `${path}/${escapePointer(k)}`;
    const inKey = findSecret(k);
    if (inKey) return { path: here, pattern: inKey };
    if (typeof v === 'string' && CREDENTIAL_KEY.test(k)) {
      const assigned = findSecret(`${k}=${v}`);
      if (assigned) return { path: here, pattern: assigned };
    }
    const hit = locateSecret(v, here, seen);
    if (hit) return hit;
  }
  return null;
}

/** True when `value` (any JSON-like value, walked deeply, keys included) carries a secret. */
export function containsSecret(value: unknown): boolean {
  return locateSecret(value) !== null;
}
