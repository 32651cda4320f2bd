import type { JsonObject, RecoveryAction, RecoveryObservation } from '../../../src/contract/recovery.js';
import type { Fault, RecoveryCase } from '../../../generators/recovery/types.js';
import type { LoggedEvent } from './world.js';
import { buildWorkflow } from './workflow.js';

const short = (s: string, n = 28): string => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const where = (u: string): string => {
  try {
    const x = new URL(u);
    return `${x.host}${x.pathname}${x.search ? short(x.search, 40) : ''}`;
  } catch {
    return short(u, 60);
  }
};

/** A fault in words. */
export function describeFault(f: Fault): string {
  switch (f.kind) {
    case 'outage':
      return `orchestrator unreachable for ${f.durationMs}ms (max_retries ${f.maxRetries})`;
    case 'expire':
      return 'access token expires';
    case 'timeout':
      return `gateway timeout, the write ${f.committed ? 'DID commit' : 'was dropped'}`;
    case 'anchor':
      return `conflict with protected anchor ${f.anchor}`;
    case 'isolated':
      return `isolated no-op (${f.condition})`;
    case 'config':
      return `configuration restriction (${f.condition})`;
  }
}

/** The workflow and its fault schedule, one line per task. */
export function describeCase(c: RecoveryCase): { level: string; workflow: string[]; faults: string[] } {
  const w = buildWorkflow(c, 'rs-?', c.level, '1970-01-01T00:00:00Z');
  const workflow = w.tasks.map((t) => {
    const s = t.spec;
    const state =
      s.kind === 'schedule' && s.schemaChanged
        ? ' [endpoint now wants date-time]'
        : s.kind === 'handoff' && s.lowCapability
          ? ` [receiver supports only ${s.lowCapability.join(',')}]`
          : '';
    return `${t.id} ${s.kind} -> ${where(t.task.url)}${t.deps.length ? ` after ${t.deps.join(',')}` : ''}${state}`;
  });
  const faults = w.tasks.flatMap((t) => t.faults.map((f, i) => `${t.id} attempt ${i + 1}: ${describeFault(f)}`));
  if (c.rotateRefresh && w.tasks.some((t) => t.faults.some((f) => f.kind === 'expire')))
    faults.push('the auth server rotates the refresh token on each renewal');
  return { level: c.level, workflow, faults: faults.length ? faults : ['(no injected fault)'] };
}

function action(a: RecoveryAction): string {
  switch (a.type) {
    case 'send':
      return `send ${a.task_id} POST ${where(a.url)} (${a.request_id}, msg ${short(String(a.message.message_id))}${a.idempotency_key ? `, ${short(a.idempotency_key)}` : ''}${a.authorization ? `, auth ${short(a.authorization, 20)}` : ''})`;
    case 'fetch':
      return `fetch GET ${where(a.url)} (${a.request_id}${a.task_id ? `, ${a.task_id}` : ''})`;
    case 'renew':
      return `renew at ${where(a.url)} with ${short(a.refresh_token, 24)} (${a.request_id})`;
    case 'wait':
      return `wait ${a.ms}ms (${a.request_id})`;
    case 'emit': {
      const body = (a.packet.body ?? {}) as JsonObject;
      return `emit ${String(a.packet.profile)}${body.blocked_task_id ? ` for ${String(body.blocked_task_id)}` : ''}`;
    }
    case 'escalate':
    case 'halt':
      return `${a.type} ${a.task_id}${a.human_review_url ? ` -> ${where(a.human_review_url)}` : ''}: ${short(a.reason, 50)}`;
    case 'complete':
      return 'complete';
  }
}

function observation(o: RecoveryObservation): string {
  switch (o.type) {
    case 'response':
      return `${o.status} for ${o.request_id}${o.body.evidence_id ? ` (evidence ${String(o.body.evidence_id)})` : o.body.access_token ? ' (new grant)' : ''}`;
    case 'document': {
      const d = o.document;
      const gist = d.state
        ? `state ${String(d.state)}`
        : d.profile
          ? String(d.profile)
          : d.evidence_id
            ? `evidence ${String(d.evidence_id)}`
            : 'document';
      return `document for ${o.request_id}: ${gist}`;
    }
    case 'error': {
      const b = (o.payload.body ?? {}) as JsonObject;
      const sub = (Array.isArray(b.sub_errors) ? b.sub_errors[0] : undefined) as JsonObject | undefined;
      const opt = (Array.isArray(sub?.recovery_options) ? sub!.recovery_options[0] : undefined) as
        | JsonObject
        | undefined;
      return `error for ${o.request_id}: ${String(b.numeric_status)} ${String(b.code)}/${String(b.origin)}${sub ? ` ${String(sub.mechanical_condition)}` : ''}${opt ? ` -> ${String(opt.action)}` : ''}`;
    }
    case 'timer':
      return `timer ${o.request_id}`;
    case 'dependency_restored':
      return `dependency restored: ${where(o.url)}`;
  }
}

/** One readable line per event, e.g. `#3 t=2000ms agent -> send task-2 POST repo.example.com/v1/commits (...)`. */
export function traceLines(log: readonly LoggedEvent[]): string[] {
  return log.map((e) => {
    const head = `#${e.step} t=${e.t}ms ${e.who} ->`;
    if (e.item.type === 'start') return `${head} start`;
    return `${head} ${e.who === 'agent' ? action(e.item as RecoveryAction) : observation(e.item as RecoveryObservation)}`;
  });
}
