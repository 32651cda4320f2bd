import { describe } from 'vitest';
import { integritySuite } from '../../suites/integrity/index.js';
import { eachCheckAgainstReference } from './reference-checks.js';

/** The integrity suite against the (possibly mutated) reference: one test per check (`npm run mutation`). */
describe('integrity suite against the reference', () => eachCheckAgainstReference(integritySuite));
