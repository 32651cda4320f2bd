import type { MutatedCase, RejectionCases } from '../../generators/envelope/mutators/mutation.js';
import type { CaseSet } from '../../src/engine/kinds/common.js';
import type { VerdictExpectation, VerdictVocabulary } from '../../src/engine/kinds/verdict.js';
import type { SpecData } from '../../src/spec/index.js';
import { rejectionFixture } from './fixtures.js';

/**
 * How `validateEnvelope`'s verdicts read in the envelope and integrity suites: a failure shows the
 * verdict as answered.
 */
export const ENVELOPE_VERDICTS: VerdictVocabulary = {
  member: 'validateEnvelope',
  messages: {
    accepted: (p: { note: string }) => `accepted an envelope that breaks the rule: ${p.note}`,
    rejected: (p: { fixture?: string }) =>
      p.fixture !== undefined ? `rejected the published ${p.fixture} fixture` : 'rejected a valid envelope',
  },
  answer: (v) => v,
};

/** What reports show of an envelope case. */
export function showCase(c: MutatedCase): unknown {
  return { broken: c.note, profile: c.profile, now: c.now, sealing: c.sealing, packet: c.packet };
}

/**
 * The cases of a check whose every case breaks exactly one validation expectation (`make`, drawn
 * from the run's spec data), and what a conforming validator answers: `valid: false`. Which finding
 * it gives is its own business in a run; the expectation says which rules a finding may name, for
 * the pack's own tests.
 */
export function envelopeRejections(make: (spec: SpecData) => RejectionCases): {
  cases: CaseSet<MutatedCase>;
  args: (c: MutatedCase) => unknown[];
  expect: (c: MutatedCase, spec: SpecData) => VerdictExpectation;
} {
  const bySpec = new WeakMap<SpecData, RejectionCases>();
  const of = (spec: SpecData): RejectionCases => {
    let r = bySpec.get(spec);
    if (!r) bySpec.set(spec, (r = make(spec)));
    return r;
  };
  return {
    cases: {
      arbitrary: (spec) => of(spec).cases,
      reach: (spec) => of(spec).families.map((f) => `family:${f}`),
      tags: (c) => ['adversarial', `family:${c.family}`, `profile:${c.profile}`],
      show: showCase,
      // `showCase` shows the packet under `packet`.
      focus: (c) => (c.at === undefined ? undefined : `/packet${c.at}`),
      fixture: rejectionFixture,
    },
    args: (c) => [c.packet, { now: c.now }],
    expect(c, spec) {
      const { breaks, alsoAllowed } = of(spec);
      return {
        valid: false,
        params: { note: c.note },
        expected: { valid: false },
        breaks: [breaks],
        alsoAllowed: [...(alsoAllowed ?? []), ...(c.alsoAllowed ?? [])],
      };
    },
  };
}

/**
 * The seed clause of validation expectation `n`: 001 §Expectativas de validación (= 004 §验证期望),
 * numbered 1-12 in the order the seeds list them (rule 5 names two fields and counts twice), each
 * one check of this suite.
 */
export const rule = (n: number, extra = '') => `001 §Expectativas de validación #${n}; 004 §验证期望 #${n}${extra}`;
