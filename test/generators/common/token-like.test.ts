import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TOKEN_LIKE_KINDS, tokenLike, tokenLikeOf, type TokenLikeKind } from '../../../generators/common/token-like.js';

/** The form of each kind of token (the near misses have none: they imitate secrets' prefixes). */
const SHAPES: Partial<Record<TokenLikeKind, RegExp>> = {
  'idempotency-key': /^idem_[A-Za-z0-9]{12,40}$/,
  'message-id': /^(msg_[0-9A-HJKMNP-TV-Z]{26}|(err|req|task)-\d{1,5}-[0-9a-f]{3,8})$/,
  'hex-digest': /^([0-9a-f]{32}|[0-9a-f]{40}|[0-9a-f]{64}|[0-9A-F]{64})$/,
  'sha256-checksum': /^sha256:[0-9a-f]{64}$/,
  'sri-hash': /^sha256-[A-Za-z0-9+/]{43}=$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
  traceparent: /^00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]$/,
  ulid: /^[0-9A-HJKMNP-TV-Z]{26}$/,
  'short-ref': /^(req|run|job|grant)_[A-Za-z0-9]{3,10}$/,
};

describe('the token-like strings', () => {
  it.each(Object.entries(SHAPES))('of the %s kind have that kind’s form', (kind, shape) => {
    fc.assert(
      fc.property(tokenLikeOf(kind as TokenLikeKind), (s) => shape.test(s)),
      { seed: 8, numRuns: 200 },
    );
  });

  it('are drawn from every kind, each named with its kind', () => {
    const drawn = fc.sample(tokenLike(), { seed: 2, numRuns: 300 });
    expect([...new Set(drawn.map((t) => t.kind))].sort()).toEqual([...TOKEN_LIKE_KINDS].sort());
    for (const { kind, value } of drawn) if (SHAPES[kind]) expect(value, kind).toMatch(SHAPES[kind]!);
  });
});
