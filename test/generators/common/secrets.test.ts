import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SECRET_FAMILIES,
  anyFakeSecret,
  fakeCredentialMember,
  fakeSecret,
  fakeSecretInProse,
} from '../../../generators/common/secrets.js';
import { TOKEN_LIKE_KINDS } from '../../../generators/common/token-like.js';
import schema from '../../../schemas/secrets.schema.json' with { type: 'json' };
import secretsData from '../../../spec/secrets.json' with { type: 'json' };

const params = { seed: 77, numRuns: 200 };

/** The text a secret reads as: itself, and the decoded payloads of its base64 parts (PEM bodies, JWT segments). */
function readable(secret: string): string {
  const parts = secret.split(/[\s.]+/).map((p) => Buffer.from(p, 'base64').toString('utf8'));
  return [secret, ...parts].join('\n');
}

describe('the fake secrets', () => {
  it.each(SECRET_FAMILIES)('of the %s family are all marked as fake', (family) => {
    fc.assert(
      fc.property(fakeSecret(family), (s) => /FAKE/i.test(readable(s))),
      params,
    );
  });

  it('are drawn from every family, each named with its family', () => {
    const drawn = fc.sample(anyFakeSecret(), { seed: 3, numRuns: 300 });
    expect([...new Set(drawn.map((d) => d.family))].sort()).toEqual([...SECRET_FAMILIES].sort());
  });

  it('sit verbatim inside the prose that carries them', () => {
    fc.assert(
      fc.property(fakeSecretInProse(), ({ secret, text }) => text.includes(secret)),
      params,
    );
  });

  it('as credential members carry a fake value', () => {
    fc.assert(
      fc.property(fakeCredentialMember(), ({ value }) => value.startsWith('FAKEexample0')),
      params,
    );
  });

  it('are the same for the same seed', () => {
    expect(fc.sample(anyFakeSecret(), { seed: 5, numRuns: 20 })).toEqual(
      fc.sample(anyFakeSecret(), { seed: 5, numRuns: 20 }),
    );
  });
});

describe('spec/secrets.json', () => {
  it('has the shape its schema gives it', () => {
    const validate = new Ajv2020({ strict: true }).compile(schema);
    expect(validate(secretsData), JSON.stringify(validate.errors)).toBe(true);
  });

  it('names exactly the families the fake-secret generators draw, in their order', () => {
    expect(secretsData.families.map((f) => f.name)).toEqual([...SECRET_FAMILIES]);
  });

  it('marks every example secret as fake, in clear or in base64', () => {
    for (const f of secretsData.families)
      for (const e of f.examples) expect(/FAKE|EXAMPLE/i.test(readable(e)), e).toBe(true);
  });

  it('lists every kind of the token-like generators as not secret, their near misses spelled out', () => {
    const kinds = secretsData.notSecrets.map((k) => k.kind);
    expect(TOKEN_LIKE_KINDS.filter((k) => k !== 'near-miss' && !kinds.includes(k))).toEqual([]);
    expect(kinds.filter((k) => !(TOKEN_LIKE_KINDS as readonly string[]).includes(k)).sort()).toEqual([
      'near-miss-prefix',
      'plain-words',
      'redacted-placeholder',
      'templated-placeholder',
      'url-without-credentials',
    ]);
  });
});
