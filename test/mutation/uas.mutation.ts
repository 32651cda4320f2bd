import { describe, expect, it } from 'vitest';
import { referenceFor } from '../../src/adapters/reference.js';
import { runChecks } from '../../src/api/run.js';
import { bundledSpec, withOverrides } from '../../src/spec/index.js';
import { uasSuite } from '../../suites/uas/index.js';
import { alternatives } from '../spec/overrides/uas.js';
import { allAlternatives, eachCheckAgainstReference, MUTATION_RUN } from './reference-checks.js';

/** The uas suite against the (possibly mutated) reference: one test per check, then each again under every alternative decision of its spec file (`npm run mutation`). */
describe('uas suite against the reference', () =>
  eachCheckAgainstReference(uasSuite, {
    under: { name: 'every alternative of test/spec/overrides/uas.ts', spec: allAlternatives('uas', alternatives) },
  }));

/**
 * The centrality's normalization is a decision (D-UAS-10, override key `centralityNormalization`)
 * with more readings than the one of the alternatives file (n - 1 over units and concepts): the
 * reference's code for the others (n - 1 over every kind, a largest degree taken over concepts)
 * runs only under them, so valid documents are also drawn and judged under two more.
 */
const NORMALIZATIONS = {
  'n-minus-1 over every kind': { divideBy: 'n-minus-1', over: ['unit', 'concept', 'edge'] },
  'max-degree over concepts': { divideBy: 'max-degree', over: ['concept'] },
} as const;

describe('uas valid documents under other centrality normalizations', () => {
  const valid = uasSuite.find((c) => c.id === 'VAL-VALID-ACCEPTED')!;
  for (const [name, value] of Object.entries(NORMALIZATIONS)) {
    it(`[${valid.id}] ${name}`, async () => {
      const spec = withOverrides(bundledSpec(), { uas: { centralityNormalization: value } });
      const report = await runChecks({
        checks: [valid],
        adapter: referenceFor(spec),
        spec,
        ...MUTATION_RUN,
        catalogHash: 'mutation-run',
        verdictOnly: true,
      });
      const entry = report.checks[0]!;
      expect(
        entry.status,
        `${valid.id} under ${name}: ${entry.status === 'failed' ? entry.failure.message : entry.status}`,
      ).toBe('passed');
    });
  }
});
