import fc from 'fast-check';
import { fault } from '../../generators/recovery/fault.js';
import { legacyLevels } from '../../src/spec/recovery.js';
import { recoveryCase } from '../../generators/recovery/recovery-case.js';
import { handoffTask, scheduleTask, statusTask, writeTask } from '../../generators/recovery/task.js';
import { actions, deliveredErrors } from './analysis.js';
import { recoveryCheck } from './define.js';

const RECOVERABLE = new Set(['malformed_request', 'dependency_failure', 'expired_credential', 'unsupported_format', 'unknown_outcome']);

/**
 * REC-LEGACY-HALT (seed 000, scenario 3 and "Bridging String and Numeric Semantics"): an agent
 * acting below L6 halts the failed operation and surfaces the human review URL; it takes none of
 * the recovery steps the payload offers (no schema fetch, renewal, readback, negotiation, retry).
 */
export const recLegacyHalt = recoveryCheck({
  id: 'REC-LEGACY-HALT',
  title: 'Below L6 the agent halts the failed operation and surfaces the human review URL instead of recovering',
  specRef: '000 §Resolving Error Code Ambiguities; §Scenario 3',
  statement:
    'An agent acting below L6 answers an error it could recover from with halt for that step and the payload\'s human_review_url, and takes none of the recovery steps the payload offers (000 §Resolving Error Code Ambiguities, §Scenario 3; D-REC-03).',
  decisions: ['D-REC-03'],
  allLevels: true,
  arbitrary: (spec) =>
    recoveryCase({
      levels: legacyLevels(spec.recovery),
      focus: fc.oneof(
        scheduleTask([], { faults: fc.constant([]), schemaChanged: fc.constant(true) }),
        statusTask([], { faults: fc.array(fault('status', ['outage'])!, { minLength: 1, maxLength: 1 }) }),
        writeTask([], { faults: fc.array(fault('write', ['expire', 'timeout'])!, { minLength: 1, maxLength: 2 }) }),
        handoffTask([], { faults: fc.constant([]), lowCapability: fc.constantFrom(['L0', 'L1'], ['L1']) }),
      ),
      focusCount: { min: 1, max: 2 },
    }),
  judge(s) {
    const w = s.world;
    const all = actions(w);
    for (const err of deliveredErrors(w).filter((e) => e.condition !== undefined && RECOVERABLE.has(e.condition) && e.record.action.type === 'send')) {
      const taskId = err.taskId!;
      const later = all.filter((a) => a.i > err.i);
      const halt = later.find((a) => a.item.type === 'halt' && a.item.task_id === taskId);
      if (!halt || halt.item.type !== 'halt') return { message: `${taskId} was not halted after ${err.condition} at ${s.level}`, expected: 'a halt action for the failed operation' };
      if (err.review !== undefined && halt.item.human_review_url !== err.review) {
        return { message: `${taskId} was halted with review URL ${String(halt.item.human_review_url)}`, expected: `the human review URL of the payload: ${err.review}` };
      }
      const offered = new Set(Object.values(err.params).filter((v): v is string => typeof v === 'string' && /^https?:/.test(v)));
      const recovery = later.find(
        (a) => (a.item.type === 'send' && a.item.task_id === taskId) || a.item.type === 'renew' || (a.item.type === 'fetch' && (offered.has(a.item.url) || a.item.task_id === taskId)),
      );
      if (recovery) return { message: `at ${s.level} the agent recovered ${taskId} by itself (#${recovery.step} ${recovery.item.type})`, expected: 'a legacy agent halts and leaves recovery to the human review' };
    }
    return null;
  },
});
