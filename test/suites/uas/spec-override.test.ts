import { describe, expect, it } from 'vitest';
import { referenceFor } from '../../../src/adapters/reference.js';
import { runChecks } from '../../../src/api/run.js';
import { bundledSpec, withOverrides } from '../../../src/spec/index.js';
import { uasSuite } from '../../../suites/uas/index.js';

describe('the UAS suite under overridden spec data (--spec-dir)', () => {
  it('draws, judges and verifies by the same data: the reference for that data passes', { timeout: 300_000 }, async () => {
    const spec = withOverrides(bundledSpec(), { uas: { spanEnd: 'inclusive', rootElement: 'UAS_Artifact', centralityNormalization: 'n-minus-1' } });
    const report = await runChecks({ checks: uasSuite, adapter: referenceFor(spec), spec, seed: 42, runs: 50, adapterSpec: 'reference' });
    expect(report.checks.filter((c) => c.status !== 'passed').map((c) => ({ id: c.id, status: c.status, failure: c.status === 'failed' ? c.failure.message : undefined }))).toEqual([]);
  });

  it('is not passed by a verifier of the bundled data', { timeout: 300_000 }, async () => {
    const spec = withOverrides(bundledSpec(), { uas: { rootElement: 'UAS_Artifact' } });
    const report = await runChecks({ checks: uasSuite.filter((c) => c.id === 'VAL-VALID-ACCEPTED'), adapter: referenceFor(bundledSpec()), spec, seed: 42, runs: 50, adapterSpec: 'reference' });
    expect(report.checks[0]!.status).toBe('failed');
  });
});
