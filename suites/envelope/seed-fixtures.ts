import * as fc from 'fast-check';
import { defineCheck, fail, PASS } from '../../src/engine/check.js';
import { DEFAULT_NOW } from '../../src/engine/harness.js';
import type { Verdict } from '../../src/contract/adapter.js';
import { seedFixtures, type SeedFixture } from '../../src/spec/seed-fixtures.js';
import { seedFixtureValidation } from './fixtures.js';

/**
 * ENV-SEED-FIXTURES: the published valid fixtures of the seeds, exactly as published, judged under
 * the run's clock (the claim names the default clock: a run's own clock may be past their expiry).
 */
export const envSeedFixtures = defineCheck<SeedFixture>({
  id: 'ENV-SEED-FIXTURES',
  title: 'The published seed fixtures (acknowledgement, correction) are accepted',
  suite: 'envelope',
  severity: 'MUST',
  statement:
    "The seeds' published acknowledgement (001) and correction (004) fixtures are valid envelopes exactly as published, placeholder checksum and omitted optional body fields included, at any clock before their expiry (001 §Ejemplo de dispositivo JSON válido; 004 §有效的 JSON 夹具示例; D-INT-02, D-ENV-06).",
  specRef: '001 §Ejemplo de dispositivo JSON válido; 004 §有效的 JSON 夹具示例',
  requires: ['validateEnvelope'],
  decisions: ['D-INT-02', 'D-ENV-06'],
  arbitrary: () => fc.constantFrom(...seedFixtures()),
  async run(f, h) {
    const v = await h.invoke<Verdict>('validateEnvelope', [f.keyed, { now: h.now }], 'verdict');
    return v.valid ? PASS : fail(`rejected the published ${f.name} fixture`, { valid: true }, v);
  },
  show: (f) => ({ fixture: f.name, now: '(run clock)', packet: f.keyed }),
  tags: (f) => ['valid', `fixture:${f.name}`],
  claim: (f) => ({ member: 'validateEnvelope', args: [f.keyed, { now: DEFAULT_NOW }], valid: true }),
  fixture: seedFixtureValidation,
});
