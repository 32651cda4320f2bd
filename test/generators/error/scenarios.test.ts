import { describe, expect, it } from 'vitest';
import { errorScenarios, scenarioPayloads } from '../../../generators/error/scenarios.js';

describe('the seed scenarios fixture', () => {
  it('holds the five payloads of seed 000, in order, as published', () => {
    const scenarios = errorScenarios();
    expect(scenarios.map((s) => s.scenario)).toEqual([1, 2, 3, 4, 5]);
    expect(scenarios.map((s) => s.payload.message_id)).toEqual([
      'err-9982-abcf',
      'err-local-001',
      'err-auth-9211',
      'err-cap-404',
      'err-timeout-777',
    ]);
    expect(scenarioPayloads().map((p) => [p.body.code, p.body.numeric_status])).toEqual([
      ['invalid_message', 422],
      ['task_not_found', 503],
      ['auth_required', 401],
      ['capability_not_supported', 415],
      ['invalid_message', 504],
    ]);
    for (const s of scenarios) expect(s.section).toMatch(/^000 §Scenario \d/);
  });

  it('hands out fresh copies: editing one leaves the next call as published', () => {
    const first = errorScenarios();
    first[0]!.payload.body.code = 'edited';
    scenarioPayloads()[1]!.body.detail = 'edited';
    expect(errorScenarios()[0]!.payload.body.code).toBe('invalid_message');
    expect(scenarioPayloads()[1]!.body.detail).toBe('Transport layer failure; orchestrator is currently unreachable.');
  });
});
