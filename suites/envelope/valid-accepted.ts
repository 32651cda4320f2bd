import { acceptedEnvelope, type EnvelopeCase } from '../../generators/envelope/envelope.js';
import { verdictCheck } from '../../src/engine/kinds/verdict.js';
import { validEnvelopeFixture } from './fixtures.js';
import { ENVELOPE_VERDICTS } from './verdicts.js';

/**
 * ENV-VALID-ACCEPTED: valid envelopes of every profile, with every hard case the generators reach;
 * its `uai.error.v1` envelopes are valid extended error payloads too (D-ENV-15).
 */
export const envValidAccepted = verdictCheck<EnvelopeCase>({
  id: 'ENV-VALID-ACCEPTED',
  title: 'Valid envelopes of every profile are accepted',
  suite: 'envelope',
  severity: 'MUST',
  statement:
    "A validator accepts every valid envelope of every registry profile: any Unicode in text fields, relative URI references, identifiers of any shape the grammar allows, the seeds' placeholder or the right checksum, an expiry still ahead of the clock, and `uai.error.v1` bodies that are valid extended error payloads (001 §Campos obligatorios; 004 §必填字段; D-ENV-01 to D-ENV-08, D-ENV-14, D-ENV-15).",
  specRef: '001 §Campos obligatorios; 004 §必填字段; notes §Profile body fields',
  decisions: [
    'D-ENV-01',
    'D-ENV-02',
    'D-ENV-03',
    'D-ENV-04',
    'D-ENV-05',
    'D-ENV-06',
    'D-ENV-07',
    'D-ENV-08',
    'D-ENV-14',
    'D-ENV-15',
    'D-INT-01',
    'D-INT-02',
  ],
  verdicts: ENVELOPE_VERDICTS,
  cases: {
    arbitrary: (spec) => acceptedEnvelope(spec),
    show: (c) => ({ profile: c.profile, now: c.now, sealing: c.sealing, packet: c.packet }),
    tags: (c) => ['valid', `profile:${c.profile}`, `sealing:${c.sealing}`],
    fixture: validEnvelopeFixture,
  },
  args: (c) => [c.packet, { now: c.now }],
  expect: () => ({ valid: true, params: {}, expected: { valid: true } }),
});
