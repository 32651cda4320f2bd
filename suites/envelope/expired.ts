import { mutated } from '../../generators/envelope/mutators/mutation.js';
import { expired } from '../../generators/envelope/mutators/policy.js';
import { verdictCheck } from '../../src/engine/kinds/verdict.js';
import { ENVELOPE_VERDICTS, envelopeRejections, rule } from './verdicts.js';

/** ENV-EXPIRED: An envelope at or past its expiry (against context.now) is rejected. */
export const envExpired = verdictCheck({
  id: 'ENV-EXPIRED',
  suite: 'envelope',
  severity: 'MUST',
  statement:
    "An envelope whose `delivery.expires_at` is at or before the validators' clock (`context.now`) is invalid (001 §Expectativas de validación #7; D-ENV-07).",
  title: 'An envelope at or past its expiry (against context.now) is rejected',
  specRef: rule(7),
  decisions: ['D-ENV-07'],
  verdicts: ENVELOPE_VERDICTS,
  ...envelopeRejections((spec) => mutated(spec, expired(spec.envelope))),
});
