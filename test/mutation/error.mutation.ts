import { describe } from 'vitest';
import { errorSuite } from '../../suites/error/index.js';
import { alternatives } from '../spec/overrides/error.js';
import { allAlternatives, eachCheckAgainstReference } from './reference-checks.js';

/** The error suite against the (possibly mutated) reference: one test per check, then each again under every alternative decision of its spec file (`npm run mutation`). */
describe('error suite against the reference', () =>
  eachCheckAgainstReference(errorSuite, {
    freshSpec: true,
    under: { name: 'every alternative of test/spec/overrides/error.ts', spec: allAlternatives('error', alternatives) },
  }));
