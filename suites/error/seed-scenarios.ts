import fc from 'fast-check';
import { defineCheck } from '../../src/engine/check.js';
import { errorScenarios, type ErrorScenario } from '../../generators/error/scenarios.js';
import { seedScenarioFixture } from './fixtures.js';
import { claimOf, expectAccepted } from './verdict.js';

/** ERR-SEED-SCENARIOS: the five scenario payloads of seed 000, exactly as published, are accepted. */
export const seedScenarios = defineCheck<ErrorScenario>({
  id: 'ERR-SEED-SCENARIOS',
  title: "The seed's five recovery scenario payloads are accepted",
  suite: 'error',
  severity: 'MUST',
  specRef: '000 §Synthetic Recovery Transcripts, Scenarios 1-5',
  requires: ['validateError'],
  decisions: ['D-ERR-01', 'D-ERR-09', 'D-ERR-12'],
  arbitrary: () => fc.constantFrom(...errorScenarios()),
  run: (s, h) => expectAccepted(h, s.payload, s.section),
  show: (s) => ({ scenario: s.scenario, section: s.section, payload: s.payload }),
  tags: (s) => ['valid', `scenario:${s.scenario}`],
  claim: (s) => ({ ...claimOf(s.payload), valid: true }),
  fixture: seedScenarioFixture,
});
