import type { Adapter } from '../../../src/contract/adapter.js';
import type { JsonObject, RecoveryAction, RecoveryPolicy, RecoveryScenario } from '../../../src/contract/recovery.js';

// The example policy of the README, verbatim but for the import paths: a legacy
// (L3) agent that runs its tasks one by one and answers every error with the legacy no-op.

interface Session {
  scenario: RecoveryScenario;
  next: number; // index of the task in flight
  succeeded: Set<string>;
  requests: number;
}
const sessions = new Map<string, Session>();

function step(s: Session): RecoveryAction[] {
  for (; s.next < s.scenario.tasks.length; s.next++) {
    const t = s.scenario.tasks[s.next];
    if (!t.depends_on.every((d) => s.succeeded.has(d))) continue; // a prerequisite failed: skip
    const grant = s.scenario.grant;
    return [
      {
        type: 'send',
        request_id: `r${++s.requests}`,
        task_id: t.task_id,
        url: t.url,
        message: t.message,
        ...(t.kind === 'write' ? { idempotency_key: `idem_${s.scenario.session_id}_${t.task_id}` } : {}),
        ...(t.requires_auth && grant ? { authorization: `Bearer ${grant.access_token}` } : {}),
      },
    ];
  }
  sessions.delete(s.scenario.session_id);
  return [{ type: 'complete' }];
}

export const recovery: RecoveryPolicy = {
  start(scenario) {
    const s: Session = { scenario, next: 0, succeeded: new Set(), requests: 0 };
    sessions.set(scenario.session_id, s);
    return step(s);
  },
  observe(sessionId, obs) {
    const s = sessions.get(sessionId)!;
    const task = s.scenario.tasks[s.next];
    const out: RecoveryAction[] = [];
    if (obs.type === 'response') s.succeeded.add(task.task_id);
    if (obs.type === 'error') {
      // The legacy no-op: halt this operation and surface the human review URL, if one was given.
      const body = obs.payload.body as JsonObject;
      const options = ((body.sub_errors ?? []) as JsonObject[]).flatMap(
        (e) => (e.recovery_options ?? []) as JsonObject[],
      );
      const url = options.find((o) => typeof o.human_review_url === 'string')?.human_review_url as string | undefined;
      out.push({
        type: 'halt',
        task_id: task.task_id,
        reason: String(body.code),
        ...(url ? { human_review_url: url } : {}),
      });
    }
    s.next += 1;
    return [...out, ...step(s)];
  },
};

export const exampleAdapter: Adapter = {
  describe: () => ({ name: 'example', version: '1.0.0', capabilityLevel: 'L3' }),
  recovery,
};
