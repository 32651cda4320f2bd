import { referenceAdapter } from '../../src/adapters/reference.js';
import { definePackTests } from '../../src/vitest.js';

/**
 * The helper as an implementer uses it: one line registers one vitest test per check id. Here
 * against the bundled reference adapter, which must pass every check it has the members for.
 */
definePackTests({
  adapter: referenceAdapter,
  adapterSpec: 'reference',
  seed: 7,
  runs: 10,
  suites: ['envelope', 'integrity', 'wire', 'error'],
  name: 'reference adapter via definePackTests',
});
