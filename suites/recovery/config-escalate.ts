import fc from 'fast-check';
import { fault } from '../../generators/recovery/fault.js';
import { recoveryCase } from '../../generators/recovery/recovery-case.js';
import { handoffTask, scheduleTask, writeTask } from '../../generators/recovery/task.js';
import { deliveredErrors } from './analysis.js';
import { recoveryCheck } from './define.js';
import { escalatedWithoutRetry } from './escalation.js';

const configured = () => fc.array(fault('write', ['config'])!, { minLength: 1, maxLength: 1 });

/**
 * REC-CONFIG-ESCALATE (seed 000, "Origin Mapping"): a restriction whose origin is `configuration`
 * is a human's rule; the agent never retries it (whatever the condition, even an exhausted
 * allocation) and escalates it with the review URL.
 */
export const recConfigEscalate = recoveryCheck({
  id: 'REC-CONFIG-ESCALATE',
  title: 'A configuration-origin restriction is never retried; it is escalated',
  specRef: '000 §Origin Mapping and Diagnostic Nuance',
  statement:
    'An error whose origin is configuration is a human\'s rule: the agent never sends that step again, whatever the condition, and escalates it with the payload\'s human_review_url (000 §Origin Mapping and Diagnostic Nuance; D-REC-15).',
  decisions: ['D-REC-15'],
  arbitrary: (spec) =>
    recoveryCase({
      levels: spec.recovery.recoveringLevels,
      focus: fc.oneof(
        writeTask([], { faults: configured() }),
        scheduleTask([], { faults: configured(), schemaChanged: fc.constant(false) }),
        handoffTask([], { faults: configured(), lowCapability: fc.constant(null) }),
      ),
      focusCount: { min: 1, max: 2 },
    }),
  judge(s) {
    for (const err of deliveredErrors(s.world).filter((e) => (e.payload.body as { origin?: string }).origin === 'configuration' && e.record.action.type === 'send')) {
      const problem = escalatedWithoutRetry(s.world, err, 'a configuration-origin restriction');
      if (problem) return problem;
    }
    return null;
  },
});
