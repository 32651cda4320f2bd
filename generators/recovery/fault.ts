import * as fc from 'fast-check';
import type { Fault, FaultKind, TaskKind } from './types.js';

/**
 * Which faults can hit which kind of task. An outage takes down the endpoint the task is sent to:
 * the orchestrator (seed 000, scenario 2) or the scheduling endpoint (a second dependency, so that
 * an agent which takes one dependency's return for another's is caught).
 */
export const FAULTS_BY_TASK: Record<TaskKind, readonly FaultKind[]> = {
  schedule: ['outage', 'isolated', 'config'],
  status: ['outage'],
  write: ['expire', 'timeout', 'anchor', 'isolated', 'config'],
  handoff: ['isolated', 'config'],
};

/** An outage of `durationMs` (drawn from `duration`) whose errors allow `maxRetries` (drawn from `retries`) retries. */
export function outage(
  duration: fc.Arbitrary<number>,
  retries: fc.Arbitrary<number> = fc.integer({ min: 1, max: 6 }),
): fc.Arbitrary<Extract<Fault, { kind: 'outage' }>> {
  return fc.record({ kind: fc.constant('outage' as const), durationMs: duration, maxRetries: retries });
}

const BY_KIND: Record<FaultKind, fc.Arbitrary<Fault>> = {
  // One retry (max_retries >= 1 per D-ERR-05) and outages shorter than the first delay are the boundary cases.
  outage: outage(fc.oneof(fc.integer({ min: 1, max: 45_000 }), fc.constantFrom(1, 999, 1000, 1001, 3000, 31_000))),
  expire: fc.constant({ kind: 'expire' as const }),
  timeout: fc.record({ kind: fc.constant('timeout' as const), committed: fc.boolean() }),
  anchor: fc.record({
    kind: fc.constant('anchor' as const),
    anchor: fc.constantFrom('Totem' as const, 'Taboo' as const, 'Talisman' as const),
  }),
  isolated: fc.record({
    kind: fc.constant('isolated' as const),
    condition: fc.constantFrom('missing_permission' as const, 'unavailable_tool' as const),
  }),
  config: fc.record({
    kind: fc.constant('config' as const),
    condition: fc.constantFrom(
      'missing_permission' as const,
      'exhausted_allocation' as const,
      'unavailable_tool' as const,
    ),
  }),
};

/** A restriction of `kind` with exactly `condition` (a family that pins the condition). */
export function restriction(kind: 'isolated' | 'config', condition?: string): fc.Arbitrary<Fault> {
  const any = BY_KIND[kind];
  return condition === undefined ? any : any.map((f) => ({ ...f, condition }) as Fault);
}

/** One fault of one of `kinds` (intersected with what `taskKind` can suffer), or null when none fits. */
export function fault(taskKind: TaskKind, kinds: readonly FaultKind[]): fc.Arbitrary<Fault> | null {
  const fit = FAULTS_BY_TASK[taskKind].filter((k) => kinds.includes(k));
  return fit.length === 0 ? null : fc.oneof(...fit.map((k) => BY_KIND[k]));
}

/** The fault schedule of one task: up to `max` faults, consumed one per attempt. */
export function faultList(taskKind: TaskKind, kinds: readonly FaultKind[], max = 2): fc.Arbitrary<Fault[]> {
  const one = fault(taskKind, kinds);
  return one === null ? fc.constant([]) : fc.array(one, { maxLength: max });
}
