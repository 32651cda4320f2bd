import { MALFORMED_WIRE_FAMILIES, type MalformedWire, malformedWire } from '../../generators/wire/malformed.js';
import { exchangeCheck } from '../../src/engine/kinds/exchange.js';
import { WIRE_SPEC } from './common.js';
import { malformedWireFixture } from './fixtures.js';

/** WIRE-MALFORMED-REJECTED: wrong arity, wrong slot types, overflow and reserved slots are errors. */
export const wireMalformedRejected = exchangeCheck<MalformedWire>({
  id: 'WIRE-MALFORMED-REJECTED',
  title: 'Malformed keyless arrays (arity, slot types, overflow, reserved slots) are rejected, never decoded',
  suite: 'wire',
  severity: 'MUST',
  statement:
    '`fromKeyless` refuses (throws or rejects) input that is not an array, an array-encoded object with fewer or more slots than its layout, a slot of the wrong JSON type, a required slot set to `null`, or a reserved slot that is not `null` (001 §Formato de transferencia optimizado (sin llave); notes §Validator and conformance pack, keyless shape and overflow; D-WIRE-04).',
  specRef: `${WIRE_SPEC}; notes §Validator and conformance pack (keyless shape, keyless overflow)`,
  decisions: ['D-WIRE-02', 'D-WIRE-04'],
  cases: {
    arbitrary: (spec) => malformedWire(spec),
    show: (c) => ({ broken: c.note, profile: c.profile, wire: c.wire }),
    tags: (c) => ['adversarial', `family:${c.family}`, `profile:${c.profile}`],
    reach: () => MALFORMED_WIRE_FAMILIES.map((f) => `family:${f}`),
    fixture: malformedWireFixture,
  },
  steps: [
    {
      member: 'fromKeyless',
      refusal: 'rejects',
      args: (c) => [c.wire],
      judge: (a, c) =>
        a.rejected
          ? null
          : { reason: 'decoded', params: { note: c.note }, expected: 'an error (thrown or rejected)', actual: a.value },
    },
  ],
  messages: { decoded: (p: { note: string }) => `fromKeyless decoded a malformed keyless envelope (${p.note})` },
  claim: (c) => ({ member: 'fromKeyless', args: [c.wire], valid: false, breaks: ['WIRE-MALFORMED-REJECTED'] }),
});
