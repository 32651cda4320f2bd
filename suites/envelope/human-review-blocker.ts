import { mutated } from '../../generators/envelope/mutators/mutation.js';
import { blockerWithoutReview } from '../../generators/envelope/mutators/policy.js';
import { verdictCheck } from '../../src/engine/kinds/verdict.js';
import { ENVELOPE_VERDICTS, envelopeRejections, rule } from './verdicts.js';

/** ENV-HUMAN-REVIEW-BLOCKER: An authorization, secret, destructive-action or boundary-conflict blocker without human review is rejected. */
export const envHumanReviewBlocker = verdictCheck({
  id: 'ENV-HUMAN-REVIEW-BLOCKER',
  suite: 'envelope',
  severity: 'MUST',
  statement:
    'A `uai.agent.blocker.v1` envelope whose `blocker_type` is `authorization`, `secret`, `destructive_action` or `boundary_conflict` and whose `human_review_required` is not `true` is invalid (001 §Expectativas de validación #12; D-ENV-12).',
  title: 'An authorization, secret, destructive-action or boundary-conflict blocker without human review is rejected',
  specRef: rule(12),
  decisions: ['D-ENV-12'],
  verdicts: ENVELOPE_VERDICTS,
  ...envelopeRejections((spec) => mutated(spec, blockerWithoutReview(spec.envelope), ['uai.agent.blocker.v1'])),
});
