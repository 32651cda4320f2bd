import * as fc from 'fast-check';
import { fault } from '../../generators/recovery/fault.js';
import { legacyLevels } from '../../src/spec/recovery.js';
import { ALL_TASK_KINDS, caseOf, recoveryCase } from '../../generators/recovery/recovery-case.js';
import type { CaseTask } from '../../generators/recovery/types.js';
import type { CapabilityLevel } from '../../src/contract/levels.js';
import type { SpecData } from '../../src/spec/index.js';
import { lowReceiver, outages, schemaChanged, some } from './case-shape.js';
import type { Workflow } from './world/workflow.js';
import { handoffTask, scheduleTask, statusTask, writeTask } from '../../generators/recovery/task.js';
import { actions, deliveredErrors } from './analysis.js';
import { sessionCheck } from '../../src/engine/kinds/session.js';
import { judgedSession, RECOVERY_SESSION, recoveryCases, type RecoveryFamily, SESSION_MESSAGES } from './cases.js';

const RECOVERABLE = new Set([
  'malformed_request',
  'dependency_failure',
  'expired_credential',
  'unsupported_format',
  'unknown_outcome',
]);

/** A step that meets a recoverable error of one kind: the sources of the five conditions. */
const SOURCES = {
  malformed: () => scheduleTask([], { faults: fc.constant([]), schemaChanged: fc.constant(true) }),
  dependency: () =>
    fc.oneof<fc.Arbitrary<CaseTask>[]>(
      statusTask([], { faults: fc.array(fault('status', ['outage'])!, { minLength: 1, maxLength: 1 }) }),
      scheduleTask([], {
        faults: fc.array(fault('schedule', ['outage'])!, { minLength: 1, maxLength: 1 }),
        schemaChanged: fc.constant(false),
      }),
    ),
  expired: () =>
    writeTask([], {
      faults: fc
        .array(fault('write', ['expire', 'timeout'])!, { minLength: 1, maxLength: 1 })
        .map((f) => [{ kind: 'expire' as const }, ...f]),
    }),
  unknown: () => writeTask([], { faults: fc.array(fault('write', ['timeout'])!, { minLength: 1, maxLength: 2 }) }),
  unsupported: () =>
    handoffTask([], {
      faults: fc.constant([]),
      lowCapability: fc.constantFrom<CapabilityLevel[]>(['L0', 'L1'], ['L1'], ['L0']),
    }),
} satisfies Record<string, () => fc.Arbitrary<CaseTask>>;

/** Any of the sources, as the general cases draw them. */
const anySource = () => fc.oneof(...Object.values(SOURCES).map((s) => s() as fc.Arbitrary<CaseTask>));

/** Cases at the legacy levels (or `levels`) whose focus steps come from `focus`, among plain noise. */
const legacyCases =
  (focus: fc.Arbitrary<CaseTask>, count = { min: 1, max: 2 }, levels?: (spec: SpecData) => CapabilityLevel[]) =>
  (spec: SpecData) =>
    caseOf(
      levels?.(spec) ?? legacyLevels(spec.recovery),
      fc.array(
        focus.map((t) => ({ ...t, deps: [] })),
        { minLength: count.min, maxLength: count.max },
      ),
      { noise: { kinds: ALL_TASK_KINDS } },
    );

/**
 * The steps of a case that send and can meet a recoverable error: a changed schema, a low receiver,
 * a write whose first fault is a timeout, every step to a dependency from the first one whose
 * outage takes it down (the others find it down too), and every write from the first one whose
 * token expires (the others hold the expired token too, at a level that does not renew).
 */
function recoverableSources(w: Workflow): number {
  const firstHit = new Map<string, number>();
  const hit = (url: string, index: number) => firstHit.set(url, Math.min(firstHit.get(url) ?? Infinity, index));
  for (const { task } of outages(w)) hit(task.task.url, task.index);
  for (const t of w.tasks) if (t.spec.kind === 'write' && t.faults[0]?.kind === 'expire') hit(t.task.url, t.index);
  return w.tasks.filter((t) => {
    if (schemaChanged(t) || lowReceiver(t) || (t.spec.kind === 'write' && t.faults[0]?.kind === 'timeout')) return true;
    return (firstHit.get(t.task.url) ?? Infinity) <= t.index;
  }).length;
}

/**
 * The ways a legacy agent gets halting wrong: one recovery step it takes anyway for one condition
 * (the schema fetched, the dependency retried, the grant renewed, the statement fetched, the outcome
 * read back: "it is only a GET"), a level off by one (recovering at the highest legacy level), and
 * halting only the first failed operation of a session.
 */
const LEGACY_FAMILIES: RecoveryFamily[] = [
  { name: 'legacy-malformed', cases: legacyCases(SOURCES.malformed()), holds: (w) => w.tasks.some(schemaChanged) },
  { name: 'legacy-dependency', cases: legacyCases(SOURCES.dependency()), holds: (w) => some(w, 'outage') },
  { name: 'legacy-expired', cases: legacyCases(SOURCES.expired()), holds: (w) => some(w, 'expire') },
  { name: 'legacy-unknown-outcome', cases: legacyCases(SOURCES.unknown()), holds: (w) => some(w, 'timeout') },
  { name: 'legacy-unsupported', cases: legacyCases(SOURCES.unsupported()), holds: (w) => w.tasks.some(lowReceiver) },
  // The level just below the recovering ones (L5 with the seed's L6 and L7).
  {
    name: 'legacy-top-level',
    cases: legacyCases(anySource(), undefined, (spec) => legacyLevels(spec.recovery).slice(-1)),
    holds: (_w, c) => c.level === 'L5',
  },
  {
    name: 'legacy-two-failures',
    cases: legacyCases(anySource(), { min: 2, max: 3 }),
    holds: (w) => recoverableSources(w) >= 2,
  },
];

/**
 * REC-LEGACY-HALT (seed 000, scenario 3 and "Bridging String and Numeric Semantics"): an agent
 * acting below L6 halts the failed operation and surfaces the human review URL; it takes none of
 * the recovery steps the payload offers (no schema fetch, renewal, readback, negotiation, retry).
 */
const TITLE = 'Below L6 the agent halts the failed operation and surfaces the human review URL instead of recovering';

export const recLegacyHalt = sessionCheck({
  id: 'REC-LEGACY-HALT',
  suite: 'recovery',
  severity: 'MUST',
  title: TITLE,
  specRef: '000 §Resolving Error Code Ambiguities; §Scenario 3',
  statement:
    "An agent acting below L6 answers an error it could recover from with halt for that step and the payload's human_review_url, and takes none of the recovery steps the payload offers (000 §Resolving Error Code Ambiguities, §Scenario 3; D-REC-03).",
  decisions: ['D-REC-01', 'D-REC-02', 'D-REC-04', 'D-REC-03'],
  cases: recoveryCases({
    title: TITLE,
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
    families: LEGACY_FAMILIES,
  }),
  ...RECOVERY_SESSION,
  judge: judgedSession(
    (s) => {
      const w = s.world;
      const all = actions(w);
      for (const err of deliveredErrors(w).filter(
        (e) => e.condition !== undefined && RECOVERABLE.has(e.condition) && e.record.action.type === 'send',
      )) {
        const taskId = err.taskId!;
        const later = all.filter((a) => a.i > err.i);
        const halt = later.find((a) => a.item.type === 'halt' && a.item.task_id === taskId);
        if (halt?.item.type !== 'halt')
          return {
            reason: 'not-halted',
            params: { taskId, condition: err.condition, level: s.level },
            expected: 'a halt action for the failed operation',
          };
        if (err.review !== undefined && halt.item.human_review_url !== err.review) {
          return {
            reason: 'halted-elsewhere',
            params: { taskId, humanReviewUrl: halt.item.human_review_url },
            expected: `the human review URL of the payload: ${err.review}`,
          };
        }
        const offered = new Set(
          Object.values(err.params).filter((v): v is string => typeof v === 'string' && /^https?:/.test(v)),
        );
        const recovery = later.find(
          (a) =>
            (a.item.type === 'send' && a.item.task_id === taskId) ||
            a.item.type === 'renew' ||
            (a.item.type === 'fetch' && (offered.has(a.item.url) || a.item.task_id === taskId)),
        );
        if (recovery)
          return {
            reason: 'recovered-alone',
            params: { level: s.level, taskId, recoveryStep: recovery.step, action: recovery.item.type },
            expected: 'a legacy agent halts and leaves recovery to the human review',
          };
      }
      return null;
    },
    { allLevels: true },
  ),
  messages: {
    ...SESSION_MESSAGES,
    'not-halted': (p) => `${p.taskId} was not halted after ${p.condition} at ${p.level}`,
    'halted-elsewhere': (p) => `${p.taskId} was halted with review URL ${String(p.humanReviewUrl)}`,
    'recovered-alone': (p) =>
      `at ${p.level} the agent recovered ${p.taskId} by itself (#${p.recoveryStep} ${p.action})`,
  },
});
