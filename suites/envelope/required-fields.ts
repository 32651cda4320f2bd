import { mutated } from '../../generators/envelope/mutators/mutation.js';
import { missingRequired } from '../../generators/envelope/mutators/structure.js';
import { verdictCheck } from '../../src/engine/kinds/verdict.js';
import { ENVELOPE_VERDICTS, envelopeRejections } from './verdicts.js';

/** ENV-REQUIRED-FIELDS: An envelope missing a required field (canonical, body or nested) is rejected. */
export const envRequiredFields = verdictCheck({
  id: 'ENV-REQUIRED-FIELDS',
  suite: 'envelope',
  severity: 'MUST',
  statement:
    'An envelope missing one of the twelve canonical fields, a body field its profile requires, or a required member of a published object inside it is invalid (001 §Campos obligatorios, §Campos de confiabilidad; 004 §必填字段; D-ENV-05).',
  title: 'An envelope missing a required field (canonical, body or nested) is rejected',
  specRef: '001 §Campos obligatorios; 004 §必填字段',
  decisions: ['D-ENV-05', 'D-ENV-06'],
  verdicts: ENVELOPE_VERDICTS,
  ...envelopeRejections((spec) => mutated(spec, missingRequired(spec.envelope))),
});
