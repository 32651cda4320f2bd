import { describe } from 'vitest';
import { recoverySuite } from '../../suites/recovery/index.js';
import { eachCheckAgainstReference } from './reference-checks.js';

/** The recovery suite against the (possibly mutated) reference: one test per check (`npm run mutation`). */
describe('recovery suite against the reference', () => eachCheckAgainstReference(recoverySuite));
