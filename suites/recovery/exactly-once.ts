import * as fc from 'fast-check';
import {
  ALL_FAULT_KINDS,
  ALL_TASK_KINDS,
  caseOf,
  everyLevel,
  recoveryCase,
} from '../../generators/recovery/recovery-case.js';
import { writeOf, writeTask } from '../../generators/recovery/task.js';
import { RECOVERABLE_FAULTS, type CaseTask, type Fault } from '../../generators/recovery/types.js';
import type { SpecData } from '../../src/spec/index.js';
import { timeouts } from './case-shape.js';
import { sessionCheck } from '../../src/engine/kinds/session.js';
import { judgedSession, RECOVERY_SESSION, recoveryCases, type RecoveryFamily, SESSION_MESSAGES } from './cases.js';
import { recovers } from './world/session.js';
import { ancestorsOf } from './world/workflow.js';

const onceCases = (layout: fc.Arbitrary<CaseTask[]>) => (spec: SpecData) =>
  caseOf(spec.recovery.recoveringLevels, layout, { noise: { kinds: ALL_TASK_KINDS } });
const timingOut = (committed: boolean) =>
  writeTask([], { faults: fc.constant<Fault[]>([{ kind: 'timeout', committed }]) }).map((t) => ({ ...t, deps: [] }));

/**
 * The ways agents write twice or not at all: a timed-out write replayed at once under a new key
 * (seen when it had committed), a readback trusted whatever it says (seen when it was dropped), and
 * an idempotency key made from the item rather than the operation (two writes of one path, the
 * second taken for a replay of the first).
 */
const ONCE_FAMILIES: RecoveryFamily[] = [
  {
    name: 'once-committed-timeout',
    cases: onceCases(timingOut(true).map((t) => [t])),
    holds: (w) => timeouts(w).some(({ fault: f }) => f.committed),
  },
  {
    name: 'once-dropped-timeout',
    cases: onceCases(timingOut(false).map((t) => [t])),
    holds: (w) => timeouts(w).some(({ fault: f }) => !f.committed),
  },
  {
    name: 'once-same-path',
    cases: onceCases(
      writeTask([], { faults: fc.constant([]) }).chain((t) => writeOf(t.item).map((u) => [{ ...t, deps: [] }, u])),
    ),
    holds: (w) => {
      const items = w.tasks.flatMap((t) => (t.spec.kind === 'write' ? [t.spec.item] : []));
      return new Set(items).size < items.length;
    },
  },
];

/**
 * REC-EXACTLY-ONCE (seed 000, scenario 5 and "preservation of completed work"): across any fault
 * schedule the repository holds each write at most once, and exactly once when the run ends well
 * (the session completed at a recovering level, and no fault the agent must not work around hit
 * the write or a task it depends on).
 */
const TITLE = 'The repository holds each write at most once, and exactly once when the run ends well';

export const recExactlyOnce = sessionCheck({
  id: 'REC-EXACTLY-ONCE',
  suite: 'recovery',
  severity: 'MUST',
  title: TITLE,
  specRef: '000 §Scenario 5: Autonomous Recovery from Timeout After Operation May Have Committed',
  statement:
    'Whatever the faults, the repository holds each write at most once (same idempotency key on every attempt), and exactly once when the session completes at L6 or L7 and no restriction hit the write or a step it depends on (000 §Scenario 5; D-REC-13, D-REC-14).',
  decisions: ['D-REC-01', 'D-REC-02', 'D-REC-04', 'D-REC-13', 'D-REC-14'],
  cases: recoveryCases({
    title: TITLE,
    arbitrary: (spec) =>
      recoveryCase({
        levels: everyLevel(spec.recovery, 3),
        others: { kinds: ['write', 'write', 'schedule', 'status', 'handoff'], faults: ALL_FAULT_KINDS, max: 6 },
      }),
    families: ONCE_FAMILIES,
    generalWeight: 2,
  }),
  ...RECOVERY_SESSION,
  judge: judgedSession(
    (s, { recovery: spec }) => {
      const w = s.world;
      for (const t of w.workflow.tasks.filter((x) => x.spec.kind === 'write')) {
        const held = w.commits.filter((c) => c.taskId === t.id);
        if (held.length > 1) {
          return {
            reason: 'duplicated',
            params: { taskId: t.id, keys: held.map((c) => c.key) },
            expected: 'each write at most once',
          };
        }
        const hit = [t.id, ...ancestorsOf(w.workflow, t.id)].some((id) =>
          w.workflow.byId.get(id)!.faults.some((f) => !RECOVERABLE_FAULTS.includes(f.kind)),
        );
        if (held.length === 0 && s.outcome === 'complete' && recovers(spec, s.level) && !hit) {
          return {
            reason: 'write-lost',
            params: { taskId: t.id },
            expected: 'every write exactly once when no unrecoverable fault hit it',
          };
        }
      }
      return null;
    },
    { allLevels: true },
  ),
  messages: {
    ...SESSION_MESSAGES,
    'duplicated': (p) =>
      `the repository holds ${p.taskId} ${p.keys.length} times (keys ${p.keys.map((k: unknown) => JSON.stringify(k)).join(', ')})`,
    'write-lost': (p) => `the run ended without ${p.taskId} in the repository`,
  },
});
