import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SECRET_FAMILIES,
  fakeCredentialMember,
  fakeSecret,
  fakeSecretInProse,
} from '../../generators/common/secrets.js';
import { TOKEN_LIKE_KINDS, tokenLike, tokenLikeOf } from '../../generators/common/token-like.js';
import {
  SECRET_PATTERN_NAMES,
  containsSecret,
  findSecret,
  findSecretTryingEveryFamily,
  locateSecret,
} from '../../src/reference/secrets.js';
import secretsData from '../../spec/secrets.json' with { type: 'json' };

const params = { seed: 4242, numRuns: 300 };

describe('findSecret', () => {
  it('knows one pattern per generated family, by the same name', () => {
    expect([...SECRET_PATTERN_NAMES].sort()).toEqual([...SECRET_FAMILIES].sort());
  });

  it.each(SECRET_FAMILIES)('names the family of every generated %s', (family) => {
    fc.assert(
      fc.property(fakeSecret(family), (s) => findSecret(s) === family),
      params,
    );
  });

  it('finds a secret wherever it sits in prose', () => {
    fc.assert(
      fc.property(fakeSecretInProse(), ({ family, text }) => findSecret(text) === family),
      params,
    );
  });

  it('flags the classic spellings', () => {
    expect(findSecret('Authorization: Bearer FAKEexampleTokenABCDEF123456')).toBe('bearer-token');
    expect(findSecret('-----BEGIN RSA PRIVATE KEY-----\nFAKE\n-----END RSA PRIVATE KEY-----')).toBe('pem-private-key');
    expect(findSecret('DATABASE_URL=postgres://app:FAKEpw1@db.example.invalid:5432/app')).toBe('dsn-credentials');
    expect(findSecret('{"client_secret": "FAKEexample0secret"}')).toBe('credential-assignment');
    expect(findSecret('api key = FAKE0EXAMPLE0value')).toBe('credential-assignment');
    expect(findSecret('key id AKIAFAKE12345EXAMPLE in a sentence')).toBe('aws-access-key-id');
  });

  it('skips a placeholder to find a real value later in the same text', () => {
    expect(findSecret('password=REDACTED_VALUE; retry with password=FAKEexample0value')).toBe('credential-assignment');
  });

  it('answers as if it tried every family: its hint tests skip only strings no family matches', () => {
    // Hint words in any case, with the characters whose case mappings differ between toLowerCase
    // and a regular expression's `i` (Kelvin sign, long s, dotted and dotless i), around secrets.
    const words = [
      'private key',
      'PRIVATE KEY',
      'AKIA',
      'asia',
      'gh',
      'ghp_',
      'github_pat_',
      'xoxb-',
      'sk-',
      'SK_',
      'rk_live_',
      'Bearer ',
      'BEARER\t',
      '.ey',
      '.eyJ',
      '://',
      'Pass',
      'pwd',
      'SECRET',
      'Key',
      'toKen',
      '=',
      ': ',
      '@',
      '\u212Aey',
      'ſecret',
      'İ',
      'ı',
      'x',
      '0',
    ];
    const piece = fc.oneof(
      fc.constantFrom(...words),
      fc.string({ maxLength: 6 }),
      fc.stringMatching(/^[A-Za-z0-9_-]{8,30}$/),
      ...SECRET_FAMILIES.map((f) => fakeSecret(f)),
    );
    const text = fc.array(piece, { maxLength: 8 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, (t) => findSecret(t) === findSecretTryingEveryFamily(t)),
      { seed: 4242, numRuns: 2000 },
    );
  });

  it('lets redacted, templated and plain-word values through', () => {
    for (const s of [
      'password=********************',
      'token: REDACTEDREDACTED',
      'secret=${DB_SECRET_FROM_ENVIRONMENT}',
      'postgres://app:****@db.example.invalid/app',
      'postgres://app:${PGPASSWORD}@db.example.invalid/app',
      'Verifiable credential or session token has expired.',
      'token: refresh_token_required_for_grant',
      'grant_type=refresh_token',
      'The bearer of this message is the orchestrator',
      // `:` and `@` after the authority belong to the query or fragment, not to userinfo.
      'https://siftai.example.tg?:g.XnS#+$C@92',
      'https://b.example.tvn?H:qHZWoWc#2@%F2%8A%AC',
    ]) {
      expect(findSecret(s), s).toBeNull();
    }
  });

  it.each(TOKEN_LIKE_KINDS)('never flags token-like %s strings', (kind) => {
    fc.assert(
      fc.property(tokenLikeOf(kind), (s) => findSecret(s) === null),
      params,
    );
  });
});

describe('locateSecret / containsSecret', () => {
  it('walks arrays and objects and answers a JSON Pointer', () => {
    const value = { a: [{ ok: 'idem_0123456789abcdef' }, { note: 'x Bearer FAKEexampleToken0123456789 y' }] };
    expect(locateSecret(value)).toEqual({ path: '/a/1/note', pattern: 'bearer-token' });
  });

  it('reads a credential-named member as an assignment', () => {
    fc.assert(
      fc.property(fakeCredentialMember(), ({ key, value }) => {
        const hit = locateSecret({ outer: { [key]: value } });
        return hit?.pattern === 'credential-assignment' && hit.path === `/outer/${key}`;
      }),
      params,
    );
  });

  it('looks at object keys too, and escapes them in the pointer', () => {
    expect(locateSecret({ 'a/b': { 'Bearer FAKEexampleToken0123456789': 1 } })).toEqual({
      path: '/a~1b/Bearer FAKEexampleToken0123456789',
      pattern: 'bearer-token',
    });
  });

  it('leaves token-like values, numbers, booleans and cycles alone', () => {
    const cyclic: Record<string, unknown> = { n: 1, b: true, z: null };
    cyclic.self = cyclic;
    expect(containsSecret(cyclic)).toBe(false);
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom('id', 'checksum', 'idempotency_key', 'trace', 'token_count'),
          tokenLike().map((t) => t.value),
        ),
        (obj) => !containsSecret(obj),
      ),
      params,
    );
  });

  it('finds a fake secret nested anywhere in a JSON value', () => {
    fc.assert(
      fc.property(fakeSecretInProse(), fc.array(fc.constantFrom('a', 'items', 'ключ', '🔑')), ({ text }, keys) => {
        let value: unknown = text;
        for (const k of keys) value = k === 'items' ? [value] : { [k]: value };
        return containsSecret(value);
      }),
      params,
    );
  });
});

describe('the shapes of spec/secrets.json', () => {
  it('are the families the detector knows, in its order, by the same names', () => {
    expect(secretsData.families.map((f) => f.name)).toEqual([...SECRET_PATTERN_NAMES]);
  });

  it.each(secretsData.families.map((f) => [f.name, f.examples] as const))(
    '%s: every example is found under its family name',
    (name, examples) => {
      for (const e of examples) expect(findSecret(e), e).toBe(name);
    },
  );

  it.each(secretsData.notSecrets.map((k) => [k.kind, k.examples] as const))(
    '%s: no example is found at all, alone or as a JSON member value',
    (_kind, examples) => {
      for (const e of examples) {
        expect(findSecret(e), e).toBeNull();
        expect(containsSecret({ note: e, items: [e] }), e).toBe(false);
      }
    },
  );
});
