import { describe, expect, it } from 'vitest';
import { evaluateGate, EXPECTATIONS_FORMAT } from '../../src/model/gate.js';
import { renderGate } from '../../src/reporters/gate-text.js';
import type { Adapter } from '../../src/contract/adapter.js';
import { acceptsAll, runSynthetic, syntheticAdapter } from '../helpers/synthetic.js';

const refusesAll: Adapter = { ...syntheticAdapter, validateEnvelope: () => ({ valid: false }) };

describe('the gate as terminal lines', () => {
  it('names each new failure and stale entry, and ends with the verdict', async () => {
    const report = await runSynthetic({
      checks: [acceptsAll, { ...acceptsAll, id: 'SYN-SKIP', requires: ['toKeyless'] }],
      adapter: refusesAll,
      seed: 1,
      runs: 5,
    });
    const g = evaluateGate(
      report,
      {
        format: EXPECTATIONS_FORMAT,
        expectations: [{ check: 'SYN-GONE', outcome: 'fail', reason: 'old', issue: 'https://example.org/9' }],
      },
      { today: '2026-06-15', catalogIds: ['SYN-ACCEPTS', 'SYN-SKIP'] },
    );
    expect(renderGate(g).split('\n')).toEqual([
      expect.stringMatching(/^NEW FAILURE SYN-ACCEPTS \[MUST\] failed: \d+ was refused$/),
      'STALE SYN-GONE (fail: old, https://example.org/9): matches no check of the catalog',
      'skipped, no expectation (not gating) SYN-SKIP: adapter does not implement toKeyless',
      'gate: FAILED (0 expected, 1 new failure, 1 stale)',
      '',
    ]);
    expect(renderGate(g, { allowStale: true })).toMatch(/matches no check of the catalog \(allowed by --allow-stale\)/);
  });
});
