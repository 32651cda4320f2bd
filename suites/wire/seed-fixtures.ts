import * as fc from 'fast-check';
import { jsonEqual } from '../../src/engine/json-equal.js';
import { exchangeCheck } from '../../src/engine/kinds/exchange.js';
import { type SeedFixture, seedFixtures } from '../../src/spec/seed-fixtures.js';
import { shown, WIRE_SPEC } from './common.js';
import { wireSeedFixture } from './fixtures.js';

/** WIRE-SEED-FIXTURES: each seed's keyed fixture maps to exactly its published keyless arrays, and back. */
export const wireSeedFixtures = exchangeCheck<SeedFixture>({
  id: 'WIRE-SEED-FIXTURES',
  title: "The seeds' keyed fixtures map to exactly their published keyless arrays, and back",
  suite: 'wire',
  severity: 'MUST',
  statement:
    "`toKeyless` maps each seed's keyed fixture to exactly its published keyless arrays, and `fromKeyless` maps those arrays back to exactly the keyed fixture (001 §Formato de transferencia optimizado (sin llave); 004 §传输格式优化版（无键）; D-WIRE-01 to D-WIRE-03).",
  specRef: WIRE_SPEC,
  decisions: ['D-WIRE-01', 'D-WIRE-02', 'D-WIRE-03', 'D-ENV-06'],
  cases: {
    arbitrary: () => fc.constantFrom(...seedFixtures()),
    show: (f) => ({ fixture: f.name, keyed: f.keyed, keyless: f.keyless }),
    tags: (f) => ['valid', `fixture:${f.name}`],
    fixture: wireSeedFixture,
  },
  steps: [
    {
      member: 'toKeyless',
      refusal: 'rejects',
      args: (f) => [f.keyed],
      judge(a, f) {
        if (a.rejected)
          return { reason: 'encode-rejected', params: { fixture: f.name }, expected: f.keyless, actual: a };
        if (!jsonEqual(a.value, f.keyless))
          return { reason: 'encode-differs', params: { fixture: f.name }, expected: f.keyless, actual: a.value };
        return null;
      },
    },
    {
      member: 'fromKeyless',
      refusal: 'rejects',
      args: (f) => [f.keyless],
      judge(a, f) {
        if (a.rejected || !jsonEqual(a.value, f.keyed))
          return {
            reason: a.rejected ? 'decode-rejected' : 'decode-differs',
            params: { fixture: f.name },
            expected: f.keyed,
            actual: shown(a),
          };
        return null;
      },
    },
  ],
  messages: {
    'encode-rejected': (p: { fixture: string }) => `toKeyless rejected the published ${p.fixture} fixture`,
    'encode-differs': (p: { fixture: string }) =>
      `toKeyless of the ${p.fixture} fixture differs from the published keyless form`,
    'decode-rejected': (p: { fixture: string }) => `fromKeyless rejected the published ${p.fixture} keyless form`,
    'decode-differs': (p: { fixture: string }) =>
      `fromKeyless of the published ${p.fixture} keyless form differs from the keyed fixture`,
  },
  claim: (f) => ({ member: 'fromKeyless', args: [f.keyless], valid: true }),
});
