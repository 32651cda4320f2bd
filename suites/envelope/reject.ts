import type fc from 'fast-check';
import { defineCheck, fail, PASS, type CheckDefinition } from '../../src/engine/check.js';
import type { Verdict } from '../../src/contract/adapter.js';
import type { MutatedCase } from '../../generators/envelope/mutators/mutation.js';
import { rejectionFixture } from './fixtures.js';

/** What reports show of an envelope case. */
export function showCase(c: MutatedCase): unknown {
  return { broken: c.note, profile: c.profile, now: c.now, sealing: c.sealing, packet: c.packet };
}

/**
 * A check whose every case breaks exactly one validation expectation: a conforming validator
 * answers `valid: false`. Which finding it gives is its own business (the checkId is not required).
 */
export function rejectionCheck(def: {
  id: string;
  title: string;
  specRef: string;
  decisions?: string[];
  suite?: string;
  cases: () => fc.Arbitrary<MutatedCase>;
}): CheckDefinition<MutatedCase> {
  return defineCheck<MutatedCase>({
    id: def.id,
    title: def.title,
    suite: def.suite ?? 'envelope',
    severity: 'MUST',
    specRef: def.specRef,
    requires: ['validateEnvelope'],
    decisions: def.decisions ?? [],
    arbitrary: def.cases,
    async run(c, h) {
      const v = await h.invoke<Verdict>('validateEnvelope', [c.packet, { now: c.now }], 'verdict');
      return v.valid ? fail(`accepted an envelope that breaks the rule: ${c.note}`, { valid: false }, v) : PASS;
    },
    show: showCase,
    tags: (c) => ['adversarial', `family:${c.family}`, `profile:${c.profile}`],
    fixture: rejectionFixture,
  });
}
