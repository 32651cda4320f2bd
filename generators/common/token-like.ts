import * as fc from 'fast-check';
import { alphabetString } from './lazy.js';

/**
 * Strings that look like tokens but are not secrets: the identifiers, digests and checksums a
 * protocol message is full of, plus near misses of secret patterns (`task-...` holds `sk-`,
 * `risk_test_...` holds `k_test_`), redacted and templated placeholders, plain words and URLs
 * without credentials. A secret detector must let every one of them through. The kinds are those
 * of `spec/secrets.json`'s `notSecrets`, where `near-miss` is spelled out as its five kinds
 * (near-miss-prefix, redacted-placeholder, templated-placeholder, plain-words, url-without-credentials).
 */
export const TOKEN_LIKE_KINDS = [
  'idempotency-key',
  'message-id',
  'hex-digest',
  'sha256-checksum',
  'sri-hash',
  'uuid',
  'traceparent',
  'ulid',
  'short-ref',
  'near-miss',
] as const;

export type TokenLikeKind = (typeof TOKEN_LIKE_KINDS)[number];

const HEX = '0123456789abcdef';
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

const chars = alphabetString;

const hex = (n: number) => chars(HEX, n);

const BY_KIND: Record<TokenLikeKind, fc.Arbitrary<string>> = {
  'idempotency-key': chars(ALNUM, 12, 40).map((s) => `idem_${s}`),
  'message-id': fc.oneof(
    chars(CROCKFORD, 26).map((s) => `msg_${s}`),
    fc
      .tuple(fc.constantFrom('err', 'req', 'task'), fc.nat(99_999), chars(HEX, 3, 8))
      .map(([p, n, h]) => `${p}-${n}-${h}`),
  ),
  'hex-digest': fc.oneof(
    hex(32),
    hex(40),
    hex(64),
    hex(64).map((s) => s.toUpperCase()),
  ),
  'sha256-checksum': hex(64).map((h) => `sha256:${h}`),
  'sri-hash': hex(64).map((h) => `sha256-${Buffer.from(h, 'hex').toString('base64')}`),
  uuid: fc.uuid(),
  traceparent: fc.tuple(hex(32), hex(16), fc.constantFrom('00', '01')).map(([t, s, f]) => `00-${t}-${s}-${f}`),
  ulid: chars(CROCKFORD, 26),
  'short-ref': fc
    .tuple(fc.constantFrom('req', 'run', 'job', 'grant'), chars(ALNUM, 3, 10))
    .map(([p, s]) => `${p}_${s}`),
  'near-miss': fc.oneof(
    hex(24).map((h) => `task-${h}`),
    chars(ALNUM, 20, 30).map((s) => `risk_test_${s}`),
    chars(ALNUM, 20, 30).map((s) => `desk-${s}`),
    hex(16).map((h) => `token_count=${parseInt(h.slice(0, 8), 16)}`),
    fc.constantFrom(
      'password=REDACTED_VALUE',
      'token: ********************',
      'secret=${SECRET_FROM_ENV}',
      'grant_type=refresh_token',
    ),
    fc.constantFrom(
      'postgres://user:****@db.example.invalid/app',
      'https://user@example.com/path',
      'https://example.com?to=a:b@c',
      'https://example.com/p#x:y@z',
    ),
    fc.constantFrom('The bearer of this note', 'session token has expired', 'eyes.on.the.road'),
  ),
};

/** Token-like strings of one kind. */
export function tokenLikeOf(kind: TokenLikeKind): fc.Arbitrary<string> {
  return BY_KIND[kind];
}

/** A token-like, non-secret string of any kind, with its kind. */
export function tokenLike(): fc.Arbitrary<{ kind: TokenLikeKind; value: string }> {
  return fc.constantFrom(...TOKEN_LIKE_KINDS).chain((kind) => BY_KIND[kind].map((value) => ({ kind, value })));
}
