import { mutated } from '../../generators/envelope/mutators/mutation.js';
import { hollowEvidence } from '../../generators/envelope/mutators/policy.js';
import { verdictCheck } from '../../src/engine/kinds/verdict.js';
import { ENVELOPE_VERDICTS, envelopeRejections, rule } from './verdicts.js';

/** ENV-FINAL-REPORT-EVIDENCE: A final report without complete evidence is rejected. */
export const envFinalReportEvidence = verdictCheck({
  id: 'ENV-FINAL-REPORT-EVIDENCE',
  suite: 'envelope',
  severity: 'MUST',
  statement:
    'A `uai.agent.final-report.v1` envelope whose `evidence` list is empty, or holds an item with a blank reference and description, is invalid (001 §Expectativas de validación #11; D-ENV-11).',
  title: 'A final report without complete evidence is rejected',
  specRef: rule(11),
  decisions: ['D-ENV-11'],
  verdicts: ENVELOPE_VERDICTS,
  ...envelopeRejections((spec) => mutated(spec, hollowEvidence, ['uai.agent.final-report.v1'])),
});
