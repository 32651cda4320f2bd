import fc from 'fast-check';
import { recoveryCase } from '../../generators/recovery/recovery-case.js';
import { handoffTask } from '../../generators/recovery/task.js';
import { actions, deliveredAt, deliveredErrors, fullyDecoded, originPath } from './analysis.js';
import { recoveryCheck } from './define.js';
import { secretFamilyIn } from './secrets.js';
import type { World } from './world/world.js';

/**
 * Values no URL may carry: the handoff's private parts and the grant's tokens (D-REC-11). The
 * generators make each of them distinctive (13 characters or more), so each is searched for whole.
 */
function privateValues(w: World): string[] {
  const out = [w.c.grant.access_token, w.c.grant.refresh_token];
  for (const t of w.workflow.tasks) if (t.spec.kind === 'handoff') out.push(t.spec.summary, t.spec.principal, t.spec.secret, t.spec.memory);
  return out;
}

/**
 * REC-NEGOTIATE (seed 000, scenario 4): after `negotiate_representation` the agent fetches the
 * capability statement, then continues within the receiver's levels (no more mutative POST; a
 * GET-Action notification to the route the statement names), and no URL it uses carries a secret
 * or a private identifier.
 */
export const recNegotiate = recoveryCheck({
  id: 'REC-NEGOTIATE',
  title: 'A capability mismatch is bridged by fetching the capability statement and using a public-safe GET-Action',
  specRef: '000 §Scenario 4: Autonomous Recovery from Incompatible Versions',
  statement:
    'After negotiate_representation the agent GETs the capability statement it was given, never POSTs that step (nor, once the statement is known, any step to that receiver) again, hands the step over with a GET of the statement\'s get_action route naming the task, and puts no secret, token or private identifier in any URL (000 §Scenario 4; D-REC-11, D-REC-12).',
  decisions: ['D-REC-11', 'D-REC-12'],
  arbitrary: (spec) =>
    recoveryCase({
      levels: spec.recovery.recoveringLevels,
      focus: handoffTask([], { faults: fc.constant([]), lowCapability: fc.constantFrom(['L0', 'L1'], ['L1'], ['L0']) }),
      focusCount: { min: 1, max: 2 },
      others: { kinds: ['handoff', 'schedule', 'write'] },
    }),
  judge(s) {
    const w = s.world;
    const all = actions(w);
    const receiver = new URL(w.c.endpoints.receiver).origin;
    const statement = w.c.endpoints.capabilityStatement;
    const route = originPath(w.c.endpoints.getAction);
    for (const err of deliveredErrors(w).filter((e) => e.condition === 'unsupported_format')) {
      const taskId = err.taskId!;
      const fetch = all.find((a) => a.i > err.i && a.item.type === 'fetch' && a.item.url === statement);
      const known = fetch && fetch.item.type === 'fetch' ? deliveredAt(w, fetch.item.request_id) : undefined;
      const later = all.filter((a) => a.i > err.i);
      const post = later.find((a) => a.item.type === 'send' && (a.item.task_id === taskId || (known !== undefined && a.i > known && new URL(a.item.url).origin === receiver)));
      if (post && post.item.type === 'send') return { message: `${post.item.task_id} was POSTed to the L1 receiver again after its capability error`, expected: 'only GET requests within the supported levels' };
      const notify = later.find((a) => a.item.type === 'fetch' && a.item.task_id === taskId && originPath(a.item.url) === route);
      if (!notify) return { message: `${taskId} was never handed over through the receiver's GET-Action route`, expected: `a GET to ${w.c.endpoints.getAction}` };
      if (known === undefined || notify.i < known) return { message: `${taskId}'s GET-Action came before the capability statement was retrieved`, expected: `a GET of ${statement} first` };
    }
    const secrets = privateValues(w);
    for (const a of all) {
      if (!('url' in a.item)) continue;
      const url = a.item.url;
      const plain = fullyDecoded(url);
      const leaked = secrets.find((v) => url.includes(v) || plain.includes(v) || url.includes(encodeURIComponent(v)));
      if (leaked !== undefined) return { message: `#${a.step} ${a.item.type} URL carries a private value: ${url}`, expected: `no secret or private identifier in a URL (found ${JSON.stringify(leaked)})` };
      const flagged = secretFamilyIn(plain);
      if (flagged) return { message: `#${a.step} ${a.item.type} URL carries a ${flagged}: ${url}`, expected: 'no secret in a URL' };
    }
    return null;
  },
});
