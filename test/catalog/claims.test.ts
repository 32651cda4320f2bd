import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { referenceAdapter } from '../../src/adapters/reference.js';
import { packCatalog } from '../../src/api/catalog.js';
import type { CheckDefinition, Harness } from '../../src/engine/check.js';
import { disagreement, judge } from '../helpers/claims.js';
import { DEFAULT_NOW } from '../../src/engine/harness.js';
import { bundledSpec } from '../../src/spec/index.js';

/**
 * What the generators make is what they say they make. Every case of a check that states its
 * `claim` is judged by the reference, written apart from the generators: a valid case is accepted
 * (valid generators make valid inputs), and a case that breaks a rule is rejected for that rule and
 * no other (each mutator breaks its rule only), with the exact coordinates where the rule has them.
 */
const spec = bundledSpec();
const RUNS = 60;
const withClaims = packCatalog().checks.filter((c) => c.claim !== undefined);

/** Every call `check.run` makes for `input`, answered by the reference (a claim must name one of them). */
async function callsOf(check: CheckDefinition, input: unknown): Promise<{ member: string; args: unknown[] }[]> {
  const calls: { member: string; args: unknown[] }[] = [];
  const answer = async (member: string, args: unknown[]) =>
    (referenceAdapter as unknown as Record<string, (...a: unknown[]) => unknown>)[member]!(...structuredClone(args));
  const h = {
    info: { name: 'recorder', version: '0' },
    now: DEFAULT_NOW,
    spec,
    invoke: async (member: string, args: unknown[]) => (calls.push({ member, args }), answer(member, args)),
    invokeOrReject: async (member: string, args: unknown[]) => {
      calls.push({ member, args });
      try {
        return { rejected: false, value: await answer(member, args) };
      } catch (e) {
        return { rejected: true, message: String(e) };
      }
    },
  } as unknown as Harness;
  await check.run(input, h);
  return calls;
}

describe('the cases every check draws', () => {
  it('say what they are for every check judged by a verdict', () => {
    expect(withClaims.length).toBeGreaterThan(0);
  });

  for (const check of withClaims as CheckDefinition[]) {
    it(`${check.id}: the check makes the call they claim, and the reference judges them as they claim`, async () => {
      const seen = { valid: 0, broken: 0 };
      for (const input of fc.sample(check.arbitrary(spec), { seed: 2026, numRuns: RUNS })) {
        const claim = check.claim!(input, spec);
        seen[claim.valid ? 'valid' : 'broken'] += 1;
        const problem = disagreement(claim, await judge(referenceAdapter, claim));
        expect(problem, JSON.stringify(check.show ? check.show(input) : input).slice(0, 600)).toBeNull();
        // What a case claims is what the check does with it: the claim names a call the check makes.
        expect(await callsOf(check, input)).toContainEqual({ member: claim.member, args: [...claim.args] });
      }
      expect(seen.valid + seen.broken).toBe(RUNS);
    });
  }
});
