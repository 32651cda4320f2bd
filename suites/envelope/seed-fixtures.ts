import * as fc from 'fast-check';
import { verdictCheck } from '../../src/engine/kinds/verdict.js';
import { type SeedFixture, seedFixtures } from '../../src/spec/seed-fixtures.js';
import { seedFixtureValidation } from './fixtures.js';
import { ENVELOPE_VERDICTS } from './verdicts.js';

/**
 * ENV-SEED-FIXTURES: the published valid fixtures of the seeds, exactly as published, judged under
 * the run's clock (the claim names the default clock: a run's own clock may be past their expiry).
 */
export const envSeedFixtures = verdictCheck<SeedFixture>({
  id: 'ENV-SEED-FIXTURES',
  title: 'The published seed fixtures (acknowledgement, correction) are accepted',
  suite: 'envelope',
  severity: 'MUST',
  statement:
    "The seeds' published acknowledgement (001) and correction (004) fixtures are valid envelopes exactly as published, placeholder checksum and omitted optional body fields included, at any clock before their expiry (001 §Ejemplo de dispositivo JSON válido; 004 §有效的 JSON 夹具示例; D-INT-02, D-ENV-06).",
  specRef: '001 §Ejemplo de dispositivo JSON válido; 004 §有效的 JSON 夹具示例',
  decisions: ['D-INT-02', 'D-ENV-06'],
  verdicts: ENVELOPE_VERDICTS,
  cases: {
    arbitrary: () => fc.constantFrom(...seedFixtures()),
    show: (f) => ({ fixture: f.name, now: '(run clock)', packet: f.keyed }),
    tags: (f) => ['valid', `fixture:${f.name}`],
    fixture: seedFixtureValidation,
  },
  args: (f, now) => [f.keyed, { now }],
  expect: (f) => ({ valid: true, params: { fixture: f.name }, expected: { valid: true } }),
});
