import { mutated } from '../../generators/envelope/mutators/mutation.js';
import { secretInMemory } from '../../generators/envelope/mutators/policy.js';
import { verdictCheck } from '../../src/engine/kinds/verdict.js';
import { ENVELOPE_VERDICTS, envelopeRejections, rule } from './verdicts.js';

/** ENV-SECRET-IN-MEMORY: A memory proposal carrying a secret or token-like credential is rejected. */
export const envSecretInMemory = verdictCheck({
  id: 'ENV-SECRET-IN-MEMORY',
  suite: 'envelope',
  severity: 'MUST',
  statement:
    'A `uai.agent.memory-proposal.v1` envelope whose body carries a private key, a credential, a bearer, session or API token, or another token-shaped secret is invalid; identifiers, digests, UUIDs and redacted placeholders are not secrets (001 §Expectativas de validación #9, §Reglas de redacción; D-ENV-08).',
  title: 'A memory proposal carrying a secret or token-like credential is rejected',
  specRef: rule(9, '; 001 §Reglas de redacción'),
  decisions: ['D-ENV-08'],
  verdicts: ENVELOPE_VERDICTS,
  ...envelopeRejections((spec) => mutated(spec, secretInMemory(spec.envelope), ['uai.agent.memory-proposal.v1'])),
});
