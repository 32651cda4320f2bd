import { mutated } from '../../generators/envelope/mutators/mutation.js';
import { undeclaredField } from '../../generators/envelope/mutators/structure.js';
import { verdictCheck } from '../../src/engine/kinds/verdict.js';
import { ENVELOPE_VERDICTS, envelopeRejections, rule } from './verdicts.js';

/** ENV-UNDECLARED-FIELD: An undeclared member, at the top level or inside any published object, is rejected. */
export const envUndeclaredField = verdictCheck({
  id: 'ENV-UNDECLARED-FIELD',
  suite: 'envelope',
  severity: 'MUST',
  statement:
    'An envelope carrying a member no schema declares, at the top level or inside any published object (body, delivery, a lineage step...), is invalid (001 §Campos adicionales, §Expectativas de validación #1; D-ENV-14).',
  title: 'An undeclared member, at the top level or inside any published object, is rejected',
  specRef: `001 §Campos adicionales; ${rule(1)}`,
  decisions: ['D-ENV-14', 'D-WIRE-02'],
  verdicts: ENVELOPE_VERDICTS,
  ...envelopeRejections((spec) => mutated(spec, undeclaredField(spec.envelope))),
});
