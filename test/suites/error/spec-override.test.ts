import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { referenceFor } from '../../../src/adapters/reference.js';
import { runChecks } from '../../../src/api/run.js';
import { bundledSpec, withOverrides } from '../../../src/spec/index.js';
import { errorSuite } from '../../../suites/error/index.js';
import { nonRegistryCode } from '../../../generators/error/non-registry-code.js';
import { cli, tempDir } from '../../helpers/cli.js';
import { alternatives } from '../../spec/overrides/error.js';

/** Every alternative decision of test/spec/overrides/error.ts at once: they compose. */
const allAlternatives = Object.fromEntries(Object.entries(alternatives).map(([key, { value }]) => [key, value]));
const SIX = bundledSpec().error.registry.codes;

describe('the error suite under overridden spec data (--spec-dir)', () => {
  it('takes codes a spec folder adds to the registry as registry codes: drawn as valid, never planted as foreign, their numeric status never compared', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'spec'));
    writeFileSync(
      join(dir, 'spec', 'error.json'),
      JSON.stringify({ registry: { codes: [...SIX, 'rate_limited', 'timeout'] } }),
    );
    const r = await cli(
      [
        '--adapter',
        'reference',
        '--suite',
        'error',
        '--runs',
        '100',
        '--seed',
        '3',
        '--spec-dir',
        'spec',
        '--out',
        'o',
        '-q',
      ],
      dir,
    );
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(readFileSync(join(dir, 'o', 'report.json'), 'utf8'));
    expect(
      report.checks.filter((c: { status: string }) => c.status !== 'passed').map((c: { id: string }) => c.id),
    ).toEqual([]);
    expect(Object.keys(report.checks.find((c: { id: string }) => c.id === 'ERR-VALID-ACCEPTED').evidence.tags)).toEqual(
      expect.arrayContaining(['code:rate_limited', 'code:timeout']),
    );
    const spec = withOverrides(bundledSpec(), { error: { registry: { codes: [...SIX, 'rate_limited', 'timeout'] } } });
    const planted = fc
      .sample(nonRegistryCode(spec.error), { seed: 3, numRuns: 500 })
      .map((c) => (c.payload as { body: { code: string } }).body.code);
    expect(planted.filter((c) => c === 'rate_limited' || c === 'timeout')).toEqual([]);
  });

  it('draws, judges and validates by the same data, every decision overridden at once: the reference for that data passes', async () => {
    const spec = withOverrides(bundledSpec(), { error: allAlternatives });
    const report = await runChecks({
      checks: errorSuite,
      adapter: referenceFor(spec),
      spec,
      seed: 42,
      runs: 60,
      adapterSpec: 'reference',
    });
    expect(
      report.checks
        .filter((c) => c.status !== 'passed')
        .map((c) => ({ id: c.id, status: c.status, failure: c.status === 'failed' ? c.failure.message : undefined })),
    ).toEqual([]);
  });

  // The bundled validator rejects most payloads of the other data for one reason or another, so
  // it passes the rejection checks by accident; what it cannot pass is accepting them.
  it('is not passed by a validator of the bundled data', async () => {
    const spec = withOverrides(bundledSpec(), { error: allAlternatives });
    const report = await runChecks({
      checks: errorSuite,
      adapter: referenceFor(bundledSpec()),
      spec,
      seed: 42,
      runs: 60,
      adapterSpec: 'reference',
    });
    expect(report.checks.filter((c) => c.status === 'failed').map((c) => c.id)).toEqual(
      expect.arrayContaining(['ERR-VALID-ACCEPTED', 'ERR-REGISTRY-CODE']),
    );
  });
});
