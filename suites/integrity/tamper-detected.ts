import { tamperedEnvelope } from '../../generators/envelope/mutators/integrity.js';
import { verdictCheck } from '../../src/engine/kinds/verdict.js';
import { ENVELOPE_VERDICTS, envelopeRejections } from '../envelope/verdicts.js';

/** INT-TAMPER-DETECTED: a recorded checksum that does not match the content makes the envelope invalid. */
export const intTamperDetected = verdictCheck({
  id: 'INT-TAMPER-DETECTED',
  title: 'An envelope whose recorded checksum does not match its content is rejected',
  suite: 'integrity',
  severity: 'MUST',
  statement:
    "An envelope whose `integrity.checksum` is neither the seeds' placeholder `sha256:fixture-hash-recorded-by-validator` nor exactly the checksum of its own content (an edit after sealing, even one a normalizing hash would not see: NFD text, padding white space, a null or `__proto__` member, reordered items; a hash of non-canonical JSON or of the other scope; the right digest without its `sha256:` prefix, padded, cut short; the case of the hex digits is not tested) is invalid (001 §Expectativas de confianza y procedencia; notes §No-op trigger catalog, provenance_mismatch; D-INT-01, D-INT-02).",
  specRef:
    '001 §Expectativas de confianza y procedencia (integrity preserves what was reviewed); notes §No-op trigger catalog (provenance_mismatch)',
  decisions: ['D-INT-01', 'D-INT-02'],
  verdicts: ENVELOPE_VERDICTS,
  ...envelopeRejections(tamperedEnvelope),
});
