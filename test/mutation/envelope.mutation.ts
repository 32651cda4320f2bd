import { describe } from 'vitest';
import { envelopeSuite } from '../../suites/envelope/index.js';
import { alternatives } from '../spec/overrides/envelope.js';
import { allAlternatives, eachCheckAgainstReference } from './reference-checks.js';

/**
 * The envelope suite against the (possibly mutated) reference: one test per check, then each again under every alternative decision of its spec file (`npm run mutation`).
 * `freshSpec`: the reference builds its schemas and claim patterns once per spec object, so without it every mutant of that code would be judged by the first check alone.
 */
describe('envelope suite against the reference', () =>
  eachCheckAgainstReference(envelopeSuite, {
    freshSpec: true,
    under: {
      name: 'every alternative of test/spec/overrides/envelope.ts',
      spec: allAlternatives('envelope', alternatives),
    },
  }));
