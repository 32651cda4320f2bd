import type { Fault, FaultKind } from '../../generators/recovery/types.js';
import { dependentsOf, type Workflow, type WorldTask } from './world/workflow.js';

/**
 * What a case's workflow holds, read from the case alone: the structural facts the mutation families
 * of the recovery checks are recognised by (`RecoveryFamily.holds`). Each is a superset of the
 * situations its family's bug class needs, so that a failure of that class always carries the tag.
 */

/** The faults of `kind` the task meets. */
export function faultsOf<K extends FaultKind>(t: WorldTask, kind: K): Extract<Fault, { kind: K }>[] {
  return t.faults.filter((f): f is Extract<Fault, { kind: K }> => f.kind === kind);
}

/** The tasks that meet at least one fault of `kind`. */
export function tasksWith(w: Workflow, kind: FaultKind): WorldTask[] {
  return w.tasks.filter((t) => faultsOf(t, kind).length > 0);
}

/** True when some task meets a fault of `kind`. */
export function some(w: Workflow, kind: FaultKind): boolean {
  return tasksWith(w, kind).length > 0;
}

/** Every outage fault of the case, with its task. */
export function outages(w: Workflow): { task: WorldTask; fault: Extract<Fault, { kind: 'outage' }> }[] {
  return w.tasks.flatMap((task) => faultsOf(task, 'outage').map((fault) => ({ task, fault })));
}

/** Every timeout fault of the case, with its task. */
export function timeouts(w: Workflow): { task: WorldTask; fault: Extract<Fault, { kind: 'timeout' }> }[] {
  return w.tasks.flatMap((task) => faultsOf(task, 'timeout').map((fault) => ({ task, fault })));
}

/** True when `t` is a handoff to a receiver that takes only L0/L1 (scenario 4). */
export function lowReceiver(t: WorldTask): boolean {
  return t.spec.kind === 'handoff' && t.spec.lowCapability !== null;
}

/** True when `t` is a scheduling request whose endpoint changed its schema (scenario 1). */
export function schemaChanged(t: WorldTask): boolean {
  return t.spec.kind === 'schedule' && t.spec.schemaChanged;
}

/** Another task sent to the same endpoint as `t` that does not depend on it (directly or not). */
export function siblingsOf(w: Workflow, t: WorldTask): WorldTask[] {
  const dependents = dependentsOf(w, t.id);
  return w.tasks.filter((u) => u.id !== t.id && u.task.url === t.task.url && !dependents.has(u.id));
}

/** The tasks that depend on a dependent of `t`: two steps or more away from it. */
export function farDependentsOf(w: Workflow, t: WorldTask): WorldTask[] {
  const dependents = dependentsOf(w, t.id);
  return w.tasks.filter((u) => u.deps.some((d) => dependents.has(d)));
}

/** `2^n - 1` seconds in ms: when, under the bundled backoff (1 s, doubled), retry `n` of an episode is due. */
export function retryDueMs(n: number): number {
  return (2 ** n - 1) * 1000;
}
