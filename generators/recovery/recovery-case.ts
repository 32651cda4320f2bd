import * as fc from 'fast-check';
import type { CapabilityLevel } from '../../src/contract/adapter.js';
import { legacyLevels, type RecoverySpec } from '../../src/spec/recovery.js';
import { endpoints } from './endpoints.js';
import { grant } from './grant.js';
import { plainTask, task } from './task.js';
import type { CaseTask, FaultKind, RecoveryCase, TaskKind } from './types.js';

export const ALL_TASK_KINDS: readonly TaskKind[] = ['schedule', 'status', 'write', 'handoff'];
export const ALL_FAULT_KINDS: readonly FaultKind[] = ['outage', 'expire', 'timeout', 'anchor', 'isolated', 'config'];

/**
 * The levels of a check that judges sessions at every level: each level the spec says recovers,
 * `recoveringWeight` times, then each level that halts, once (recovering sessions are the richer ones).
 */
export function everyLevel(spec: RecoverySpec, recoveringWeight: number): CapabilityLevel[] {
  const recovering = Array.from({ length: recoveringWeight }, () => spec.recoveringLevels).flat();
  return [...recovering, ...legacyLevels(spec)];
}

/** What a check wants its cases to hold. */
export interface RecoveryCaseOptions {
  /** The levels a case may ask for (a level listed twice is drawn twice as often). */
  levels: readonly CapabilityLevel[];
  /** The task every case holds (the step the check is about), if any. */
  focus?: fc.Arbitrary<CaseTask>;
  /** How many focus tasks (default 1). */
  focusCount?: { min: number; max: number };
  /** The other tasks: their kinds and the faults they may suffer. */
  others?: { kinds?: readonly TaskKind[]; faults?: readonly FaultKind[]; max?: number };
}

/**
 * A workflow with its fault schedule. The focus tasks sit at positions fast-check chooses among the
 * other tasks; everything shrinks towards fewer tasks, fewer faults and shorter outages.
 */
export function recoveryCase(o: RecoveryCaseOptions): fc.Arbitrary<RecoveryCase> {
  const others = fc.array(task(o.others?.kinds ?? ALL_TASK_KINDS, o.others?.faults ?? []), {
    maxLength: o.others?.max ?? 4,
  });
  const focus = o.focus
    ? fc.array(fc.tuple(o.focus, fc.nat()), { minLength: o.focusCount?.min ?? 1, maxLength: o.focusCount?.max ?? 1 })
    : fc.constant([] as [CaseTask, number][]);
  return fc
    .record({
      level: fc.constantFrom(...o.levels),
      endpoints: endpoints(),
      grant: grant(),
      rotateRefresh: fc.boolean(),
      reviewUrls: fc.boolean(),
      others,
      focus,
    })
    .map(({ others: rest, focus: placed, ...c }) => {
      const tasks = [...rest];
      for (const [t, at] of placed) tasks.splice(at % (tasks.length + 1), 0, t);
      return { ...c, tasks };
    });
}

/**
 * A case whose tasks are exactly `layout` (a family's arrangement: the tasks, their order and their
 * dependencies, fixed so that the bug class it exposes is there in every case and every shrink),
 * followed by up to `noise.max` plain independent tasks of `noise.kinds`.
 */
export function caseOf(
  levels: readonly CapabilityLevel[],
  layout: fc.Arbitrary<CaseTask[]>,
  o: { noise?: { kinds: readonly TaskKind[]; max?: number }; rotateRefresh?: fc.Arbitrary<boolean> } = {},
): fc.Arbitrary<RecoveryCase> {
  const noise =
    o.noise && o.noise.kinds.length > 0
      ? fc.array(plainTask(o.noise.kinds), { maxLength: o.noise.max ?? 2 })
      : fc.constant([] as CaseTask[]);
  return fc
    .record({
      level: fc.constantFrom(...levels),
      endpoints: endpoints(),
      grant: grant(),
      rotateRefresh: o.rotateRefresh ?? fc.boolean(),
      reviewUrls: fc.boolean(),
      layout,
      noise,
    })
    .map(({ layout: tasks, noise: extra, ...c }) => ({ ...c, tasks: [...tasks, ...extra] }));
}

/** Task kinds other than `kinds` (noise that shares no endpoint with a family's tasks). */
export function kindsBut(...kinds: TaskKind[]): TaskKind[] {
  return ALL_TASK_KINDS.filter((k) => !kinds.includes(k));
}
