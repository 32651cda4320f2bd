import { describe } from 'vitest';
import { envelopeSuite } from '../../suites/envelope/index.js';
import { eachCheckAgainstReference } from './reference-checks.js';

/** The envelope suite against the (possibly mutated) reference: one test per check (`npm run mutation`). */
describe('envelope suite against the reference', () => eachCheckAgainstReference(envelopeSuite));
