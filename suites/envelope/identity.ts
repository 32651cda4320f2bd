import { malformedIdentity } from '../../generators/envelope/mutators/format.js';
import { mutated } from '../../generators/envelope/mutators/mutation.js';
import { verdictCheck } from '../../src/engine/kinds/verdict.js';
import { ENVELOPE_VERDICTS, envelopeRejections, rule } from './verdicts.js';

/** ENV-IDENTITY: A malformed source or target identity is rejected. */
export const envIdentity = verdictCheck({
  id: 'ENV-IDENTITY',
  suite: 'envelope',
  severity: 'MUST',
  statement:
    'An envelope whose `source` or `target` identity has a malformed `id` (blank, with whitespace or control characters inside, not a string) or `type` is invalid (001 §Expectativas de validación #3; D-ENV-01).',
  title: 'A malformed source or target identity is rejected',
  specRef: rule(3),
  decisions: ['D-ENV-01'],
  verdicts: ENVELOPE_VERDICTS,
  ...envelopeRejections((spec) => mutated(spec, malformedIdentity)),
});
