import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CaseResult } from '../../src/engine/check.js';
import { encodeCase } from '../../src/model/fixtures.js';
import { createHarness } from '../../src/engine/harness.js';
import { toJsonSafe } from '../../src/engine/json-safe.js';
import type { Adapter } from '../../src/contract/adapter.js';
import { referenceAdapter } from '../../src/adapters/reference.js';
import { allChecks } from '../../suites/index.js';
import { brokenErrorAdapters } from '../error/broken-adapters.js';
import { brokenRecoveryAdapters } from '../recovery/broken-policies.js';
import { brokenUasAdapters } from '../uas/broken-adapters.js';

const NOW = '2026-06-01T00:00:00Z';
const SUITES = ['error', 'uas', 'recovery'];
const BROKEN: Record<string, Adapter> = { ...brokenErrorAdapters, ...brokenUasAdapters, ...brokenRecoveryAdapters };
const checks = allChecks.filter((c) => SUITES.includes(c.suite));
/** Decoded cases the broken adapters failed, per suite: the comparison covered failure reports too. */
const brokenFailures = new Map<string, number>();

/** What a fixture run compares: the verdict, and on failure the whole report entry as JSON. */
const asReported = (r: CaseResult) => toJsonSafe(r);

/**
 * The pack-wide round trip (test/core6) compares decoded cases on the reference and only the
 * pass/fail of envelope breakers; here every decoded case of these suites must give the very same
 * result, message, expected and actual (for recovery: the same message trace) on the reference
 * and on the broken adapter written for its check.
 */
describe('error, UAS and recovery fixture codecs', () => {
  it('every check of the three suites has a codec, and a broken adapter to judge it by', () => {
    expect(checks.length).toBe(40);
    expect(checks.filter((c) => !c.fixture).map((c) => c.id)).toEqual([]);
    expect(checks.filter((c) => !BROKEN[c.id]).map((c) => c.id)).toEqual([]);
  });

  for (const check of checks.filter((c) => c.fixture)) {
    it(`${check.id}: a decoded fixture runs exactly as the case it came from`, async () => {
      const broken = BROKEN[check.id]!;
      const adapters = [referenceAdapter, broken];
      const harnesses = await Promise.all(adapters.map(async (a) => createHarness(a, await a.describe(), { timeoutMs: 10_000, now: NOW })));
      let exported = 0;
      for (const input of fc.sample(check.arbitrary(), { seed: 11, numRuns: 6 })) {
        const enc = encodeCase(check, check.fixture!.encode(input, { now: NOW }), { now: NOW });
        if (!enc) continue;
        exported += 1;
        // What `fixtures run` does: the record read back from JSON, byte files from disk.
        const record = JSON.parse(JSON.stringify(enc.record));
        const files = (v: unknown): unknown =>
          Array.isArray(v) ? v.map(files) : v && typeof v === 'object' ? ('$file' in v ? enc.files.get((v as { $file: string }).$file) : Object.fromEntries(Object.entries(v).map(([k, x]) => [k, files(x)]))) : v;
        const decoded = check.fixture!.decode({ input: files(record.input), expected: files(record.expected), description: record.description });
        for (const h of harnesses) {
          const [a, b] = [await check.run(decoded, h), await check.run(input, h)];
          expect(asReported(a)).toEqual(asReported(b));
          if (h === harnesses[1] && !a.pass) brokenFailures.set(check.suite, (brokenFailures.get(check.suite) ?? 0) + 1);
        }
        expect((await check.run(decoded, harnesses[0]!)).pass).toBe(true);
      }
      expect(exported).toBeGreaterThan(0);
    });
  }

  it('the broken adapters failed decoded cases of every suite, with the same report as the originals', () => {
    for (const suite of SUITES) expect(brokenFailures.get(suite) ?? 0, suite).toBeGreaterThan(0);
  });
});
