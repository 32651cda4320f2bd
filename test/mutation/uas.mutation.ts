import { describe } from 'vitest';
import { uasSuite } from '../../suites/uas/index.js';
import { alternatives } from '../spec/overrides/uas.js';
import { allAlternatives, eachCheckAgainstReference } from './reference-checks.js';

/** The uas suite against the (possibly mutated) reference: one test per check, then each again under every alternative decision of its spec file (`npm run mutation`). */
describe('uas suite against the reference', () => eachCheckAgainstReference(uasSuite, { under: { name: 'every alternative of test/spec/overrides/uas.ts', spec: allAlternatives('uas', alternatives) } }));
