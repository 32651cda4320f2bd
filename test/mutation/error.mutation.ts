import { describe } from 'vitest';
import { errorSuite } from '../../suites/error/index.js';
import { eachCheckAgainstReference } from './reference-checks.js';

/** The error suite against the (possibly mutated) reference: one test per check (`npm run mutation`). */
describe('error suite against the reference', () => eachCheckAgainstReference(errorSuite, { freshSpec: true }));
