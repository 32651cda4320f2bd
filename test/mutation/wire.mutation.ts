import { describe } from 'vitest';
import { wireSuite } from '../../suites/wire/index.js';
import { eachCheckAgainstReference } from './reference-checks.js';

/** The wire suite against the (possibly mutated) reference: one test per check (`npm run mutation`). */
describe('wire suite against the reference', () => eachCheckAgainstReference(wireSuite));
