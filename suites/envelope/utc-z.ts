import { notUtcZ } from '../../generators/envelope/mutators/format.js';
import { mutated } from '../../generators/envelope/mutators/mutation.js';
import { verdictCheck } from '../../src/engine/kinds/verdict.js';
import { ENVELOPE_VERDICTS, envelopeRejections, rule } from './verdicts.js';

/** ENV-UTC-Z: A date-time field without the trailing Z is rejected. */
export const envUtcZ = verdictCheck({
  id: 'ENV-UTC-Z',
  suite: 'envelope',
  severity: 'MUST',
  statement:
    'A date-time field written otherwise than in UTC with a trailing upper-case `Z` (`+00:00`, another offset, no designator) makes the envelope invalid, even when it names the same instant (001 §Expectativas de validación #2; D-ENV-04).',
  title: 'A date-time field without the trailing Z is rejected',
  specRef: rule(2),
  decisions: ['D-ENV-04'],
  verdicts: ENVELOPE_VERDICTS,
  ...envelopeRejections((spec) => mutated(spec, notUtcZ(spec.envelope))),
});
