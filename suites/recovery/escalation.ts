import type { DeliveredError } from './analysis.js';
import { actions, sends } from './analysis.js';
import type { World } from './world/world.js';

/**
 * The common part of CONFIG-ESCALATE and ANCHOR-CONFLICT: after `err`, the task is never sent
 * again and is escalated with the review URL the payload gave. Null when that holds.
 */
export function escalatedWithoutRetry(
  w: World,
  err: DeliveredError,
  what: string,
): { message: string; expected: string } | null {
  const taskId = err.taskId!;
  const retry = sends(w, taskId).find((x) => x.i > err.i);
  if (retry)
    return {
      message: `${taskId} was sent again (#${retry.step}) after ${what}`,
      expected: 'no retry: the restriction is escalated',
    };
  const esc = actions(w).find((a) => a.i > err.i && a.item.type === 'escalate' && a.item.task_id === taskId);
  if (esc?.item.type !== 'escalate')
    return { message: `${taskId} was not escalated after ${what}`, expected: `an escalate action for ${taskId}` };
  if (err.review !== undefined && esc.item.human_review_url !== err.review) {
    return {
      message: `${taskId} was escalated to ${String(esc.item.human_review_url)}`,
      expected: `the human review URL the payload gave: ${err.review}`,
    };
  }
  return null;
}
