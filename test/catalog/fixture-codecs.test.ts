import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { referenceAdapter } from '../../src/adapters/reference.js';
import { packCatalog } from '../../src/api/catalog.js';
import type { Adapter } from '../../src/contract/adapter.js';
import type { CheckDefinition } from '../../src/engine/check.js';
import { executeCase } from '../../src/engine/execute.js';
import { createHarness } from '../../src/engine/harness.js';
import { toJsonSafe } from '../../src/engine/json-safe.js';
import { encodeCase } from '../../src/model/fixtures.js';
import { bundledSpec } from '../../src/spec/index.js';
import type { BrokenRegistry } from '../helpers/broken.js';

/**
 * Every check's cases leave the pack as portable fixtures and come back unchanged: a decoded case,
 * read back from JSON and byte files as `fixtures run` reads it, gives the very same outcome
 * (verdict, message, expected, actual) as the case it came from, on the reference and on the
 * adapter broken for the check.
 */
const NOW = '2026-06-01T00:00:00Z';
const spec = bundledSpec();
const galleries = import.meta.glob<{ broken: BrokenRegistry }>('../suites/*/broken.ts', { eager: true });
const broken: BrokenRegistry = Object.assign({}, ...Object.values(galleries).map((m) => m.broken));
const checks = packCatalog().checks;

/** What `fixtures run` reads: the record as JSON, `$file` references as the bytes written. */
function roundTrip(check: CheckDefinition, input: unknown): unknown | undefined {
  const enc = encodeCase(check, check.fixture!.encode(input, { now: NOW, spec }), { now: NOW });
  if (!enc) return undefined;
  const record = JSON.parse(JSON.stringify(enc.record));
  const files = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(files)
      : v && typeof v === 'object'
        ? '$file' in v
          ? enc.files.get((v as { $file: string }).$file)
          : Object.fromEntries(Object.entries(v).map(([k, x]) => [k, files(x)]))
        : v;
  return check.fixture!.decode(
    { input: files(record.input), expected: files(record.expected), description: record.description },
    { spec },
  );
}

describe('fixture codecs', () => {
  it('every check of the catalog has one', () => {
    expect(checks.filter((c) => !c.fixture).map((c) => c.id)).toEqual([]);
  });

  for (const check of checks.filter((c) => c.fixture)) {
    it(`${check.id}: a decoded fixture runs exactly as the case it came from`, async () => {
      const adapters: Adapter[] = [referenceAdapter, ...(Object.hasOwn(broken, check.id) ? [broken[check.id]!] : [])];
      const harnesses = await Promise.all(
        adapters.map(async (a) => createHarness(a, await a.describe(), { timeoutMs: 10_000, now: NOW, spec })),
      );
      let exported = 0;
      for (const input of fc.sample(check.arbitrary(spec), { seed: 11, numRuns: 6 })) {
        const decoded = roundTrip(check, input);
        if (decoded === undefined) continue; // not plain JSON: never exported
        exported += 1;
        for (const h of harnesses)
          expect(toJsonSafe(await executeCase(check, decoded, h))).toEqual(
            toJsonSafe(await executeCase(check, input, h)),
          );
        expect((await executeCase(check, decoded, harnesses[0]!)).status).toBe('passed');
      }
      expect(exported).toBeGreaterThan(0);
    });
  }
});
