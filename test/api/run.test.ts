import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packCatalog, stampOf } from '../../src/api/catalog.js';
import { runChecks, runPack } from '../../src/api/run.js';
import { referenceAdapter } from '../../src/adapters/reference.js';
import type { Reporter } from '../../src/reporters/reporter.js';
import { bundledSpec, withOverrides } from '../../src/spec/index.js';
import { TOOL } from '../../src/io/package.js';

const out = () => join(mkdtempSync(join(tmpdir(), 'uaix-api-')), 'out');

describe('runPack', () => {
  it('runs the selection against the adapter, tells the reporters, and writes the report files', async () => {
    const events: string[] = [];
    const reporter: Reporter = {
      name: 'probe',
      onCheckStart: (c) => events.push(`start ${c.id}`),
      onCheckEnd: (r) => events.push(`end ${r.id} ${r.status}`),
      onRunEnd: (r) => events.push(`run end ${r?.summary.passed}`),
    };
    const dir = out();
    const { report, written, checks } = await runPack({
      adapter: referenceAdapter,
      adapterSpec: 'reference',
      seed: 3,
      runs: 5,
      checks: ['INT-*'],
      out: dir,
      reporters: [reporter],
    });
    expect(checks.map((c) => c.id)).toEqual(
      packCatalog()
        .select({ checks: ['INT-*'] })
        .map((c) => c.id),
    );
    expect(report.summary.passed).toBe(checks.length);
    expect(report.run.selection).toEqual({ suites: [], checks: ['INT-*'] });
    expect(report.run.catalogHash).toBe(stampOf(packCatalog().checks, bundledSpec()));
    expect(report.tool).toEqual(TOOL);
    expect(written.map((f) => f.slice(dir.length + 1))).toEqual([
      'report.json',
      'junit.xml',
      'report.html',
      'summary.md',
      'badge.json',
    ]);
    expect(JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8'))).toEqual(JSON.parse(JSON.stringify(report)));
    expect(events).toEqual([
      ...checks.flatMap((c) => [`start ${c.id}`, `end ${c.id} passed`]),
      `run end ${checks.length}`,
    ]);
  });

  it('loads an adapter named as the CLI names it, and writes nothing without an output folder', async () => {
    const { report, written } = await runPack({ adapter: 'reference', seed: 3, runs: 2, checks: ['INT-CHECKSUM'] });
    expect(report.adapter.spec).toBe('reference');
    expect(written).toEqual([]);
  });

  it('refuses before running: a replay of more than one check, and an output folder holding a report.json it did not write', async () => {
    await expect(
      runPack({ adapter: referenceAdapter, seed: 1, runs: 2, suites: ['integrity'], replayPath: '0' }),
    ).rejects.toThrow(/a replay needs exactly one check/);
    const dir = out();
    await runPack({ adapter: referenceAdapter, seed: 1, runs: 1, checks: ['INT-CHECKSUM'], out: dir });
    writeFileSync(join(dir, 'report.json'), '{"mine":1}');
    let ran = false;
    await expect(
      runPack({
        adapter: referenceAdapter,
        seed: 1,
        runs: 1,
        checks: ['INT-CHECKSUM'],
        out: dir,
        reporters: [{ name: 'x', onCheckStart: () => (ran = true) }],
      }),
    ).rejects.toThrow(/refusing to overwrite/);
    expect(ran).toBe(false);
    expect(readFileSync(join(dir, 'report.json'), 'utf8')).toBe('{"mine":1}');
  });

  it('tells the reporters the run ended even when it fails to start', async () => {
    let ended = false;
    await expect(
      runPack({
        adapter: {
          describe: () => {
            throw new Error('no');
          },
        },
        seed: 1,
        runs: 1,
        checks: ['INT-CHECKSUM'],
        reporters: [{ name: 'x', onRunEnd: () => (ended = true) }],
      }),
    ).rejects.toThrow(/describe\(\) failed/);
    expect(ended).toBe(true);
  });
});

describe('runChecks', () => {
  it('stamps the report with the checks it ran and the spec data the cases came from', async () => {
    const checks = packCatalog().select({ checks: ['INT-CHECKSUM'] });
    const spec = withOverrides(bundledSpec(), { envelope: { expiry: 'after' } });
    const a = await runChecks({ checks, adapter: referenceAdapter, seed: 1, runs: 2 });
    const b = await runChecks({ checks, adapter: referenceAdapter, seed: 1, runs: 2, spec });
    expect(a.run.catalogHash).toBe(stampOf(checks, bundledSpec()));
    expect(b.run.catalogHash).toBe(stampOf(checks, spec));
    expect(a.run.catalogHash).not.toBe(b.run.catalogHash);
    expect(
      (await runChecks({ checks, adapter: referenceAdapter, seed: 1, runs: 2, catalogHash: 'sha256:given' })).run
        .catalogHash,
    ).toBe('sha256:given');
  });
});
