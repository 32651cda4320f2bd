import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { referenceAdapter, referenceFor } from '../../../../src/adapters/reference.js';
import type { Verdict } from '../../../../src/contract/adapter.js';
import { firstCases } from '../../../../src/engine/replay.js';
import { findSecret, locateSecret } from '../../../../src/reference/secrets.js';
import { bundledSpec, withOverrides } from '../../../../src/spec/index.js';
import {
  EDGE_FAMILIES,
  KEY_NAME_GROUPS,
  NOT_SECRET_EXAMPLES,
  NOT_SECRET_MEMBERS,
  edgeSecret,
  edgeVariants,
  keyNamedMember,
} from '../../../../generators/common/secrets.js';
import { acceptedEnvelope } from '../../../../generators/envelope/envelope.js';
import { mutated, type MutatedCase } from '../../../../generators/envelope/mutators/mutation.js';
import { SECRET_POSITIONS, secretInMemory } from '../../../../generators/envelope/mutators/policy.js';
import { disagreement, judge } from '../../../helpers/claims.js';
import { secretSlipsByFamily } from '../../../suites/envelope/broken.js';
import { lastToken } from '../../../helpers/json-pointer.js';
import secretsData from '../../../../spec/secrets.json' with { type: 'json' };
import { envSecretInMemory } from '../../../../suites/envelope/secret-in-memory.js';

const spec = bundledSpec();
const params = { seed: 31, numRuns: 300 };
const MEMORY = 'uai.agent.memory-proposal.v1';

/** How many of lower case, upper case and digits a string mixes (written apart from the reference's). */
const classes = (s: string): number => [/[a-z]/, /[A-Z]/, /[0-9]/].filter((r) => r.test(s)).length;

const validate = async (c: { packet: unknown; now: string }, data = spec) =>
  (await (data === spec ? referenceAdapter : referenceFor(data)).validateEnvelope!(c.packet, {
    now: c.now,
  })) as Verdict;

describe('the harder spellings of the secret families (edgeSecret)', () => {
  it.each(EDGE_FAMILIES)('of %s are found by the reference under that family name, every variant drawn', (family) => {
    const drawn = fc.sample(edgeSecret(family), params);
    for (const { secret } of drawn) expect(findSecret(secret), secret).toBe(family);
    expect([...new Set(drawn.map((d) => d.variant))].sort()).toEqual(edgeVariants(family).sort());
  });

  it('are what their variants say, marked fake but for the nine-character DSNs', () => {
    for (const family of EDGE_FAMILIES) {
      for (const { variant, secret } of fc.sample(edgeSecret(family), params)) {
        if (variant === 'unsigned') expect(secret).toMatch(/^ey[\w-]+\.ey[\w-]+\.$/);
        if (variant === 'x-edged-password') expect(secret).toMatch(/^[a-z]:\/\/[^:]+:[xX][^@]*[xX]@/);
        if (variant === 'shortest') expect(secret).toMatch(/^[a-z]:\/\/[a-z]:[a-wyz]@[a-z]$/);
        if (variant === 'two-class-value') expect(classes(/[:=]\s*["']?(\S+)$/.exec(secret)![1]!), secret).toBe(2);
        if (variant !== 'shortest')
          expect(
            /FAKE/i.test(variant === 'unsigned' ? Buffer.from(secret.split('.')[1]!, 'base64url').toString() : secret),
            secret,
          ).toBe(true);
      }
    }
  });

  it('key-named members are a secret by their name alone, every group of names drawn', () => {
    const drawn = fc.sample(keyNamedMember(), params);
    for (const { key, value, group } of drawn) {
      expect(KEY_NAME_GROUPS[group]).toContain(key);
      expect(findSecret(value)).toBeNull();
      expect(locateSecret({ auth: { [key]: value } })).toEqual({
        path: `/auth/${key}`,
        pattern: 'credential-assignment',
      });
    }
    expect([...new Set(drawn.map((d) => d.group))].sort()).toEqual(Object.keys(KEY_NAME_GROUPS).sort());
  });
});

describe('the not-secrets valid memory proposals carry', () => {
  it('are every notSecrets example of spec/secrets.json, verbatim, and its assignments as members', () => {
    expect([...NOT_SECRET_EXAMPLES]).toEqual(secretsData.notSecrets.flatMap((k) => k.examples));
    expect(NOT_SECRET_MEMBERS.length).toBeGreaterThan(5);
    for (const { key, value } of NOT_SECRET_MEMBERS)
      expect(
        [`${key}=${value}`, `${key}: ${value}`].some((e) => NOT_SECRET_EXAMPLES.includes(e)),
        key,
      ).toBe(true);
    for (const { key, value } of NOT_SECRET_MEMBERS) expect(locateSecret({ [key]: value }), key).toBeNull();
  });

  it('ride in most valid memory proposals, which the reference accepts', async () => {
    for (const data of [spec, withOverrides(spec, { envelope: { secretScope: 'body' } })]) {
      const cases = fc.sample(acceptedEnvelope(data), { seed: 12, numRuns: 400 }).filter((c) => c.profile === MEMORY);
      const carrying = cases.filter((c) => Array.isArray(c.packet.delivery.expected_output_schema.redacted_settings));
      expect(carrying.length).toBeGreaterThan(cases.length / 2);
      for (const c of carrying) {
        expect((c.packet.body.proposed_facts as string[]).some((f) => NOT_SECRET_EXAMPLES.includes(f))).toBe(true);
        expect(
          await validate(c, data),
          JSON.stringify(c.packet.delivery.expected_output_schema.redacted_settings),
        ).toEqual({ valid: true });
      }
    }
  });
});

describe('ENV-SECRET-IN-MEMORY cases', () => {
  const cases = (data = spec) =>
    fc.sample(mutated(data, secretInMemory(data.envelope), [MEMORY]).cases, { seed: 21, numRuns: 400 });

  it('break the secrets rule alone, and the reference rejects every one for it', async () => {
    for (const data of [spec, withOverrides(spec, { envelope: { secretScope: 'body' } })]) {
      for (const c of cases(data)) {
        const v = await validate(c, data);
        expect(v.valid, c.note).toBe(false);
        expect([...new Set((v.findings ?? []).map((f) => f.checkId))], c.note).toEqual(['ENV-SECRET-IN-MEMORY']);
      }
    }
  });

  it('show each harder spelling in its family, the shortest DSN as a fact of its own', () => {
    const drawn = cases();
    for (const family of EDGE_FAMILIES) {
      for (const variant of edgeVariants(family))
        expect(
          drawn.some((c) => c.family === family && c.note.includes(`(${variant})`)),
          `${family} ${variant}`,
        ).toBe(true);
    }
    for (const c of drawn.filter((x) => x.note.includes('(shortest)'))) {
      const at = Number(c.at!.split('/').pop());
      expect((c.packet.body.proposed_facts as string[])[at]).toHaveLength(9);
    }
  });

  it('put a secret in a member name (member-name), and a key-named credential member most often (credential-member)', async () => {
    const drawn = cases();
    const names = drawn.filter((c) => c.family === 'member-name');
    expect(names.length).toBeGreaterThan(5);
    for (const c of names) {
      const f = (await validate(c)).findings![0]!;
      const name = lastToken(f.path!);
      expect(findSecret(name), c.note).not.toBeNull();
    }
    const members = drawn
      .filter((c) => c.family === 'credential-member')
      .map((c) => JSON.stringify(c.packet.delivery.expected_output_schema));
    for (const names of Object.values(KEY_NAME_GROUPS))
      expect(
        members.some((m) => names.some((n) => m.includes(`${JSON.stringify(n)}:`))),
        names.join(),
      ).toBe(true);
    expect(SECRET_POSITIONS).toContain('member-name');
  });

  it('catch each further slip of the gallery by its own family alone', async () => {
    const check = envSecretInMemory;
    const sampled = firstCases(check, spec, 1, 100) as MutatedCase[];
    for (const [family, slips] of Object.entries(secretSlipsByFamily)) {
      for (const slip of slips) {
        let caught = 0;
        for (const c of sampled) {
          const claim = check.claim!(c, spec);
          if (disagreement(claim, await judge(slip, claim)) === null) continue;
          expect(c.family, `${slip.describe().name}: ${c.note}`).toBe(family);
          caught += 1;
        }
        expect(caught, slip.describe().name).toBeGreaterThan(0);
      }
    }
  });
});
