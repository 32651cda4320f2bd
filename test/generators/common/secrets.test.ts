import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SECRET_FAMILIES, anyFakeSecret, fakeCredentialMember, fakeSecret, fakeSecretInProse } from '../../../generators/common/secrets.js';

const params = { seed: 77, numRuns: 200 };

/** The text a secret reads as: itself, and the decoded payloads of its base64 parts (PEM bodies, JWT segments). */
function readable(secret: string): string {
  const parts = secret.split(/[\s.]+/).map((p) => Buffer.from(p, 'base64').toString('utf8'));
  return [secret, ...parts].join('\n');
}

describe('the fake secrets', () => {
  it.each(SECRET_FAMILIES)('of the %s family are all marked as fake', (family) => {
    fc.assert(fc.property(fakeSecret(family), (s) => /FAKE/i.test(readable(s))), params);
  });

  it('are drawn from every family, each named with its family', () => {
    const drawn = fc.sample(anyFakeSecret(), { seed: 3, numRuns: 300 });
    expect([...new Set(drawn.map((d) => d.family))].sort()).toEqual([...SECRET_FAMILIES].sort());
  });

  it('sit verbatim inside the prose that carries them', () => {
    fc.assert(fc.property(fakeSecretInProse(), ({ secret, text }) => text.includes(secret)), params);
  });

  it('as credential members carry a fake value', () => {
    fc.assert(fc.property(fakeCredentialMember(), ({ value }) => value.startsWith('FAKEexample0')), params);
  });

  it('are the same for the same seed', () => {
    expect(fc.sample(anyFakeSecret(), { seed: 5, numRuns: 20 })).toEqual(fc.sample(anyFakeSecret(), { seed: 5, numRuns: 20 }));
  });
});
