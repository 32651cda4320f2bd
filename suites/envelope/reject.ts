import { defineCheck, fail, PASS, type CaseClaim, type CheckDefinition } from '../../src/engine/check.js';
import type { Verdict } from '../../src/contract/adapter.js';
import type { SpecData } from '../../src/spec/index.js';
import type { MutatedCase, RejectionCases } from '../../generators/envelope/mutators/mutation.js';
import { rejectionFixture } from './fixtures.js';

/** What reports show of an envelope case. */
export function showCase(c: MutatedCase): unknown {
  return { broken: c.note, profile: c.profile, now: c.now, sealing: c.sealing, packet: c.packet };
}

/**
 * A check whose every case breaks exactly one validation expectation: a conforming validator
 * answers `valid: false`. Which finding it gives is its own business in a run (the checkId is not
 * required); the claim says which rules a finding may name, for the pack's own tests.
 */
export function rejectionCheck(def: {
  id: string;
  title: string;
  /** The seed clause, in one English sentence an implementer can act on. */
  statement: string;
  specRef: string;
  decisions?: string[];
  suite?: string;
  /** The cases, drawn from the run's spec data, and the rule they break. */
  cases: (spec: SpecData) => RejectionCases;
}): CheckDefinition<MutatedCase> {
  const bySpec = new WeakMap<SpecData, RejectionCases>();
  const casesOf = (spec: SpecData): RejectionCases => {
    let r = bySpec.get(spec);
    if (!r) bySpec.set(spec, (r = def.cases(spec)));
    return r;
  };
  return defineCheck<MutatedCase>({
    id: def.id,
    title: def.title,
    suite: def.suite ?? 'envelope',
    severity: 'MUST',
    statement: def.statement,
    specRef: def.specRef,
    requires: ['validateEnvelope'],
    decisions: def.decisions ?? [],
    arbitrary: (spec) => casesOf(spec).cases,
    async run(c, h) {
      const v = await h.invoke<Verdict>('validateEnvelope', [c.packet, { now: c.now }], 'verdict');
      return v.valid ? fail(`accepted an envelope that breaks the rule: ${c.note}`, { valid: false }, v) : PASS;
    },
    show: showCase,
    // `showCase` shows the packet under `packet`.
    focus: (c) => (c.at === undefined ? undefined : `/packet${c.at}`),
    tags: (c) => ['adversarial', `family:${c.family}`, `profile:${c.profile}`],
    reach: (spec) => casesOf(spec).families.map((f) => `family:${f}`),
    claim(c, spec): CaseClaim {
      const { breaks, alsoAllowed } = casesOf(spec);
      const allowed = [...(alsoAllowed ?? []), ...(c.alsoAllowed ?? [])];
      return {
        member: 'validateEnvelope',
        args: [c.packet, { now: c.now }],
        valid: false,
        breaks: [breaks],
        ...(allowed.length ? { alsoAllowed: allowed } : {}),
      };
    },
    fixture: rejectionFixture,
  });
}
