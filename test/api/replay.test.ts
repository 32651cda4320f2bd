import { describe, expect, it } from 'vitest';
import { packCatalog, stampOf } from '../../src/api/catalog.js';
import { assertSameCatalog, replay } from '../../src/api/replay.js';
import { runPack } from '../../src/api/run.js';
import { referenceAdapter } from '../../src/adapters/reference.js';
import type { Adapter } from '../../src/contract/adapter.js';
import { bundledSpec, withOverrides } from '../../src/spec/index.js';

const wrongChecksum: Adapter = { ...referenceAdapter, computeChecksum: () => `sha256:${'0'.repeat(64)}` };
const check = packCatalog().get('INT-CHECKSUM')!;
const base = {
  check,
  adapterSpec: './x',
  seed: 4,
  runs: 10,
  timeoutMs: 10_000,
  now: '2026-06-01T00:00:00Z',
  spec: bundledSpec(),
};

describe('replay', () => {
  it('reruns the failing case once: STILL FAILING against the adapter that failed, FIXED against a fixed one', async () => {
    const { report } = await runPack({ adapter: wrongChecksum, seed: 4, runs: 10, checks: ['INT-CHECKSUM'] });
    const entry = report.checks[0]!;
    if (entry.status !== 'failed') throw new Error('expected a failure');
    const request = { ...base, path: entry.failure.path, expectedCase: entry.failure.counterexample };
    expect(await replay({ ...request, adapter: wrongChecksum })).toEqual({
      status: 'failing',
      message: entry.failure.message,
      expected: entry.failure.expected,
      actual: entry.failure.actual,
    });
    expect(await replay({ ...request, adapter: referenceAdapter })).toEqual({ status: 'fixed' });
    await expect(replay({ ...request, adapter: referenceAdapter, expectedCase: { other: 1 } })).rejects.toThrow(
      /the generators give another case at path/,
    );
  });

  it('reruns the cases of an errored check in order when there is no path', async () => {
    const throwing: Adapter = {
      ...referenceAdapter,
      computeChecksum: () => {
        throw new Error('down');
      },
    };
    expect(await replay({ ...base, adapter: throwing })).toEqual({
      status: 'errored',
      message: 'computeChecksum threw: down',
    });
    expect(await replay({ ...base, adapter: referenceAdapter })).toEqual({ status: 'fixed' });
  });

  it('refuses a report of another catalog, other generators or other spec data', async () => {
    const { report } = await runPack({ adapter: referenceAdapter, seed: 4, runs: 2, checks: ['INT-CHECKSUM'] });
    expect(() => assertSameCatalog(report, bundledSpec(), 'replay')).not.toThrow();
    expect(() =>
      assertSameCatalog(report, withOverrides(bundledSpec(), { envelope: { expiry: 'after' } }), 'replay'),
    ).toThrow(/^replay: the report was made by another check catalog, other generators or other spec data/);
    expect(() =>
      assertSameCatalog({ ...report, run: { ...report.run, catalogHash: stampOf([check]) } }, bundledSpec(), 'replay'),
    ).toThrow(/another check catalog/);
  });
});
