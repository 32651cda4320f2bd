import { badIdempotencyKey } from '../../generators/envelope/mutators/format.js';
import { mutated } from '../../generators/envelope/mutators/mutation.js';
import { verdictCheck } from '../../src/engine/kinds/verdict.js';
import { ENVELOPE_VERDICTS, envelopeRejections, rule } from './verdicts.js';

/** ENV-IDEMPOTENCY-KEY: A missing or malformed idempotency key is rejected. */
export const envIdempotencyKey = verdictCheck({
  id: 'ENV-IDEMPOTENCY-KEY',
  suite: 'envelope',
  severity: 'MUST',
  statement:
    'An envelope whose `delivery.idempotency_key` is missing, blank, has whitespace or control characters inside, or is not a string is invalid (001 §Expectativas de validación #5; D-ENV-01).',
  title: 'A missing or malformed idempotency key is rejected',
  specRef: rule(5),
  decisions: ['D-ENV-01'],
  verdicts: ENVELOPE_VERDICTS,
  ...envelopeRejections((spec) => mutated(spec, badIdempotencyKey)),
});
