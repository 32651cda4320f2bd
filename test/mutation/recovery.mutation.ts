import { describe } from 'vitest';
import { recoverySuite } from '../../suites/recovery/index.js';
import { alternatives } from '../spec/overrides/recovery.js';
import { allAlternatives, eachCheckAgainstReference } from './reference-checks.js';

/** The recovery suite against the (possibly mutated) reference: one test per check, then each again under every alternative decision of its spec file (`npm run mutation`). */
describe('recovery suite against the reference', () =>
  eachCheckAgainstReference(recoverySuite, {
    under: {
      name: 'every alternative of test/spec/overrides/recovery.ts',
      spec: allAlternatives('recovery', alternatives),
    },
  }));
