import { type EnvelopeCase, validEnvelope } from '../../generators/envelope/envelope.js';
import { encodeKeyless } from '../../generators/wire/encode.js';
import { jsonEqual } from '../../src/engine/json-equal.js';
import { exchangeCheck } from '../../src/engine/kinds/exchange.js';
import { shown, WIRE_SPEC } from './common.js';
import { wireLayoutFixture } from './fixtures.js';

/**
 * WIRE-LAYOUT: generated envelopes encode to the pinned slot layout (as the pack's own encoder lays
 * it out from the spec), and the pinned layout decodes back.
 */
export const wireLayout = exchangeCheck<EnvelopeCase>({
  id: 'WIRE-LAYOUT',
  title: 'Generated envelopes of every profile encode to the pinned keyless slot order, and decode from it',
  suite: 'wire',
  severity: 'MUST',
  statement:
    '`toKeyless` writes the envelope and every object that travels as an array as the list of its slots in the pinned order (`keylessOrder`, else the declared field order), an absent member or a reserved slot as `null`, free-form objects unchanged; `fromKeyless` reads that layout back (001 §Formato de transferencia optimizado (sin llave); D-WIRE-01 to D-WIRE-03).',
  specRef: `${WIRE_SPEC} (field order follows the schema order)`,
  decisions: ['D-WIRE-01', 'D-WIRE-02', 'D-WIRE-03'],
  cases: {
    arbitrary: (spec) => validEnvelope(spec),
    show: (c) => ({ profile: c.profile, packet: c.packet }),
    tags: (c) => ['valid', `profile:${c.profile}`],
    fixture: wireLayoutFixture,
  },
  steps: [
    {
      member: 'toKeyless',
      refusal: 'rejects',
      args: (c) => [c.packet],
      judge(a, c, _before, spec) {
        const expected = encodeKeyless(spec.envelope, c.packet);
        if (a.rejected || !jsonEqual(a.value, expected))
          return { reason: 'encode-layout', params: {}, expected, actual: shown(a) };
        return null;
      },
    },
    {
      member: 'fromKeyless',
      refusal: 'rejects',
      args: (c, _before, spec) => [encodeKeyless(spec.envelope, c.packet)],
      judge(a, c) {
        if (a.rejected || !jsonEqual(a.value, c.packet))
          return { reason: 'decode-layout', params: {}, expected: c.packet, actual: shown(a) };
        return null;
      },
    },
  ],
  messages: {
    'encode-layout': () => 'toKeyless does not follow the pinned slot layout',
    'decode-layout': () => 'fromKeyless of the pinned layout does not give the keyed envelope back',
  },
  claim: (c, spec) => ({ member: 'fromKeyless', args: [encodeKeyless(spec.envelope, c.packet)], valid: true }),
});
