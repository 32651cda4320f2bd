import { badCorrelationId } from '../../generators/envelope/mutators/format.js';
import { mutated } from '../../generators/envelope/mutators/mutation.js';
import { verdictCheck } from '../../src/engine/kinds/verdict.js';
import { ENVELOPE_VERDICTS, envelopeRejections, rule } from './verdicts.js';

/** ENV-CORRELATION-ID: A missing or malformed correlation id is rejected. */
export const envCorrelationId = verdictCheck({
  id: 'ENV-CORRELATION-ID',
  suite: 'envelope',
  severity: 'MUST',
  statement:
    'An envelope whose `conversation.correlation_id` is missing, blank, has whitespace or control characters inside, or is not a string is invalid (001 §Expectativas de validación #4; D-ENV-01).',
  title: 'A missing or malformed correlation id is rejected',
  specRef: rule(4),
  decisions: ['D-ENV-01'],
  verdicts: ENVELOPE_VERDICTS,
  ...envelopeRejections((spec) => mutated(spec, badCorrelationId)),
});
