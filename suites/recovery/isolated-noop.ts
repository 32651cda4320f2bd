import fc from 'fast-check';
import { fault } from '../../generators/recovery/fault.js';
import { recoveryCase } from '../../generators/recovery/recovery-case.js';
import { handoffTask, scheduleTask, writeTask } from '../../generators/recovery/task.js';
import type { JsonObject } from '../../src/contract/recovery.js';
import { actions, deliveredErrors, sends } from './analysis.js';
import { recoveryCheck } from './define.js';
import { dependentsOf } from './world/workflow.js';

const isolated = () => fc.array(fault('write', ['isolated'])!, { minLength: 1, maxLength: 1 });

/**
 * REC-ISOLATED-NOOP (seed 000, "Precision Uncertainty Reporting"): an isolated no-op stops that
 * step only. The step is not retried and its dependents do not run; every independent step, before
 * and after, completes; a `uai.agent.blocker.v1` names the boundary (task, error, condition) and
 * references the evidence of the completed steps it stood on.
 */
export const recIsolatedNoop = recoveryCheck({
  id: 'REC-ISOLATED-NOOP',
  title: 'An isolated no-op stops that step only, and a blocker names the boundary and the completed evidence',
  specRef: '000 §Precision Uncertainty Reporting and the Preservation of Completed Work',
  decisions: ['D-REC-07', 'D-REC-17', 'D-REC-18'],
  arbitrary: (spec) =>
    recoveryCase({
      levels: spec.recovery.recoveringLevels,
      focus: fc.oneof(
        writeTask([], { faults: isolated() }),
        scheduleTask([], { faults: isolated(), schemaChanged: fc.constant(false) }),
        handoffTask([], { faults: isolated(), lowCapability: fc.constant(null) }),
      ),
      others: { max: 5 },
    }),
  judge(s, spec) {
    const w = s.world;
    const blockerFields = spec.blocker;
    const stopped = new Set<string>();
    for (const err of deliveredErrors(w).filter((e) => e.cause === 'isolated')) {
      const taskId = err.taskId!;
      stopped.add(taskId);
      for (const d of dependentsOf(w.workflow, taskId)) stopped.add(d);
      const retry = sends(w, taskId).find((x) => x.i > err.i);
      if (retry) return { message: `${taskId} was sent again (#${retry.step}) after its isolated no-op`, expected: 'the no-op step stays stopped' };
      const dependent = sends(w).find((x) => dependentsOf(w.workflow, taskId).has(x.item.task_id));
      if (dependent) return { message: `${dependent.item.task_id} ran although it depends on the stopped ${taskId}`, expected: 'dependents of a no-op step do not run' };
      const emitted = actions(w).filter((a) => a.i > err.i && a.item.type === 'emit').map((a) => (a.item as { packet: JsonObject }).packet);
      const blocker = emitted.find((p) => p.profile === blockerFields.profile && (p.refs as JsonObject | undefined)?.task_id === taskId);
      if (!blocker) return { message: `no ${blockerFields.profile} packet names ${taskId}`, expected: `an emitted blocker with refs.task_id ${taskId}` };
      const body = (blocker.body ?? {}) as JsonObject;
      const refs = blocker.refs as JsonObject;
      const missing = blockerFields.bodyFields.filter((f) => !(f in body));
      if (missing.length) return { message: `the blocker for ${taskId} lacks body fields ${missing.join(', ')}`, expected: blockerFields.bodyFields };
      if (refs.error_message_id !== err.payload.message_id || body.blocker_type !== err.condition) {
        return { message: `the blocker for ${taskId} names ${JSON.stringify({ error_message_id: refs.error_message_id, blocker_type: body.blocker_type })}`, expected: { error_message_id: err.payload.message_id, blocker_type: err.condition } };
      }
      const cited = Array.isArray(refs.evidence) ? refs.evidence : [];
      const owed = w.workflow.byId.get(taskId)!.deps.map((d) => w.done.get(d)?.evidence).filter((x): x is string => !!x);
      const lacking = owed.filter((e) => !cited.includes(e));
      if (lacking.length) return { message: `the blocker for ${taskId} does not reference the completed evidence ${lacking.join(', ')}`, expected: { evidence: owed } };
      const invented = cited.filter((e) => typeof e !== 'string' || !w.evidence.has(e));
      if (invented.length) return { message: `the blocker for ${taskId} cites evidence the world never issued: ${invented.join(', ')}`, expected: 'evidence ids from completed steps' };
    }
    const unfinished = w.workflow.tasks.filter((t) => !stopped.has(t.id) && !w.done.has(t.id)).map((t) => t.id);
    if (unfinished.length) return { message: `independent steps ${unfinished.join(', ')} never completed`, expected: 'every step independent of the no-op completes' };
    return null;
  },
});
