import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defineCheck, PASS, type CheckDefinition } from '../../src/engine/check.js';
import { encodeCase, fixtureBytes, readFixtureDir, resolveFiles, writeFixtures } from '../../src/model/fixtures.js';
import { toJsonSafe } from '../../src/engine/json-safe.js';
import { caseAt, replayCase } from '../../src/engine/replay.js';
import { runChecks } from '../../src/api/run.js';
import { stampOf } from '../../src/api/catalog.js';
import { createHarness } from '../../src/engine/harness.js';
import { referenceAdapter } from '../../src/adapters/reference.js';
import { allChecks } from '../../suites/index.js';
import { brokenEnvelopeAdapters } from '../broken/envelope-adapters.js';

const NOW = '2026-06-01T00:00:00Z';
const withCodec = allChecks.filter((c) => c.fixture);

describe('fixture codecs', () => {
  it('the envelope, integrity and wire checks all have one', () => {
    const suites = new Set(['envelope', 'integrity', 'wire']);
    expect(allChecks.filter((c) => suites.has(c.suite) && !c.fixture).map((c) => c.id)).toEqual([]);
  });

  for (const check of withCodec) {
    it(`${check.id}: encode, write as JSON, read, decode gives a case that runs as the original`, async () => {
      const info = await referenceAdapter.describe();
      const h = createHarness(referenceAdapter, info, { timeoutMs: 10_000, now: NOW });
      const broken = brokenEnvelopeAdapters[check.id];
      const hb = broken ? createHarness(broken, await broken.describe(), { timeoutMs: 10_000, now: NOW }) : undefined;
      for (const input of fc.sample(check.arbitrary(), { seed: 3, numRuns: 8 })) {
        const enc = encodeCase(check, check.fixture!.encode(input, { now: NOW }), { now: NOW });
        if (!enc) continue; // not plain JSON: never exported
        const record = JSON.parse(JSON.stringify(enc.record));
        const dir = mkdtempSync(join(tmpdir(), 'uaix-rt-'));
        for (const [rel, bytes] of enc.files) {
          mkdirSync(dirname(join(dir, rel)), { recursive: true });
          writeFileSync(join(dir, rel), bytes);
        }
        const decoded = check.fixture!.decode({ input: resolveFiles(record.input, dir, 'case'), expected: resolveFiles(record.expected, dir, 'case'), description: record.description });
        expect(await check.run(decoded, h)).toEqual(await check.run(input, h));
        if (hb) expect((await check.run(decoded, hb)).pass).toBe((await check.run(input, hb)).pass);
      }
    });
  }
});

describe('fixture files', () => {
  const bytesCheck = defineCheck<{ source: Uint8Array; artifact: string }>({
    id: 'UAS-SYNTH-BYTES',
    title: 'bytes as files',
    suite: 'uas',
    severity: 'MUST',
    specRef: '003 §synthetic',
    requires: ['verifyUas'],
    arbitrary: () => fc.constant({ source: new TextEncoder().encode('héllo\r\n'), artifact: '<a/>' }),
    run: async () => PASS,
    fixture: {
      encode: (c) => ({ input: { source: fixtureBytes(c.source, 'source.txt'), artifact: fixtureBytes(c.artifact, 'artifact.xml') }, expected: { valid: true } }),
      decode: (f) => {
        const i = f.input as { source: Uint8Array; artifact: Uint8Array };
        return { source: i.source, artifact: new TextDecoder().decode(i.artifact) };
      },
    },
  });

  it('bytes become a source file plus an artifact file, and come back byte for byte', () => {
    const dir = mkdtempSync(join(tmpdir(), 'uaix-fx-'));
    const c = { source: new TextEncoder().encode('héllo\r\n'), artifact: '<a/>' };
    const enc = encodeCase(bytesCheck, bytesCheck.fixture!.encode(c, { now: NOW }), { source: 'corpus' })!;
    expect(enc.record.input).toEqual({ source: { $file: `UAS-SYNTH-BYTES/${enc.record.id}.source.txt` }, artifact: { $file: `UAS-SYNTH-BYTES/${enc.record.id}.artifact.xml` } });
    writeFixtures(dir, new Map([[bytesCheck as CheckDefinition, [enc]]]));
    const [{ set }] = readFixtureDir(dir);
    const decoded = bytesCheck.fixture!.decode({ input: resolveFiles(set!.cases[0]!.input, dir, 'case'), expected: null });
    expect(decoded).toEqual(c);
    expect(() => resolveFiles({ $file: '../outside.txt' }, dir, 'case')).toThrow(/relative path inside the fixture folder/);
  });

  it('a case JSON cannot carry exactly is not exported', () => {
    expect(encodeCase(bytesCheck, { input: { n: NaN }, expected: true }, {})).toBeUndefined();
    expect(encodeCase(bytesCheck, { input: { n: 1 }, expected: undefined }, {})).toBeUndefined();
    expect(encodeCase(bytesCheck, { input: { n: -0 }, expected: true }, {})!.record.input).toEqual({ n: 0 });
  });
});

describe('reproducibility stamp', () => {
  const base = defineCheck<number>({ id: 'SYN-STAMP', title: 't', suite: 's', severity: 'MUST', specRef: '000 §s', requires: ['validateEnvelope'], arbitrary: () => fc.integer(), run: async () => PASS });

  it('is stable, and changes when a generator changes even though ids and spec refs do not', () => {
    expect(hashCatalog([base])).toBe(hashCatalog([base]));
    expect(hashCatalog([{ ...base, arbitrary: () => fc.integer({ min: 0, max: 9 }) }])).not.toBe(hashCatalog([base]));
    expect(hashCatalog([{ ...base, specRef: '000 §t' }])).not.toBe(hashCatalog([base]));
    expect(hashCatalog([base], { chunkRuns: 10 })).not.toBe(hashCatalog([base]));
  });

  it('replaying a report path gives exactly the case the report shows', async () => {
    const check = allChecks.find((c) => c.id === 'ENV-UTC-Z')!;
    const adapter = brokenEnvelopeAdapters['ENV-UTC-Z']!;
    const report = await runChecks({ checks: [check], adapter, seed: 21, runs: 30 });
    const failure = report.checks[0]!.failure!;
    const input = caseAt(check, 21, 30, failure.path);
    expect(toJsonSafe(check.show!(input))).toEqual(failure.counterexample);
    const again = await replayCase(check, adapter, { seed: 21, runs: 30, path: failure.path, now: NOW, timeoutMs: 10_000 });
    expect(again.outcome).toEqual({ status: 'failing', message: failure.message, expected: failure.expected, actual: failure.actual });
    expect((await replayCase(check, referenceAdapter, { seed: 21, runs: 30, path: failure.path, now: NOW, timeoutMs: 10_000 })).outcome).toEqual({ status: 'fixed' });
  });
});
