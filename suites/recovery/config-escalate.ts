import * as fc from 'fast-check';
import { fault, restriction } from '../../generators/recovery/fault.js';
import { ALL_TASK_KINDS, caseOf, recoveryCase } from '../../generators/recovery/recovery-case.js';
import { handoffTask, scheduleTask, statusTask, writeOf, writeTask } from '../../generators/recovery/task.js';
import type { CaseTask } from '../../generators/recovery/types.js';
import type { SpecData } from '../../src/spec/index.js';
import { faultsOf, some, tasksWith } from './case-shape.js';
import type { Workflow } from './world/workflow.js';
import { deliveredErrors } from './analysis.js';
import { sessionCheck } from '../../src/engine/kinds/session.js';
import { judgedSession, RECOVERY_SESSION, recoveryCases, type RecoveryFamily, SESSION_MESSAGES } from './cases.js';
import { ESCALATION_MESSAGES, escalatedWithoutRetry } from './escalation.js';

const configured = (condition?: string) => fc.array(restriction('config', condition), { minLength: 1, maxLength: 1 });

/** A step of any kind refused by a configuration restriction (with `condition`, when given), meeting nothing else. */
function configuredStep(condition?: string): fc.Arbitrary<CaseTask> {
  return fc
    .oneof<fc.Arbitrary<CaseTask>[]>(
      writeTask([], { faults: configured(condition) }),
      scheduleTask([], { faults: configured(condition), schemaChanged: fc.constant(false) }),
      handoffTask([], { faults: configured(condition), lowCapability: fc.constant(null) }),
    )
    .map((t) => ({ ...t, deps: [] }));
}

/** One or two steps refused with `condition`, among plain noise. */
const withCondition = (condition: string) => (spec: SpecData) =>
  caseOf(spec.recovery.recoveringLevels, fc.array(configuredStep(condition), { minLength: 1, maxLength: 2 }), {
    noise: { kinds: ALL_TASK_KINDS },
  });

const hasCondition = (condition: string) => (w: Workflow) =>
  tasksWith(w, 'config').some((t) => faultsOf(t, 'config').some((f) => f.condition === condition));

/**
 * The ways agents get a configuration restriction wrong: a dispatch on the condition before the
 * origin (`missing_permission` or `unavailable_tool` taken for an isolated no-op, never escalated),
 * `exhausted_allocation` taken for something that refills (waited out and retried), and the
 * restriction retried once another fault resolves (a dependency's return, a renewed grant).
 */
const CONFIG_FAMILIES: RecoveryFamily[] = [
  {
    name: 'config-missing-permission',
    cases: withCondition('missing_permission'),
    holds: hasCondition('missing_permission'),
  },
  {
    name: 'config-unavailable-tool',
    cases: withCondition('unavailable_tool'),
    holds: hasCondition('unavailable_tool'),
  },
  {
    name: 'config-exhausted-allocation',
    cases: withCondition('exhausted_allocation'),
    holds: hasCondition('exhausted_allocation'),
  },
  {
    name: 'config-after-restore',
    cases: (spec) =>
      caseOf(
        spec.recovery.recoveringLevels,
        fc
          .tuple(
            configuredStep(),
            statusTask([], { faults: fc.array(fault('status', ['outage'])!, { minLength: 1, maxLength: 1 }) }),
          )
          .map((ts) => [...ts]),
        { noise: { kinds: ['write', 'handoff', 'schedule'] } },
      ),
    holds: (w) => some(w, 'config') && some(w, 'outage'),
  },
  {
    name: 'config-after-renewal',
    cases: (spec) =>
      caseOf(
        spec.recovery.recoveringLevels,
        fc.tuple(configuredStep(), writeOf('memory/after-renewal.md', [{ kind: 'expire' }])).map((ts) => [...ts]),
        { noise: { kinds: ['status', 'handoff', 'schedule'] } },
      ),
    holds: (w) => some(w, 'config') && some(w, 'expire'),
  },
];

/**
 * REC-CONFIG-ESCALATE (seed 000, "Origin Mapping"): a restriction whose origin is `configuration`
 * is a human's rule; the agent never retries it (whatever the condition, even an exhausted
 * allocation) and escalates it with the review URL.
 */
const TITLE = 'A configuration-origin restriction is never retried; it is escalated';

export const recConfigEscalate = sessionCheck({
  id: 'REC-CONFIG-ESCALATE',
  suite: 'recovery',
  severity: 'MUST',
  title: TITLE,
  specRef: '000 §Origin Mapping and Diagnostic Nuance',
  statement:
    "An error whose origin is configuration is a human's rule: the agent never sends that step again, whatever the condition, and escalates it with the payload's human_review_url (000 §Origin Mapping and Diagnostic Nuance; D-REC-15).",
  decisions: ['D-REC-01', 'D-REC-02', 'D-REC-04', 'D-REC-15'],
  cases: recoveryCases({
    title: TITLE,
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
    families: CONFIG_FAMILIES,
  }),
  ...RECOVERY_SESSION,
  judge: judgedSession((s) => {
    for (const err of deliveredErrors(s.world).filter(
      (e) => (e.payload.body as { origin?: string }).origin === 'configuration' && e.record.action.type === 'send',
    )) {
      const problem = escalatedWithoutRetry(s.world, err, 'a configuration-origin restriction');
      if (problem) return problem;
    }
    return null;
  }),
  messages: {
    ...SESSION_MESSAGES,
    ...ESCALATION_MESSAGES,
  },
});
