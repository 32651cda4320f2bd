import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { referenceAdapter } from '../../src/adapters/reference.js';
import { packCatalog } from '../../src/api/catalog.js';
import type { Adapter } from '../../src/contract/adapter.js';
import type { CaseClaim, CheckDefinition, Harness } from '../../src/engine/check.js';
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

interface Judged {
  valid: boolean;
  checkIds: string[];
  findings: { checkId?: string; unitId?: string; byteOffset?: number }[];
}

async function judge(adapter: Adapter, claim: CaseClaim): Promise<Judged> {
  const member = adapter[claim.member] as (...a: unknown[]) => unknown;
  if (claim.member === 'fromKeyless' || claim.member === 'toKeyless') {
    try {
      await member.apply(adapter, [...claim.args]);
      return { valid: true, checkIds: [], findings: [] };
    } catch {
      return { valid: false, checkIds: [], findings: [] };
    }
  }
  const v = (await member.apply(adapter, structuredClone([...claim.args]))) as { valid: boolean; findings?: Judged['findings'] };
  const findings = v.findings ?? [];
  return { valid: v.valid, checkIds: [...new Set(findings.map((f) => f.checkId ?? '?'))].sort(), findings };
}

/** Null when the reference's verdict agrees with the case's claim, else what differs. */
function disagreement(claim: CaseClaim, got: Judged): string | null {
  if (claim.valid) return got.valid ? null : `a valid case was rejected: ${JSON.stringify(got.findings).slice(0, 400)}`;
  if (got.valid) return 'a case that breaks a rule was accepted';
  if (claim.member === 'fromKeyless' || claim.member === 'toKeyless') return null;
  const breaks = claim.breaks ?? [];
  const allowed = new Set([...breaks, ...(claim.alsoAllowed ?? [])]);
  // A break may be named by the more specific rule it also breaks (a removed correlation id is a
  // missing required field too): every finding names an allowed rule, and at least one is named.
  const foreign = got.checkIds.filter((id) => !allowed.has(id));
  if (foreign.length || got.checkIds.length === 0) return `breaks ${JSON.stringify(breaks)} (or ${JSON.stringify(claim.alsoAllowed ?? [])}), the reference named ${JSON.stringify(got.checkIds)}`;
  for (const at of claim.at ?? []) {
    const hit = got.findings.some((f) => f.checkId === at.checkId && (at.unitId === undefined || f.unitId === at.unitId) && (at.byteOffset === undefined || f.byteOffset === at.byteOffset));
    if (!hit) return `no finding at ${JSON.stringify(at)} among ${JSON.stringify(got.findings).slice(0, 400)}`;
  }
  return null;
}

/** Every call `check.run` makes for `input`, answered by the reference (a claim must name one of them). */
async function callsOf(check: CheckDefinition, input: unknown): Promise<{ member: string; args: unknown[] }[]> {
  const calls: { member: string; args: unknown[] }[] = [];
  const answer = async (member: string, args: unknown[]) => (referenceAdapter as unknown as Record<string, (...a: unknown[]) => unknown>)[member]!(...structuredClone(args));
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
