import { defineCheck, fail, PASS } from '../../src/engine/check.js';
import type { Verdict } from '../../src/contract/adapter.js';
import { validEnvelope, type EnvelopeCase } from '../../generators/envelope/envelope.js';
import { validEnvelopeFixture } from './fixtures.js';

/** ENV-VALID-ACCEPTED: valid envelopes of every profile, with every hard case the generators reach. */
export const envValidAccepted = defineCheck<EnvelopeCase>({
  id: 'ENV-VALID-ACCEPTED',
  title: 'Valid envelopes of every profile are accepted',
  suite: 'envelope',
  severity: 'MUST',
  specRef: '001 §Campos obligatorios; 004 §必填字段; notes §Profile body fields',
  requires: ['validateEnvelope'],
  decisions: ['D-ENV-01', 'D-ENV-02', 'D-ENV-03', 'D-ENV-04', 'D-ENV-05', 'D-ENV-06', 'D-ENV-08', 'D-INT-02'],
  arbitrary: (spec) => validEnvelope(spec.envelope),
  async run(c, h) {
    const v = await h.invoke<Verdict>('validateEnvelope', [c.packet, { now: c.now }], 'verdict');
    return v.valid ? PASS : fail('rejected a valid envelope', { valid: true }, v);
  },
  show: (c) => ({ profile: c.profile, now: c.now, sealing: c.sealing, packet: c.packet }),
  tags: (c) => ['valid', `profile:${c.profile}`, `sealing:${c.sealing}`],
  claim: (c) => ({ member: 'validateEnvelope', args: [c.packet, { now: c.now }], valid: true }),
  fixture: validEnvelopeFixture,
});
