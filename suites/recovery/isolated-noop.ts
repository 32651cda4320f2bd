import * as fc from 'fast-check';
import { fault } from '../../generators/recovery/fault.js';
import { caseOf, kindsBut, recoveryCase } from '../../generators/recovery/recovery-case.js';
import {
  dependingOn,
  handoffTask,
  plainTask,
  scheduleTask,
  statusTask,
  writeTask,
} from '../../generators/recovery/task.js';
import type { CaseTask, TaskKind } from '../../generators/recovery/types.js';
import type { CapabilityLevel } from '../../src/contract/levels.js';
import { farDependentsOf, faultsOf, lowReceiver, siblingsOf, some, tasksWith } from './case-shape.js';
import type { JsonObject } from '../../src/contract/recovery.js';
import type { SpecData } from '../../src/spec/index.js';
import { jsonEqual } from '../../src/engine/json-equal.js';
import { actions, deliveredErrors, sends, type DeliveredError } from './analysis.js';
import { blockerEnvelopeProblem, blockerFieldProblem, stringList } from './blocker.js';
import { sessionCheck } from '../../src/engine/kinds/session.js';
import {
  judgedSession,
  RECOVERY_SESSION,
  recoveryCases,
  type RecoveryFamily,
  SESSION_MESSAGES,
  type SessionProblem,
} from './cases.js';
import type { World } from './world/world.js';
import { dependentsOf, type Workflow } from './world/workflow.js';

const isolated = () => fc.array(fault('write', ['isolated'])!, { minLength: 1, maxLength: 1 });

/** The kinds of step an isolated no-op can stop. */
type StepKind = 'write' | 'schedule' | 'handoff';
const STEP_KINDS: readonly StepKind[] = ['write', 'schedule', 'handoff'];

/** The step an isolated no-op stops: of `kind`, meeting nothing else (an unchanged schema, a receiver that takes the POST). */
function noopStep(kind: StepKind, deps: number[] = []): fc.Arbitrary<CaseTask> {
  const step =
    kind === 'write'
      ? writeTask([], { faults: isolated() })
      : kind === 'schedule'
        ? scheduleTask([], { faults: isolated(), schemaChanged: fc.constant(false) })
        : handoffTask([], { faults: isolated(), lowCapability: fc.constant(null) });
  return dependingOn<CaseTask>(step, deps);
}

/** A family's cases: for each kind of stopped step, `layout(kind)`, then plain noise on other endpoints. */
function perStep(
  spec: SpecData,
  layout: (kind: StepKind) => fc.Arbitrary<CaseTask[]>,
  noise: (kind: StepKind) => TaskKind[] = (k) => kindsBut(k),
) {
  return fc.oneof(
    ...STEP_KINDS.map((k) => caseOf(spec.recovery.recoveringLevels, layout(k), { noise: { kinds: noise(k) } })),
  );
}

const stopped = (w: Workflow) => tasksWith(w, 'isolated');

/**
 * The ways agents get an isolated no-op wrong, beyond the lone stopped step: a blocker that cites
 * only part of the completed evidence (several prerequisites; one completed through a readback or a
 * GET-Action, whose evidence is a commit id or a document's), a no-op taken for the whole endpoint
 * (siblings on the same endpoint), dependents run anyway, directly or two steps away, and a stopped
 * step retried once another fault resolves (a dependency's return, a renewed grant).
 */
const NOOP_FAMILIES: RecoveryFamily[] = [
  {
    name: 'noop-prereqs',
    cases: (spec) =>
      perStep(spec, (k) =>
        fc
          .tuple(fc.array(plainTask(STEP_KINDS.filter((x) => x !== k)), { minLength: 2, maxLength: 3 }), noopStep(k))
          .map(([pre, step]) => [...pre, { ...step, deps: pre.map((_, i) => i) }]),
      ),
    holds: (w) => stopped(w).some((t) => t.deps.length >= 2),
  },
  {
    name: 'noop-prereq-recovered',
    cases: (spec) =>
      perStep(
        spec,
        (k) => {
          const committed = writeTask([], { faults: fc.constant([{ kind: 'timeout' as const, committed: true }]) }).map(
            (t) => ({ ...t, deps: [] }),
          );
          const handedOver = handoffTask([], {
            faults: fc.constant([]),
            lowCapability: fc.constantFrom<CapabilityLevel[]>(['L0', 'L1'], ['L1']),
          }).map((t) => ({ ...t, deps: [] }));
          const pre =
            k === 'write'
              ? handedOver
              : k === 'handoff'
                ? committed
                : fc.oneof<fc.Arbitrary<CaseTask>[]>(committed, handedOver);
          return fc.tuple(pre, noopStep(k, [0])).map((ts) => [...ts]);
        },
        (k) => kindsBut(k, 'write', 'handoff'),
      ),
    holds: (w) =>
      stopped(w).some((t) =>
        t.deps.some((d) => {
          const p = w.byId.get(d)!;
          return (p.spec.kind === 'write' && faultsOf(p, 'timeout').length > 0) || lowReceiver(p);
        }),
      ),
  },
  {
    name: 'noop-siblings',
    cases: (spec) =>
      perStep(spec, (k) =>
        fc
          .tuple(noopStep(k), fc.array(plainTask([k]), { minLength: 1, maxLength: 2 }))
          .map(([step, rest]) => [step, ...rest]),
      ),
    holds: (w) => stopped(w).some((t) => siblingsOf(w, t).length > 0),
  },
  {
    name: 'noop-dependents',
    cases: (spec) =>
      perStep(spec, (k) => fc.tuple(noopStep(k), dependingOn(plainTask(STEP_KINDS), [0])).map((ts) => [...ts])),
    holds: (w) => stopped(w).some((t) => dependentsOf(w, t.id).size > 0),
  },
  {
    name: 'noop-transitive',
    cases: (spec) =>
      perStep(spec, (k) =>
        fc
          .tuple(noopStep(k), dependingOn(plainTask(STEP_KINDS), [0]), dependingOn(plainTask(STEP_KINDS), [1]))
          .map((ts) => [...ts]),
      ),
    holds: (w) => stopped(w).some((t) => farDependentsOf(w, t).length > 0),
  },
  {
    name: 'noop-after-restore',
    cases: (spec) =>
      perStep(
        spec,
        (k) =>
          fc
            .tuple(
              noopStep(k),
              fc.array(
                statusTask([], { faults: fc.array(fault('status', ['outage'])!, { minLength: 1, maxLength: 1 }) }),
                { minLength: 1, maxLength: 2 },
              ),
            )
            .map(([step, st]) => [step, ...st]),
        (k) => kindsBut(k, 'status'),
      ),
    holds: (w) => stopped(w).length > 0 && some(w, 'outage'),
  },
  {
    name: 'noop-after-renewal',
    cases: (spec) =>
      perStep(
        spec,
        (k) =>
          fc
            .tuple(
              noopStep(k),
              writeTask([], { faults: fc.constant([{ kind: 'expire' as const }]) }).map((t) => ({ ...t, deps: [] })),
            )
            .map((ts) => [...ts]),
        (k) => kindsBut(k, 'write'),
      ),
    holds: (w) => stopped(w).length > 0 && some(w, 'expire'),
  },
];

/**
 * REC-ISOLATED-NOOP (seed 000, "Precision Uncertainty Reporting"): an isolated no-op stops that
 * step only. The step is not retried and its dependents do not run; every independent step, before
 * and after, completes; the agent emits a `uai.agent.blocker.v1` envelope that names the boundary
 * (the step, the error, its mechanical condition) and references the completed prerequisites and
 * their evidence, all in fields the blocker profile declares (D-REC-07), with the blocker type of
 * D-REC-19.
 */
const TITLE = 'An isolated no-op stops that step only, and a blocker names the boundary and the completed evidence';

export const recIsolatedNoop = sessionCheck({
  id: 'REC-ISOLATED-NOOP',
  suite: 'recovery',
  severity: 'MUST',
  title: TITLE,
  specRef: '000 §Precision Uncertainty Reporting and the Preservation of Completed Work',
  statement:
    'After an isolated no-op (error status isolated_noop) the agent never resends that step nor runs the steps that depend on it, completes every independent step, and emits a valid uai.agent.blocker.v1 envelope whose body names the step, the error message id and its mechanical condition and lists the completed prerequisites with their evidence ids (000 §Precision Uncertainty Reporting; D-REC-07, D-REC-17, D-REC-19).',
  decisions: ['D-REC-01', 'D-REC-02', 'D-REC-04', 'D-REC-07', 'D-REC-17', 'D-REC-18', 'D-REC-19'],
  cases: recoveryCases({
    title: TITLE,
    arbitrary: (spec) =>
      recoveryCase({
        levels: spec.recovery.recoveringLevels,
        focus: fc.oneof(
          writeTask([], { faults: isolated() }),
          scheduleTask([], { faults: isolated(), schemaChanged: fc.constant(false) }),
          handoffTask([], { faults: isolated(), lowCapability: fc.constant(null) }),
        ),
        others: { max: 5 },
      }),
    families: NOOP_FAMILIES,
  }),
  ...RECOVERY_SESSION,
  judge: judgedSession((s, spec) => {
    const w = s.world;
    const stopped = new Set<string>();
    for (const err of deliveredErrors(w).filter((e) => e.cause === 'isolated')) {
      const taskId = err.taskId!;
      stopped.add(taskId);
      for (const d of dependentsOf(w.workflow, taskId)) stopped.add(d);
      const retry = sends(w, taskId).find((x) => x.i > err.i);
      if (retry)
        return {
          reason: 'noop-retried',
          params: { taskId, retryStep: retry.step },
          expected: 'the no-op step stays stopped',
        };
      const dependent = sends(w).find((x) => dependentsOf(w.workflow, taskId).has(x.item.task_id));
      if (dependent)
        return {
          reason: 'dependent-ran',
          params: { dependent: dependent.item.task_id, taskId },
          expected: 'dependents of a no-op step do not run',
        };
      const problem = blockerProblem(w, err, spec);
      if (problem) return problem;
    }
    const unfinished = w.workflow.tasks.filter((t) => !stopped.has(t.id) && !w.done.has(t.id)).map((t) => t.id);
    if (unfinished.length)
      return {
        reason: 'independent-unfinished',
        params: { steps: unfinished },
        expected: 'every step independent of the no-op completes',
      };
    return null;
  }),
  messages: {
    ...SESSION_MESSAGES,
    'noop-retried': (p) => `${p.taskId} was sent again (#${p.retryStep}) after its isolated no-op`,
    'dependent-ran': (p) => `${p.dependent} ran although it depends on the stopped ${p.taskId}`,
    'independent-unfinished': (p) => `independent steps ${p.steps.join(', ')} never completed`,
    'no-blocker': (p) => `no ${p.profile} packet names ${p.taskId} in body.blocked_task_id`,
    'blocker-invalid': (p) => `the blocker for ${p.taskId} is not a valid ${p.profile} envelope: ${p.invalid}`,
    'blocker-names': (p) => `the blocker for ${p.taskId} names ${JSON.stringify(p.named)}`,
    'prerequisites-unlisted': (p) =>
      `the blocker for ${p.taskId} does not list its completed prerequisites ${p.prerequisites.join(', ')}`,
    'prerequisites-unfinished': (p) =>
      `the blocker for ${p.taskId} lists ${p.listed.join(', ')} as completed prerequisites, which never completed`,
    'evidence-uncited': (p) =>
      `the blocker for ${p.taskId} does not reference the completed evidence ${p.evidence.map((e: string[]) => e.join(' or ')).join(', ')}`,
    'evidence-invented': (p) =>
      `the blocker for ${p.taskId} cites evidence the world never issued: ${p.evidence.join(', ')}`,
  },
});

/** The blocker the agent emitted after `err`, judged: a valid envelope of the profile that names and references what D-REC-07 says. */
function blockerProblem(w: World, err: DeliveredError, spec: SpecData): SessionProblem | null {
  const taskId = err.taskId!;
  const profile = spec.recovery.blockerProfile;
  const emitted = actions(w)
    .filter((a) => a.i > err.i && a.item.type === 'emit')
    .map((a) => ({ t: a.t, packet: (a.item as { packet: JsonObject }).packet }));
  const found = emitted.find(
    ({ packet: p }) => p.profile === profile && ((p.body ?? {}) as JsonObject).blocked_task_id === taskId,
  );
  if (!found)
    return {
      reason: 'no-blocker',
      params: { profile, taskId },
      expected: `an emitted ${profile} envelope with body.blocked_task_id ${JSON.stringify(taskId)}`,
    };
  const blocker = found.packet;
  const invalid =
    blockerEnvelopeProblem(spec.envelope, profile, blocker) ??
    blockerFieldProblem(spec.envelope, profile, blocker, Date.parse(w.iso(found.t)));
  if (invalid)
    return {
      reason: 'blocker-invalid',
      params: { taskId, profile, invalid },
      expected: 'a UAI-1 envelope of the blocker profile (spec/envelope.json)',
    };
  const body = blocker.body as JsonObject;
  const named = {
    blocker_type: body.blocker_type,
    error_message_id: body.error_message_id,
    mechanical_condition: body.mechanical_condition,
  };
  const owedNames = {
    blocker_type: spec.recovery.isolatedNoopBlockerType,
    error_message_id: err.payload.message_id,
    mechanical_condition: err.condition,
  };
  if (!jsonEqual(named, owedNames)) return { reason: 'blocker-names', params: { taskId, named }, expected: owedNames };
  const deps = w.workflow.byId.get(taskId)!.deps.filter((d) => w.done.has(d));
  const cited = stringList(body, 'prerequisite_task_ids');
  const unnamed = deps.filter((d) => !cited.includes(d));
  if (unnamed.length)
    return {
      reason: 'prerequisites-unlisted',
      params: { taskId, prerequisites: unnamed },
      expected: { prerequisite_task_ids: deps },
    };
  const notDone = cited.filter((d) => !w.done.has(d));
  if (notDone.length)
    return {
      reason: 'prerequisites-unfinished',
      params: { taskId, listed: notDone },
      expected: { prerequisite_task_ids: deps },
    };
  const evidence = stringList(body, 'evidence_ids');
  // Each completed prerequisite is referenced by an evidence id the world told the agent for it (a
  // response's evidence_id, a readback's commit_id, a GET-Action's evidence_id): the agent can cite
  // only what it was told, and a write replayed onto its own commit may have been told two.
  const told = (d: string) => w.evidenceOf.get(d) ?? [];
  const uncited = deps.filter((d) => told(d).length > 0 && !told(d).some((e) => evidence.includes(e)));
  if (uncited.length) {
    return {
      reason: 'evidence-uncited',
      params: { taskId, evidence: uncited.map((d) => told(d)) },
      expected: { evidence_ids: deps.map((d) => told(d)[0]).filter(Boolean) },
    };
  }
  const invented = evidence.filter((e) => !w.evidence.has(e));
  if (invented.length)
    return {
      reason: 'evidence-invented',
      params: { taskId, evidence: invented },
      expected: 'evidence ids from completed steps',
    };
  return null;
}
