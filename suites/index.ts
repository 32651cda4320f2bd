import type { CheckDefinition } from '../src/engine/check.js';
import { SUITE_MODULES } from './loaders.js';

/**
 * Every check of the pack, in catalog order: each suite's module of `SUITE_MODULES` (the one list of
 * suites), loaded at once, for what needs every definition. A run loads only the suites it selects.
 */
export const allChecks: CheckDefinition[] = (
  await Promise.all(Object.values(SUITE_MODULES).map((load) => load()))
).flat();
