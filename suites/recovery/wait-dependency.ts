import fc from 'fast-check';
import { recoveryCase } from '../../generators/recovery/recovery-case.js';
import { fault } from '../../generators/recovery/fault.js';
import { statusTask } from '../../generators/recovery/task.js';
import type { RecoverySpec } from '../../src/spec/recovery.js';
import { deliveredErrors, sends } from './analysis.js';
import { recoveryCheck } from './define.js';

/** Retry `k` (1-based) must wait at least this long after the attempt before it (D-REC-05, the spec's `backoff`). */
function backoffDelay(spec: RecoverySpec, k: number): number {
  const b = spec.backoff;
  return b.initialDelayMs * b.exponentialFactor ** (k - 1);
}

/**
 * REC-WAIT-DEPENDENCY (seed 000, scenario 2): while the orchestrator is unreachable the agent
 * retries only as the backoff parameters allow, never beyond max_retries, and once the dependency
 * is back the queued packets reach it in their original order, each exactly once.
 */
export const recWaitDependency = recoveryCheck({
  id: 'REC-WAIT-DEPENDENCY',
  title: 'An unreachable dependency is retried with the given backoff, and queued packets are flushed in order, exactly once',
  specRef: '000 §Scenario 2: Autonomous Recovery from Network Loss',
  statement:
    'While a dependency is down (dependency_failure, wait_for_dependency) the agent makes at most max_retries retries, retry k at least backoff.initialDelayMs × backoff.exponentialFactor^(k-1) after the attempt before it (1 s, 2 s, 4 s... by default), and once the dependency is restored it delivers the queued packets in their original order, each exactly once (000 §Scenario 2; D-REC-05, D-REC-06).',
  decisions: ['D-REC-05', 'D-REC-06'],
  arbitrary: (spec) =>
    recoveryCase({
      levels: spec.recovery.recoveringLevels,
      focus: statusTask([], { faults: fc.array(fault('status', ['outage'])!, { minLength: 1, maxLength: 2 }) }),
      focusCount: { min: 1, max: 2 },
      others: { kinds: ['status', 'status', 'schedule', 'write'], max: 5 },
    }),
  judge(s, { recovery: spec }) {
    const w = s.world;
    const url = w.c.endpoints.orchestrator;
    const errors = deliveredErrors(w).filter((e) => e.condition === 'dependency_failure');
    const toOrchestrator = sends(w).filter((x) => x.item.url === url);
    const restored = w.log.flatMap((e, i) => (e.who === 'world' && e.item.type === 'dependency_restored' ? [i] : []));
    let i = 0;
    while (i < errors.length) {
      const first = errors[i];
      const until = restored.find((r) => r > first.i) ?? Infinity;
      const max = Number(first.params.max_retries);
      let last = first.record.t;
      const retries = toOrchestrator.filter((x) => x.i > first.i && x.i < until);
      for (const [k0, r] of retries.entries()) {
        const k = k0 + 1;
        if (k > max) return { message: `retry ${k} at t=${r.t}ms goes beyond max_retries ${max} while the orchestrator is down`, expected: `at most ${max} retries before the dependency is restored` };
        if (r.t - last < backoffDelay(spec, k)) {
          return { message: `retry ${k} at t=${r.t}ms comes ${r.t - last}ms after the previous attempt`, expected: `exponential backoff: at least ${backoffDelay(spec, k)}ms` };
        }
        last = r.t;
      }
      while (i < errors.length && errors[i].i < until) i += 1;
    }
    const stream = w.workflow.tasks.filter((t) => t.spec.kind === 'status').map((t) => t.id);
    const got = w.orchestrator.map((p) => p.taskId);
    const dup = got.find((id, k) => got.indexOf(id) !== k);
    if (dup) return { message: `packet ${dup} reached the orchestrator twice`, expected: 'each queued packet exactly once' };
    const inOrder = stream.filter((id) => got.includes(id));
    if (inOrder.join() !== got.join()) return { message: `packets reached the orchestrator as ${got.join(', ')}`, expected: `their original order: ${inOrder.join(', ')}` };
    const lost = stream.filter((id) => !got.includes(id));
    if (lost.length > 0) return { message: `packets ${lost.join(', ')} never reached the orchestrator`, expected: 'every queued packet flushed after the dependency returned' };
    return null;
  },
});
