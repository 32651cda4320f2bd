import type { CheckDefinition } from '../../src/engine/check.js';
import { conditionAction } from './condition-action.js';
import { configNoRetry } from './config-no-retry.js';
import { execParams } from './exec-params.js';
import { noSecrets } from './no-secrets.js';
import { numericAlign } from './numeric-align.js';
import { registryCode } from './registry-code.js';
import { schemaCheck } from './schema.js';
import { seedScenarios } from './seed-scenarios.js';
import { validAccepted } from './valid-accepted.js';

/** The error-payload suite (seed 000, extended `uai.error.v1`): the adapter's `validateError`. */
export const errorSuite: CheckDefinition[] = [
  validAccepted,
  seedScenarios,
  schemaCheck,
  registryCode,
  conditionAction,
  execParams,
  noSecrets,
  configNoRetry,
  numericAlign,
];
