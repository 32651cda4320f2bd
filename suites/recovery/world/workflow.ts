import type { CapabilityLevel } from '../../../src/contract/adapter.js';
import type { JsonObject, RecoveryScenario, RecoveryTask } from '../../../src/contract/recovery.js';
import type { CaseTask, Fault, RecoveryCase } from '../../../generators/recovery/types.js';
import { buildAt } from './json-path.js';

/** A task as the world knows it: the scenario's task plus what the agent is not told. */
export interface WorldTask {
  id: string;
  index: number;
  spec: CaseTask;
  task: RecoveryTask;
  deps: string[];
  faults: Fault[];
}

/** The normalized workflow of a case, with the scenario the agent receives. */
export interface Workflow {
  tasks: WorldTask[];
  byId: Map<string, WorldTask>;
  scenario: RecoveryScenario;
}

function message(t: CaseTask, i: number): JsonObject {
  const base = { uai_version: '1.0', message_id: `msg-${i + 1}-${t.kind}` };
  switch (t.kind) {
    case 'schedule':
      return {
        ...base,
        profile: 'uai.intent.request.v1',
        body: { intent: 'schedule', subject: t.subject, ...buildAt({ parameters: t.extra }, t.path, t.unix) },
      };
    case 'status':
      return t.final
        ? { ...base, profile: 'uai.agent.final-report.v1', body: { summary: t.note, outcome: 'completed' } }
        : {
            ...base,
            profile: 'uai.agent.task-status.v1',
            body: { state: 'working', progress: t.progress, note: t.note },
          };
    case 'write':
      return {
        ...base,
        profile: 'uai.intent.request.v1',
        body: { intent: 'repository.write', subject: t.item, parameters: { path: t.item, content: t.content } },
      };
    case 'handoff':
      return {
        ...base,
        profile: 'uai.agent.handoff.v1',
        body: {
          task_id: `handoff-${i + 1}`,
          target_agent_id: 'agent:receiver',
          context_summary: t.summary,
          handoff_reason: 'capacity',
          exact_next_action: 'continue the migration review',
          delegated_authorization: t.secret,
          support_boundary: 'no execution on behalf of the sender',
        },
        extensions: { memory_blocks: [{ principal: t.principal, text: t.memory }] },
      };
  }
}

function url(c: RecoveryCase, t: CaseTask): string {
  const e = c.endpoints;
  return { schedule: e.scheduler, status: e.orchestrator, write: e.repository, handoff: e.receiver }[t.kind];
}

/**
 * Builds the workflow: ids `task-1`..., dependencies kept only when they point to an earlier
 * non-status task (status packets form their own ordered stream), the messages, and the scenario
 * (passed through JSON so the agent and the world see the same values, e.g. no `-0`).
 */
export function buildWorkflow(c: RecoveryCase, sessionId: string, level: CapabilityLevel, now: string): Workflow {
  const tasks: WorldTask[] = c.tasks.map((spec, index) => {
    const id = `task-${index + 1}`;
    const deps =
      spec.kind === 'status'
        ? []
        : [...new Set(spec.deps)]
            .filter((d) => d < index && c.tasks[d].kind !== 'status')
            .sort((a, b) => a - b)
            .map((d) => `task-${d + 1}`);
    const task: RecoveryTask = {
      task_id: id,
      kind: spec.kind,
      depends_on: deps,
      url: url(c, spec),
      message: message(spec, index),
      requires_auth: spec.kind === 'write',
    };
    return { id, index, spec, task, deps, faults: [...spec.faults] };
  });
  const scenario: RecoveryScenario = JSON.parse(
    JSON.stringify({
      session_id: sessionId,
      capability_level: level,
      now,
      tasks: tasks.map((t) => t.task),
      ...(tasks.some((t) => t.task.requires_auth) ? { grant: c.grant } : {}),
      public_state_base: c.endpoints.publicStateBase,
      anchors: (['Totem', 'Taboo', 'Talisman'] as const).map((name) => ({ name, url: c.endpoints.anchors[name] })),
    }),
  );
  for (const t of tasks) t.task = scenario.tasks[t.index];
  return { tasks, byId: new Map(tasks.map((t) => [t.id, t])), scenario };
}

/** Task ids that depend on `id`, directly or not. */
export function dependentsOf(w: Workflow, id: string): Set<string> {
  const out = new Set<string>();
  for (const t of w.tasks) if (t.deps.some((d) => d === id || out.has(d))) out.add(t.id);
  return out;
}

/** Task ids `id` depends on, directly or not. */
export function ancestorsOf(w: Workflow, id: string): Set<string> {
  const out = new Set<string>();
  const visit = (x: string) => {
    for (const d of w.byId.get(x)?.deps ?? []) if (!out.has(d)) out.add(d), visit(d);
  };
  visit(id);
  return out;
}
