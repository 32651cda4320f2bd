import { mutated } from '../../generators/envelope/mutators/mutation.js';
import { wrongValue } from '../../generators/envelope/mutators/types.js';
import { verdictCheck } from '../../src/engine/kinds/verdict.js';
import { ENVELOPE_VERDICTS, envelopeRejections, rule } from './verdicts.js';

/** ENV-FIELD-TYPE: A field holding a value of the wrong type, range or vocabulary (or a packet that is no object) is rejected. */
export const envFieldType = verdictCheck({
  id: 'ENV-FIELD-TYPE',
  suite: 'envelope',
  severity: 'MUST',
  statement:
    'An envelope that is no JSON object, or whose field holds a value its declared type does not admit (another JSON type, the value spelled as text, a number past its bound or not whole, a word outside its closed vocabulary, a blank or spaced token, a list too short or with an item of another type), is invalid: schema validation is strict (001 §Expectativas de validación #1; D-ENV-16).',
  title: 'A field holding a value of the wrong type, range or vocabulary (or a packet that is no object) is rejected',
  specRef: rule(1),
  decisions: ['D-ENV-16', 'D-ENV-01', 'D-ENV-02', 'D-ENV-03'],
  verdicts: ENVELOPE_VERDICTS,
  ...envelopeRejections((spec) => mutated(spec, wrongValue(spec.envelope))),
});
