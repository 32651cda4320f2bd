import { describe, expect, it } from 'vitest';
import { ratioText, verdictOf } from '../../src/model/verdict.js';
import type { Adapter } from '../../src/contract/adapter.js';
import { acceptsAll, faultsOnLarge, runSynthetic, syntheticAdapter } from '../helpers/synthetic.js';

const refusesAll: Adapter = { ...syntheticAdapter, validateEnvelope: () => ({ valid: false }) };
const skipped = { ...acceptsAll, id: 'SYN-SKIPPED', requires: ['toKeyless' as const] };

describe("a report's verdict", () => {
  it('passes when every check that ran passed; skipped checks are left out of the ratio', async () => {
    const r = await runSynthetic({ checks: [acceptsAll, skipped], adapter: syntheticAdapter, seed: 1, runs: 5 });
    expect(verdictOf(r)).toMatchObject({
      state: 'pass',
      ran: 1,
      passed: 1,
      ratio: 1,
      text: 'all 1 check that ran passed',
    });
    expect(ratioText(r)).toBe('1/1 passed, 1 skipped');
  });

  it('fails on a MUST failure, warns on a SHOULD one, is empty when nothing ran and incomplete when interrupted', async () => {
    expect(verdictOf(await runSynthetic({ checks: [acceptsAll], adapter: refusesAll, seed: 1, runs: 5 })).state).toBe(
      'fail',
    );
    expect(
      verdictOf(await runSynthetic({ checks: [faultsOnLarge], adapter: syntheticAdapter, seed: 1, runs: 200 })).text,
    ).toBe('1 SHOULD check failed or errored');
    expect(
      verdictOf(await runSynthetic({ checks: [skipped], adapter: syntheticAdapter, seed: 1, runs: 5 })),
    ).toMatchObject({ state: 'empty', ratio: 0, text: 'no check ran' });
    expect(
      verdictOf(
        await runSynthetic({
          checks: [acceptsAll],
          adapter: syntheticAdapter,
          seed: 1,
          runs: 5,
          shouldStop: () => true,
        }),
      ).state,
    ).toBe('incomplete');
  });
});
