import type { Messages } from '../../src/engine/check.js';
import type { DeliveredError } from './analysis.js';
import { actions, sends } from './analysis.js';
import type { SessionProblem } from './cases.js';
import type { World } from './world/world.js';

/**
 * The common part of CONFIG-ESCALATE and ANCHOR-CONFLICT: after `err`, the task is never sent
 * again and is escalated with the review URL the payload gave. Null when that holds.
 */
export function escalatedWithoutRetry(w: World, err: DeliveredError, what: string): SessionProblem | null {
  const taskId = err.taskId!;
  const retry = sends(w, taskId).find((x) => x.i > err.i);
  if (retry)
    return {
      reason: 'retried',
      params: { taskId, retryStep: retry.step, what },
      expected: 'no retry: the restriction is escalated',
    };
  const esc = actions(w).find((a) => a.i > err.i && a.item.type === 'escalate' && a.item.task_id === taskId);
  if (esc?.item.type !== 'escalate')
    return { reason: 'not-escalated', params: { taskId, what }, expected: `an escalate action for ${taskId}` };
  if (err.review !== undefined && esc.item.human_review_url !== err.review) {
    return {
      reason: 'escalated-elsewhere',
      params: { taskId, humanReviewUrl: esc.item.human_review_url },
      expected: `the human review URL the payload gave: ${err.review}`,
    };
  }
  return null;
}

/** The sentences of `escalatedWithoutRetry`'s reasons, for the checks that use it. */
export const ESCALATION_MESSAGES: Messages = {
  retried: (p) => `${p.taskId} was sent again (#${p.retryStep}) after ${p.what}`,
  'not-escalated': (p) => `${p.taskId} was not escalated after ${p.what}`,
  'escalated-elsewhere': (p) => `${p.taskId} was escalated to ${String(p.humanReviewUrl)}`,
};
