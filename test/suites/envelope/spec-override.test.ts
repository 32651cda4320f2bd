import { describe, expect, it } from 'vitest';
import { runChecks } from '../../../src/api/run.js';
import { referenceAdapter, referenceFor } from '../../../src/adapters/reference.js';
import { bundledSpec, withOverrides } from '../../../src/spec/index.js';
import { envelopeSuite } from '../../../suites/envelope/index.js';
import { integritySuite } from '../../../suites/integrity/index.js';
import { wireSuite } from '../../../suites/wire/index.js';

/**
 * A spec override moves the generators, the judges and the reference together: here every decision
 * of spec/envelope.json at once takes its other reasonable value (envelopes still valid at the
 * instant of expiry, extra data allowed inside published objects, the whole integrity object left
 * out of the checksum, date-times with a lower-case `t` or `z`, memory proposals free to carry a
 * secret outside their body).
 */
const spec = withOverrides(bundledSpec(), {
  envelope: {
    expiry: 'after',
    undeclaredMembers: 'top-level',
    checksumScope: 'integrity-object',
    utcCase: 'any-case',
    secretScope: 'body',
  },
});
const checks = [...envelopeSuite, ...integritySuite, ...wireSuite];

describe('the envelope, integrity and wire suites under every envelope decision overridden', () => {
  it('are passed by the reference built from the same spec, drawing the overridden cases', async () => {
    const report = await runChecks({
      checks,
      adapter: referenceFor(spec),
      spec,
      seed: 5,
      runs: 40,
      adapterSpec: 'reference',
    });
    expect(report.checks.filter((c) => c.status !== 'passed').map((c) => c.id)).toEqual([]);
    const tags = (id: string) => Object.keys(report.checks.find((c) => c.id === id)!.evidence?.tags ?? {});
    const families = (id: string) =>
      tags(id)
        .filter((t) => t.startsWith('family:'))
        .sort();
    // Only the top level is closed: no family places a member inside a published object.
    expect(families('ENV-UNDECLARED-FIELD')).toEqual(['family:near-name', 'family:prototype-name', 'family:top-level']);
    expect(tags('ENV-EXPIRED')).not.toContain('family:at-expiry');
    expect(tags('ENV-UTC-Z')).not.toContain('family:lower-case');
    // Only the body is in the secrets rule's scope: no family places a secret elsewhere.
    expect(families('ENV-SECRET-IN-MEMORY')).toContain('family:other-body-text');
    for (const outside of ['envelope-text', 'deep-free-form', 'credential-member'])
      expect(families('ENV-SECRET-IN-MEMORY')).not.toContain(`family:${outside}`);
  });

  it('catch the bundled reference, which does not know the overrides', async () => {
    const report = await runChecks({
      checks,
      adapter: referenceAdapter,
      spec,
      seed: 5,
      runs: 40,
      adapterSpec: 'reference',
    });
    expect(
      report.checks
        .filter((c) => c.status === 'failed')
        .map((c) => c.id)
        .sort(),
    ).toEqual(['ENV-VALID-ACCEPTED', 'INT-CHECKSUM']);
  });
});
