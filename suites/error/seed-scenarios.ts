import * as fc from 'fast-check';
import { errorScenarios, type ErrorScenario } from '../../generators/error/scenarios.js';
import { verdictCheck } from '../../src/engine/kinds/verdict.js';
import { seedScenarioFixture } from './fixtures.js';
import { accepted, ERROR_VERDICTS, payloadArgs } from './verdicts.js';

/** ERR-SEED-SCENARIOS: the five scenario payloads of seed 000, exactly as published, are accepted. */
export const seedScenarios = verdictCheck<ErrorScenario>({
  id: 'ERR-SEED-SCENARIOS',
  title: "The seed's five recovery scenario payloads are accepted",
  suite: 'error',
  severity: 'MUST',
  specRef: '000 §Synthetic Recovery Transcripts, Scenarios 1-5',
  statement:
    "The five error payloads of seed 000's recovery transcripts are valid exactly as published, although their message ids (err-9982-abcf...) are not UUIDs, two pair a legacy code with a transport status (task_not_found with 503, invalid_message with 504) and scenario 1's narrative names another action than its payload (000 §Synthetic Recovery Transcripts, Scenarios 1-5; D-ERR-01, D-ERR-09, D-ERR-12).",
  decisions: ['D-ERR-01', 'D-ERR-09', 'D-ERR-12'],
  verdicts: ERROR_VERDICTS,
  cases: {
    arbitrary: () => fc.constantFrom(...errorScenarios()),
    show: (s) => ({ scenario: s.scenario, section: s.section, payload: s.payload }),
    tags: (s) => ['valid', `scenario:${s.scenario}`],
    reach: () => errorScenarios().map((s) => `scenario:${s.scenario}`),
    fixture: seedScenarioFixture,
  },
  args: payloadArgs,
  expect: (s) => accepted(s.section),
});
