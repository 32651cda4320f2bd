import published from '../../fixtures/seeds/error-scenarios.json' with { type: 'json' };
import type { ErrorPayload } from '../../src/spec/error.js';

/** One of seed 000's five recovery scenarios. */
export interface ErrorScenario {
  scenario: number;
  title: string;
  /** Seed file and section. */
  section: string;
  payload: ErrorPayload;
}

const SCENARIOS = (published as unknown as { scenarios: ErrorScenario[] }).scenarios;

/**
 * The five scenarios of seed 000, from `fixtures/seeds/error-scenarios.json`, exactly as published.
 * Each call hands out fresh copies: the JSON module is shared by every importer and must stay as published.
 */
export function errorScenarios(): ErrorScenario[] {
  return structuredClone(SCENARIOS);
}

/** The five scenario payloads alone, in scenario order (fresh copies). */
export function scenarioPayloads(): ErrorPayload[] {
  return errorScenarios().map((s) => s.payload);
}
