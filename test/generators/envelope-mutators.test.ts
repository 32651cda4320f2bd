import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MutatedCase } from '../../generators/envelope/mutators/mutation.js';
import { validateEnvelope } from '../../src/reference/envelope/validate.js';
import { allChecks } from '../../suites/index.js';

/**
 * Each mutator breaks its rule and only its rule: the reference rejects every mutated case, and
 * every finding names that rule (a removed correlation id is also reported under its own rule).
 */
const allowed: Record<string, string[]> = {
  'ENV-REQUIRED-FIELDS': ['ENV-REQUIRED-FIELDS', 'ENV-CORRELATION-ID', 'ENV-IDEMPOTENCY-KEY', 'ENV-FALLBACK-DIRECTIVE'],
};

const rejectionChecks = allChecks.filter((c) => ['envelope', 'integrity'].includes(c.suite) && !['ENV-VALID-ACCEPTED', 'ENV-SEED-FIXTURES', 'INT-CHECKSUM'].includes(c.id));

describe('envelope mutators', () => {
  for (const check of rejectionChecks) {
    it(`${check.id}: every case is rejected by the reference for that rule alone`, () => {
      fc.assert(
        fc.property(check.arbitrary() as fc.Arbitrary<MutatedCase>, (c) => {
          const v = validateEnvelope(c.packet, { now: c.now });
          expect(v.valid, c.note).toBe(false);
          const ids = new Set((v.findings ?? []).map((f) => f.checkId));
          expect([...ids].filter((id) => !(allowed[check.id] ?? [check.id]).includes(id!)), c.note).toEqual([]);
        }),
        { numRuns: 150, seed: 3 },
      );
    });

    it(`${check.id}: same seed, same cases`, () => {
      const a = fc.sample(check.arbitrary(), { seed: 11, numRuns: 10 });
      expect(fc.sample(check.arbitrary(), { seed: 11, numRuns: 10 })).toEqual(a);
    });
  }
});
