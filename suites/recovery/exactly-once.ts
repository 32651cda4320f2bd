import { ALL_FAULT_KINDS, everyLevel, recoveryCase } from '../../generators/recovery/recovery-case.js';
import { RECOVERABLE_FAULTS } from '../../generators/recovery/types.js';
import { recoveryCheck } from './define.js';
import { recovers } from './world/session.js';
import { ancestorsOf } from './world/workflow.js';

/**
 * REC-EXACTLY-ONCE (seed 000, scenario 5 and "preservation of completed work"): across any fault
 * schedule the repository holds each write at most once, and exactly once when the run ends well
 * (the session completed at a recovering level, and no fault the agent must not work around hit
 * the write or a task it depends on).
 */
export const recExactlyOnce = recoveryCheck({
  id: 'REC-EXACTLY-ONCE',
  title: 'The repository holds each write at most once, and exactly once when the run ends well',
  specRef: '000 §Scenario 5: Autonomous Recovery from Timeout After Operation May Have Committed',
  statement:
    'Whatever the faults, the repository holds each write at most once (same idempotency key on every attempt), and exactly once when the session completes at L6 or L7 and no restriction hit the write or a step it depends on (000 §Scenario 5; D-REC-13, D-REC-14).',
  decisions: ['D-REC-13', 'D-REC-14'],
  allLevels: true,
  arbitrary: (spec) =>
    recoveryCase({ levels: everyLevel(spec.recovery, 3), others: { kinds: ['write', 'write', 'schedule', 'status', 'handoff'], faults: ALL_FAULT_KINDS, max: 6 } }),
  judge(s, { recovery: spec }) {
    const w = s.world;
    for (const t of w.workflow.tasks.filter((x) => x.spec.kind === 'write')) {
      const held = w.commits.filter((c) => c.taskId === t.id);
      if (held.length > 1) {
        return { message: `the repository holds ${t.id} ${held.length} times (keys ${held.map((c) => JSON.stringify(c.key)).join(', ')})`, expected: 'each write at most once' };
      }
      const hit = [t.id, ...ancestorsOf(w.workflow, t.id)].some((id) => w.workflow.byId.get(id)!.faults.some((f) => !RECOVERABLE_FAULTS.includes(f.kind)));
      if (held.length === 0 && s.outcome === 'complete' && recovers(spec, s.level) && !hit) {
        return { message: `the run ended without ${t.id} in the repository`, expected: 'every write exactly once when no unrecoverable fault hit it' };
      }
    }
    return null;
  },
});
