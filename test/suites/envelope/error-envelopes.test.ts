import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { errorReference } from '../../../src/reference/error/index.js';
import { bundledSpec } from '../../../src/spec/index.js';
import { envelopeSuite } from '../../../suites/envelope/index.js';
import { integritySuite } from '../../../suites/integrity/index.js';
import { wireSuite } from '../../../suites/wire/index.js';

/**
 * D-ENV-15: a `uai.error.v1` envelope carries seed 000's extended error body, so a valid one is a
 * valid extended error payload too. Every valid `uai.error.v1` envelope case of every envelope,
 * integrity and wire check is accepted by the reference's `validateError` (the error suite's rules:
 * registry code, numeric alignment, secrets...), with no finding of any rule, SHOULD ones included.
 */
const spec = bundledSpec();
const validateError = errorReference(spec).validateError;
const checks = [...envelopeSuite, ...integritySuite, ...wireSuite];

/** The keyed envelope a case carries (`packet`, or `keyed` for the seed fixtures). */
function packetOf(input: unknown): Record<string, unknown> | undefined {
  const c = input as { packet?: Record<string, unknown>; keyed?: Record<string, unknown> };
  return c.packet ?? c.keyed;
}

describe('valid uai.error.v1 envelopes of the envelope, integrity and wire checks', () => {
  for (const check of checks) {
    it(`${check.id}: every valid uai.error.v1 envelope it draws is a valid extended error payload`, async () => {
      let drawn = 0;
      let generated = false;
      for (const input of fc.sample(check.arbitrary(spec), { seed: 12, numRuns: 100 })) {
        const tags = check.tags?.(input) ?? [];
        if (!tags.includes('valid')) continue;
        generated ||= tags.some((t) => t.startsWith('profile:'));
        const packet = packetOf(input);
        if (packet?.profile !== 'uai.error.v1') continue;
        drawn++;
        expect(await validateError(packet, { now: '2026-06-01T00:00:00Z' }), JSON.stringify(packet.body)).toEqual({
          valid: true,
          findings: [],
        });
      }
      // A check drawing generated envelopes of every profile reaches the error profile too.
      if (generated) expect(drawn).toBeGreaterThan(0);
    });
  }
});
