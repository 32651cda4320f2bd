import { describe, expect, it } from 'vitest';
import { referenceFor } from '../../../src/adapters/reference.js';
import { runChecks } from '../../../src/api/run.js';
import { bundledSpec, withOverrides } from '../../../src/spec/index.js';
import { uasSuite } from '../../../suites/uas/index.js';
import { alternatives } from '../../spec/overrides/uas.js';

/** Every alternative decision of test/spec/overrides/uas.ts at once: they compose. */
const allAlternatives = Object.fromEntries(Object.entries(alternatives).map(([key, { value }]) => [key, value]));

describe('the UAS suite under overridden spec data (--spec-dir)', () => {
  it('draws, judges and verifies by the same data, every decision overridden at once: the reference for that data passes', {
    timeout: 300_000,
  }, async () => {
    const spec = withOverrides(bundledSpec(), { uas: allAlternatives });
    const report = await runChecks({
      checks: uasSuite,
      adapter: referenceFor(spec),
      spec,
      seed: 42,
      runs: 50,
      adapterSpec: 'reference',
    });
    expect(
      report.checks
        .filter((c) => c.status !== 'passed')
        .map((c) => ({ id: c.id, status: c.status, failure: c.status === 'failed' ? c.failure.message : undefined })),
    ).toEqual([]);
  });

  it('is not passed by a verifier of the bundled data', { timeout: 300_000 }, async () => {
    const spec = withOverrides(bundledSpec(), { uas: { childOrder: alternatives.childOrder!.value } });
    const report = await runChecks({
      checks: uasSuite.filter((c) => c.id === 'VAL-VALID-ACCEPTED'),
      adapter: referenceFor(bundledSpec()),
      spec,
      seed: 42,
      runs: 50,
      adapterSpec: 'reference',
    });
    expect(report.checks[0]!.status).toBe('failed');
  });

  it('refuses to override what seed 003 states (the root element, the closed role set)', () => {
    expect(() => withOverrides(bundledSpec(), { uas: { rootElement: 'UAS_Artifact' } })).toThrow(
      /"rootElement" is not a decision of the pack/,
    );
    expect(() => withOverrides(bundledSpec(), { uas: { baseRoles: ['CLAIM'] } })).toThrow(
      /"baseRoles" is not a decision of the pack/,
    );
  });
});
