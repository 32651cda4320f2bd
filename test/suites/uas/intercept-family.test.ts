import { describe, expect, it } from 'vitest';
import { interceptFamily, uasInterceptCase, type UasCase } from '../../../generators/uas/cases.js';
import { runChecks } from '../../../src/api/run.js';
import type { CheckDefinition } from '../../../src/engine/check.js';
import { caseAt } from '../../../src/engine/replay.js';
import { bundledSpec } from '../../../src/spec/index.js';
import { interceptPacket } from '../../../suites/uas/intercept-packet.js';
import { interceptSlips } from './by-family-text.js';

/**
 * The families of VAL-INTERCEPT-PACKET, each proven by the check's own judgement (its slips lie in
 * the packets, which the claims do not describe): a default run (seed 1, 100 cases) fails on a case
 * of the family, and a run of 100 cases of every other family passes.
 */
const check = interceptPacket as CheckDefinition<UasCase>;

/** The check drawing only the cases of families other than `family`. */
const without = (family: string): CheckDefinition<UasCase> => ({
  ...check,
  arbitrary: (spec) => uasInterceptCase(spec.uas).filter((c) => interceptFamily(c) !== family),
});

describe('the VAL-INTERCEPT-PACKET families', () => {
  for (const [family, adapter] of Object.entries(interceptSlips)) {
    it(`the ${family} family alone catches an adapter that ${adapter.describe().name}`, async () => {
      const [r] = (await runChecks({ checks: [check], adapter, seed: 1, runs: 100, adapterSpec: './broken' })).checks;
      expect(r!.status).toBe('failed');
      if (r!.status !== 'failed') return;
      expect(check.tags!(caseAt(check, bundledSpec(), 1, 100, r!.failure.path))).toContain(`family:${family}`);
      const [others] = (
        await runChecks({ checks: [without(family)], adapter, seed: 1, runs: 100, adapterSpec: './broken' })
      ).checks;
      expect(others!.status).toBe('passed');
    });
  }
});
