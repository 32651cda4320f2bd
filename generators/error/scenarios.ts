import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../../src/spec/data.js';
import type { ErrorPayload } from '../../src/spec/error.js';

/** One of seed 000's five recovery scenarios. */
export interface ErrorScenario {
  scenario: number;
  title: string;
  /** Seed file and section. */
  section: string;
  payload: ErrorPayload;
}

/** The five scenarios of seed 000, from `fixtures/seeds/error-scenarios.json`, exactly as published. */
export const scenarios: readonly ErrorScenario[] = Object.freeze(
  (JSON.parse(readFileSync(join(packageRoot, 'fixtures', 'seeds', 'error-scenarios.json'), 'utf8')) as { scenarios: ErrorScenario[] }).scenarios,
);

/** The five scenario payloads alone, in scenario order. */
export const scenarioPayloads: readonly ErrorPayload[] = Object.freeze(scenarios.map((s) => s.payload));
