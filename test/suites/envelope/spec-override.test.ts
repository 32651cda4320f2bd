import { describe, expect, it } from 'vitest';
import { runChecks } from '../../../src/api/run.js';
import { referenceAdapter, referenceFor } from '../../../src/adapters/reference.js';
import { bundledSpec, withOverrides } from '../../../src/spec/index.js';
import { envelopeSuite } from '../../../suites/envelope/index.js';
import { integritySuite } from '../../../suites/integrity/index.js';
import { wireSuite } from '../../../suites/wire/index.js';

/**
 * A spec override moves the generators, the judges and the reference together: here a blocker type
 * the bundled policy lets through without human review is made one that needs it.
 */
const bundled = bundledSpec();
const spec = withOverrides(bundled, {
  envelope: { policy: { ...bundled.envelope.policy, humanReviewBlockerTypes: [...bundled.envelope.policy.humanReviewBlockerTypes, 'dependency_unavailable'] } },
});
const checks = [...envelopeSuite, ...integritySuite, ...wireSuite];

describe('the envelope, integrity and wire suites under a spec override', () => {
  it('are passed by the reference built from the same spec, drawing the overridden cases', async () => {
    const report = await runChecks({ checks, adapter: referenceFor(spec), spec, seed: 5, runs: 40, adapterSpec: 'reference' });
    expect(report.checks.filter((c) => c.status !== 'passed').map((c) => c.id)).toEqual([]);
    const blocker = report.checks.find((c) => c.id === 'ENV-HUMAN-REVIEW-BLOCKER')!;
    expect(blocker.evidence?.tags['family:dependency_unavailable']).toBeGreaterThan(0);
  });

  it('catch the bundled reference, which does not know the override', async () => {
    const check = envelopeSuite.find((c) => c.id === 'ENV-HUMAN-REVIEW-BLOCKER')!;
    const report = await runChecks({ checks: [check], adapter: referenceAdapter, spec, seed: 5, runs: 40, adapterSpec: 'reference' });
    expect(report.checks[0]!.status).toBe('failed');
  });
});
