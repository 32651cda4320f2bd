import { describe } from 'vitest';
import { uasSuite } from '../../suites/uas/index.js';
import { eachCheckAgainstReference } from './reference-checks.js';

/** The uas suite against the (possibly mutated) reference: one test per check (`npm run mutation`). */
describe('uas suite against the reference', () => eachCheckAgainstReference(uasSuite));
