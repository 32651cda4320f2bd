import { mutated } from '../../generators/envelope/mutators/mutation.js';
import { unknownProfile } from '../../generators/envelope/mutators/structure.js';
import { verdictCheck } from '../../src/engine/kinds/verdict.js';
import { ENVELOPE_VERDICTS, envelopeRejections } from './verdicts.js';

/** ENV-PROFILE-KNOWN: An envelope naming a profile outside the registry is rejected. */
export const envProfileKnown = verdictCheck({
  id: 'ENV-PROFILE-KNOWN',
  suite: 'envelope',
  severity: 'MUST',
  statement:
    'An envelope whose `profile` is not exactly the name of a profile in the registry (a `.v2` of a known profile, an unregistered name, a non-string) is invalid (001 §Registros UAIX relacionados; D-ENV-13).',
  title: 'An envelope naming a profile outside the registry is rejected',
  specRef: '001 §Registros UAIX relacionados; notes §Profile body fields',
  decisions: ['D-ENV-13'],
  verdicts: ENVELOPE_VERDICTS,
  ...envelopeRejections((spec) => mutated(spec, unknownProfile(spec.envelope))),
});
