import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { referenceAdapter } from '../../../src/adapters/reference.js';
import { createHarness } from '../../../src/engine/harness.js';
import { findSecret } from '../../../src/reference/secrets.js';
import { bundledSpec } from '../../../src/spec/index.js';
import { fakeSecret, fakeSecretInProse, SECRET_FAMILIES } from '../../../generators/common/secrets.js';
import { tokenLike } from '../../../generators/common/token-like.js';
import { ALL_FAULT_KINDS, recoveryCase } from '../../../generators/recovery/recovery-case.js';
import { secretFamilyIn } from '../../../suites/recovery/secrets.js';
import { runSession } from '../../../suites/recovery/world/session.js';

/** A string percent-decoded once, or itself when it does not decode. */
const decoded = (s: string): string => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/**
 * What the judges hand the detector for a JSON value: every key and string, a string also as
 * `key=value` under its key, and decoded (a URL is judged decoded).
 */
const textsOf = (v: unknown, key = ''): string[] => {
  if (typeof v === 'string') return [v, decoded(v), ...(key ? [`${key}=${v}`] : [])];
  if (Array.isArray(v)) return v.flatMap((x) => textsOf(x, key));
  if (v !== null && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => [k, ...textsOf(x, k)]);
  return [];
};

describe("the recovery judges' secret detector", () => {
  for (const family of SECRET_FAMILIES) {
    it(`finds every generated fake ${family}, under its own family name`, () => {
      fc.assert(
        fc.property(fakeSecret(family), (s) => {
          expect(secretFamilyIn(s)).toBe(family);
        }),
        { numRuns: 200, seed: 1 },
      );
    });
  }

  it('finds a fake secret of any family embedded in free text', () => {
    fc.assert(
      fc.property(fakeSecretInProse(), ({ family, text }) => {
        expect(secretFamilyIn(text)).toBe(family);
      }),
      { numRuns: 300, seed: 2 },
    );
  });

  it('lets every token-like non-secret through: ids, digests, checksums, UUIDs, traceparents, placeholders, near misses', () => {
    fc.assert(
      fc.property(tokenLike(), ({ value }) => {
        expect(secretFamilyIn(value)).toBeNull();
      }),
      { numRuns: 1000, seed: 3 },
    );
  });

  it('names the most telling family when shapes nest (a Bearer header that carries a JWT)', () => {
    const jwt = fc.sample(fakeSecret('jwt'), { numRuns: 1, seed: 4 })[0]!;
    expect(secretFamilyIn(jwt)).toBe('jwt');
    expect(secretFamilyIn(`Bearer ${jwt}`)).toBe('bearer-token');
  });

  it('does not take masked or templated passwords, or userinfo without a password, for credentials', () => {
    for (const s of [
      'postgres://app:****@db.example.invalid/x',
      'redis://svc:${REDIS_PASSWORD}@cache/0',
      'mysql://u:{{ pw }}@h/db',
      'https://user@example.com/a',
      'https://example.com/p?to=a:b@c',
    ]) {
      expect(secretFamilyIn(s), s).toBeNull();
    }
    expect(secretFamilyIn('postgres://app:FAKEexample0pw@db.example.invalid/x')).toBe('dsn-credentials');
  });

  it("takes only real JWTs: both segments must be base64url JSON objects, not any 'ey...' text", () => {
    expect(secretFamilyIn('eyeglasses0123.eyebrows012345.x')).toBeNull();
  });

  it('agrees with the reference detector on every string of a session with the reference policy, under any fault schedule', async () => {
    const h = createHarness(
      referenceAdapter,
      { name: 'ref', version: '0', capabilityLevel: 'L7' },
      { timeoutMs: 5000, now: '2026-06-01T00:00:00Z', spec: bundledSpec() },
    );
    const disagreements = new Set<string>();
    for (const c of fc.sample(
      recoveryCase({ levels: ['L3', 'L6', 'L7'], others: { faults: ALL_FAULT_KINDS, max: 6 } }),
      { numRuns: 120, seed: 5 },
    )) {
      const s = await runSession(h, c);
      for (const e of s.world.log) {
        for (const text of textsOf(e.item)) if (secretFamilyIn(text) !== findSecret(text)) disagreements.add(text);
      }
    }
    expect([...disagreements]).toEqual([]);
  });
});
