import type { CheckDefinition } from '../src/engine/check.js';
import { envelopeSuite } from './envelope/index.js';
import { errorSuite } from './error/index.js';
import { integritySuite } from './integrity/index.js';
import { recoverySuite } from './recovery/index.js';
import { uasSuite } from './uas/index.js';
import { wireSuite } from './wire/index.js';

/** Every suite of the pack, in catalog order. */
export const allChecks: CheckDefinition[] = [
  ...envelopeSuite,
  ...integritySuite,
  ...wireSuite,
  ...errorSuite,
  ...recoverySuite,
  ...uasSuite,
];
