import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Adapter, UasVerdict, Verdict } from '../../../src/contract/adapter.js';
import { executeCase } from '../../../src/engine/execute.js';
import { createHarness, DEFAULT_NOW } from '../../../src/engine/harness.js';
import { type VerdictExpectation, verdictCheck, type VerdictVocabulary } from '../../../src/engine/kinds/verdict.js';
import { bundledSpec } from '../../../src/spec/index.js';

const spec = bundledSpec();
const VOCAB: VerdictVocabulary = {
  member: 'verifyUas',
  messages: {
    accepted: (p: { rule: string }) => `accepted, breaking ${p.rule}`,
    rejected: () => 'rejected a valid one',
    unnamed: (p: { rule: string }) => `rejected without ${p.rule}`,
    misplaced: (p: { at: number }) => `not reported at ${p.at}`,
  },
  answer: (v) => ({ valid: v.valid, n: (v.findings ?? []).length }),
};

/** A verdict check over one fixed case, expecting `e`. */
const checkOf = (e: VerdictExpectation) =>
  verdictCheck<{ text: string }>({
    id: 'VAL-SYN',
    title: 't',
    suite: 'uas',
    severity: 'MUST',
    specRef: '003 §x',
    statement: 'A rule.',
    decisions: ['D-X'],
    verdicts: VOCAB,
    cases: { arbitrary: () => fc.constant({ text: 'x' }) },
    args: (c, now) => [c.text, now],
    expect: () => e,
  });

/** The outcome of the one case against an implementation that answers `v`, and the arguments it got. */
async function judged(e: VerdictExpectation, v: UasVerdict) {
  const got: unknown[][] = [];
  const adapter: Adapter = {
    describe: () => ({ name: 'x', version: '1' }),
    verifyUas: (...args: unknown[]) => {
      got.push(args);
      return v;
    },
  };
  const h = createHarness(adapter, { name: 'x', version: '1' }, { timeoutMs: 5000, now: '2030-01-01T00:00:00Z', spec });
  return { outcome: await executeCase(checkOf(e), { text: 'x' }, h), got };
}

const REJECT: VerdictExpectation = {
  valid: false,
  params: { rule: 'VAL-A', at: 7 },
  expected: { valid: false },
  breaks: ['VAL-A'],
};

describe('verdictCheck', () => {
  it('requires its member, and calls it with the run clock', async () => {
    expect(checkOf(REJECT).requires).toEqual(['verifyUas']);
    const { got } = await judged(REJECT, { valid: false });
    expect(got).toEqual([['x', '2030-01-01T00:00:00Z']]);
  });

  it('passes a rejection rejected, and a valid case accepted', async () => {
    expect((await judged(REJECT, { valid: false })).outcome).toEqual({ status: 'passed' });
    const ok: VerdictExpectation = { valid: true, params: {}, expected: { valid: true } };
    expect((await judged(ok, { valid: true })).outcome).toEqual({ status: 'passed' });
  });

  it('fails an accepted rejection as `accepted`, and a rejected valid case as `rejected`, the message from the params', async () => {
    expect((await judged(REJECT, { valid: true, findings: [] })).outcome).toEqual({
      status: 'failed',
      reason: 'accepted',
      params: { rule: 'VAL-A', at: 7 },
      message: 'accepted, breaking VAL-A',
      expected: { valid: false },
      actual: { valid: true, n: 0 },
    });
    const ok: VerdictExpectation = { valid: true, params: {}, expected: { valid: true } };
    const r = (await judged(ok, { valid: false, findings: [{ checkId: 'VAL-B' }] })).outcome;
    expect(r).toMatchObject({ status: 'failed', reason: 'rejected', message: 'rejected a valid one' });
  });

  it('a required finding: `unnamed` when a rejection does not name it, `accepted` when nothing is rejected', async () => {
    const named: VerdictExpectation = { ...REJECT, requires: { checkIds: ['VAL-A'] } };
    expect((await judged(named, { valid: false, findings: [{ checkId: 'VAL-A' }] })).outcome.status).toBe('passed');
    expect((await judged(named, { valid: false, findings: [{ checkId: 'VAL-B' }] })).outcome).toMatchObject({
      reason: 'unnamed',
      message: 'rejected without VAL-A',
    });
    expect((await judged(named, { valid: true })).outcome).toMatchObject({ reason: 'accepted' });
  });

  it('a required finding with coordinates: `misplaced` whenever it is missing, valid or not', async () => {
    const placed: VerdictExpectation = {
      ...REJECT,
      requires: { checkIds: ['VAL-A', 'VAL-C'], unitId: 'u1', byteOffset: 7 },
    };
    const at = (unitId: string, byteOffset: number) => ({
      valid: false,
      findings: [{ checkId: 'VAL-C', unitId, byteOffset }],
    });
    expect((await judged(placed, at('u1', 7))).outcome.status).toBe('passed');
    expect((await judged(placed, at('u1', 8))).outcome).toMatchObject({
      reason: 'misplaced',
      message: 'not reported at 7',
    });
    expect((await judged(placed, at('u2', 7))).outcome).toMatchObject({ reason: 'misplaced' });
    expect((await judged(placed, { valid: true })).outcome).toMatchObject({ reason: 'misplaced' });
  });

  it('derives its claim from the expectation, with the default clock', () => {
    const check = checkOf({ ...REJECT, alsoAllowed: ['VAL-Z'], at: [{ checkId: 'VAL-A', unitId: 'u' }] });
    expect(check.claim!({ text: 'x' }, spec)).toEqual({
      member: 'verifyUas',
      args: ['x', DEFAULT_NOW],
      valid: false,
      breaks: ['VAL-A'],
      alsoAllowed: ['VAL-Z'],
      at: [{ checkId: 'VAL-A', unitId: 'u' }],
    });
    expect(checkOf({ ...REJECT, alsoAllowed: [] }).claim!({ text: 'x' }, spec)).not.toHaveProperty('alsoAllowed');
  });

  it('a verdict of the validators (`verdict` shape): a finding without a check id names nothing', async () => {
    const vocab = { ...VOCAB, member: 'validateEnvelope' as const };
    const check = verdictCheck<number>({
      id: 'ENV-SYN',
      title: 't',
      suite: 'envelope',
      severity: 'MUST',
      specRef: '001 §x',
      statement: 'A rule.',
      decisions: [],
      verdicts: vocab,
      cases: { arbitrary: () => fc.constant(1) },
      args: () => [{}, { now: DEFAULT_NOW }],
      expect: () => ({ ...REJECT, requires: { checkIds: ['VAL-A'] } }),
    });
    const adapter: Adapter = {
      describe: () => ({ name: 'x', version: '1' }),
      validateEnvelope: (): Verdict => ({ valid: false, findings: [{ message: 'no id' }] }),
    };
    const h = createHarness(adapter, { name: 'x', version: '1' }, { timeoutMs: 5000, now: DEFAULT_NOW, spec });
    expect(await executeCase(check, 1, h)).toMatchObject({ status: 'failed', reason: 'unnamed' });
  });
});
