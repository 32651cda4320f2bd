import { mutated } from '../../generators/envelope/mutators/mutation.js';
import { unsupportedClaimAdded } from '../../generators/envelope/mutators/policy.js';
import { verdictCheck } from '../../src/engine/kinds/verdict.js';
import { ENVELOPE_VERDICTS, envelopeRejections, rule } from './verdicts.js';

/** ENV-UNSUPPORTED-CLAIM: An affirmative claim that UAIX hosts, syncs, orchestrates, writes, certifies or imports is rejected. */
export const envUnsupportedClaim = verdictCheck({
  id: 'ENV-UNSUPPORTED-CLAIM',
  suite: 'envelope',
  severity: 'MUST',
  statement:
    'An envelope with a sentence affirming that UAIX provides hosted messaging, automatic sync, runtime orchestration, repository writes, official adapters, certification or hosted import is invalid, while the same services named in the negative are no claim (001 §Expectativas de validación #8, §Límite de soporte; D-ENV-09).',
  title: 'An affirmative claim that UAIX hosts, syncs, orchestrates, writes, certifies or imports is rejected',
  specRef: rule(8, '; 001 §Límite de soporte'),
  decisions: ['D-ENV-09'],
  verdicts: ENVELOPE_VERDICTS,
  ...envelopeRejections((spec) => mutated(spec, unsupportedClaimAdded(spec.envelope))),
});
