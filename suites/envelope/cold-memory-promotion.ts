import { mutated } from '../../generators/envelope/mutators/mutation.js';
import { coldMemoryPromoted } from '../../generators/envelope/mutators/policy.js';
import { verdictCheck } from '../../src/engine/kinds/verdict.js';
import { ENVELOPE_VERDICTS, envelopeRejections, rule } from './verdicts.js';

/** ENV-COLD-MEMORY-PROMOTION: A cold memory record proposed directly as current truth is rejected. */
export const envColdMemoryPromotion = verdictCheck({
  id: 'ENV-COLD-MEMORY-PROMOTION',
  suite: 'envelope',
  severity: 'MUST',
  statement:
    'A `uai.agent.memory-proposal.v1` envelope proposing a record of `source_type` `cold_memory` with `proposed_status` `current` is invalid: cold memory does not become current truth directly (001 §Expectativas de validación #10; D-ENV-10).',
  title: 'A cold memory record proposed directly as current truth is rejected',
  specRef: rule(10),
  decisions: ['D-ENV-10'],
  verdicts: ENVELOPE_VERDICTS,
  ...envelopeRejections((spec) => mutated(spec, coldMemoryPromoted(spec.envelope), ['uai.agent.memory-proposal.v1'])),
});
