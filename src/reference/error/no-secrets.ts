import type { Finding } from '../../contract/adapter.js';
import { findSecret } from '../secrets.js';

/** How a secret was found: in a value as written, in a member name, as `name=value`, or once decoded. */
type How = 'value' | 'key' | 'assignment' | 'percent-decoded' | 'percent-decoded twice' | 'base64-decoded';

interface Hit {
  path: string;
  pattern: string;
  how: How;
}

/** What a finding says of each way a secret is found (its message names it). */
const SAID: Record<How, string> = {
  value: '',
  key: ', in a member name',
  assignment: ', as a credential-named member',
  'percent-decoded': ', percent-decoded',
  'percent-decoded twice': ', percent-decoded twice',
  'base64-decoded': ', base64-decoded',
};

/** `text` with every run of percent-escapes that forms UTF-8 decoded; a run that does not is left as written. */
function percentDecoded(text: string): string {
  return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

/** Runs of base64 or base64url text long enough to carry a credential (16 characters or more). */
const BASE64_RUN = /[A-Za-z0-9+/_-]{16,}={0,2}/g;

/** The text a base64 run decodes to, when it is printable UTF-8 (never an id's or a digest's random bytes). */
function decodedText(run: string): string | null {
  const text = Buffer.from(run, 'base64').toString('utf8');
  return text.length >= 9 && !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffd]/.test(text) ? text : null;
}

/**
 * The first secret `text` carries, and how: as written, then percent-decoded once and twice (a URL
 * carries what its reader decodes it to), then in its base64 or base64url runs (encoding hides a
 * credential from a naive scan, not from whoever reads the URL or the log).
 */
function secretIn(text: string): { pattern: string; how: How } | null {
  const raw = findSecret(text);
  if (raw) return { pattern: raw, how: 'value' };
  const once = percentDecoded(text);
  if (once !== text) {
    const p = findSecret(once);
    if (p) return { pattern: p, how: 'percent-decoded' };
    const twice = percentDecoded(once);
    const q = twice !== once ? findSecret(twice) : null;
    if (q) return { pattern: q, how: 'percent-decoded twice' };
  }
  for (const [run] of text.matchAll(BASE64_RUN)) {
    const decoded = decodedText(run);
    const p = decoded === null ? null : findSecret(decoded);
    if (p) return { pattern: p, how: 'base64-decoded' };
  }
  return null;
}

const escapePointer = (k: string): string => k.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Where the first secret of a JSON value sits: every string, array item, member name and member
 * value, walked deeply (own members only, as JSON has them). A string under a credential-named
 * member is read as the assignment `name=value` too, so `{"client_secret": "..."}` is caught like
 * `client_secret=...`.
 */
function locate(value: unknown, path: string): Hit | null {
  if (typeof value === 'string') {
    const hit = secretIn(value);
    return hit ? { path, ...hit } : null;
  }
  if (value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = locate(value[i], `${path}/${i}`);
      if (hit) return hit;
    }
    return null;
  }
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const here = `${path}/${escapePointer(k)}`;
    const inKey = secretIn(k);
    if (inKey) return { path: here, pattern: inKey.pattern, how: 'key' };
    if (typeof v === 'string') {
      const assigned = findSecret(`${k}=${v}`);
      if (assigned && !findSecret(v)) return { path: here, pattern: assigned, how: 'assignment' };
    }
    const hit = locate(v, here);
    if (hit) return hit;
  }
  return null;
}

/**
 * ERR-NO-SECRETS: nothing in the payload (member names and values, the message id, the body, every
 * parameter and URL, as written or decoded) carries a credential or token-like secret (D-ERR-07).
 * The finding says where, which shape of `spec/secrets.json` it is, and how it was found.
 */
export function secretFindings(p: unknown): Finding[] {
  const hit = locate(p, '');
  return hit
    ? [
        {
          checkId: 'ERR-NO-SECRETS',
          path: hit.path,
          code: hit.pattern,
          message: `looks like a credential (${hit.pattern}${SAID[hit.how]})`,
        },
      ]
    : [];
}
