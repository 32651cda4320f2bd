import type { CheckDefinition } from '../src/engine/check.js';
import { envelopeSuite } from './envelope/index.js';
import { errorSuite } from './error/index.js';
import { integritySuite } from './integrity/index.js';
import { recoverySuite } from './recovery/index.js';
import { uasSuite } from './uas/index.js';
import { wireSuite } from './wire/index.js';

/**
 * The suites of the pack by name, in catalog order: the one list of them. `SUITE_MODULES`
 * (`./loaders.ts`, what a run loads from) is held to these names by the compiler.
 */
export const SUITES = {
  envelope: envelopeSuite,
  integrity: integritySuite,
  wire: wireSuite,
  error: errorSuite,
  recovery: recoverySuite,
  uas: uasSuite,
} as const satisfies Readonly<Record<string, readonly CheckDefinition[]>>;

/** Every check of the pack, in catalog order, for what needs every definition. */
export const allChecks: CheckDefinition[] = Object.values(SUITES).flat();
