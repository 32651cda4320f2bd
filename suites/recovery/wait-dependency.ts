import * as fc from 'fast-check';
import { caseOf, recoveryCase } from '../../generators/recovery/recovery-case.js';
import { fault, outage } from '../../generators/recovery/fault.js';
import { scheduleTask, statusTask } from '../../generators/recovery/task.js';
import type { CaseTask, Fault } from '../../generators/recovery/types.js';
import type { SpecData } from '../../src/spec/index.js';
import { outages, retryDueMs, siblingsOf } from './case-shape.js';
import type { RecoverySpec } from '../../src/spec/recovery.js';
import { deliveredErrors, sends, type DeliveredError } from './analysis.js';
import type { World } from './world/world.js';
import { sessionCheck } from '../../src/engine/kinds/session.js';
import {
  judgedSession,
  RECOVERY_SESSION,
  recoveryCases,
  type RecoveryFamily,
  SESSION_MESSAGES,
  type SessionProblem,
} from './cases.js';

/** Retry `k` (1-based) must wait at least this long after the attempt before it (D-REC-05, the spec's `backoff`). */
function backoffDelay(spec: RecoverySpec, k: number): number {
  const b = spec.backoff;
  return b.initialDelayMs * b.exponentialFactor ** (k - 1);
}

/**
 * The retries to the dependency at `url`, episode by episode (an episode runs from a dependency
 * failure to the `dependency_restored` of that URL): at most `max_retries`, retry k at least the
 * backoff delay after the attempt before it. Null when they keep to it.
 */
function backoffProblem(w: World, spec: RecoverySpec, url: string, errors: DeliveredError[]): SessionProblem | null {
  const toDependency = sends(w).filter((x) => x.item.url === url);
  const restored = w.log.flatMap((e, i) =>
    e.who === 'world' && e.item.type === 'dependency_restored' && e.item.url === url ? [i] : [],
  );
  let i = 0;
  while (i < errors.length) {
    const first = errors[i];
    const until = restored.find((r) => r > first.i) ?? Infinity;
    const max = Number(first.params.max_retries);
    let last = first.record.t;
    const retries = toDependency.filter((x) => x.i > first.i && x.i < until);
    for (const [k0, r] of retries.entries()) {
      const k = k0 + 1;
      if (k > max)
        return {
          reason: 'retries-exceeded',
          params: { k, t: r.t, max, url },
          expected: `at most ${max} retries before the dependency is restored`,
        };
      if (r.t - last < backoffDelay(spec, k)) {
        return {
          reason: 'backoff-short',
          params: { k, url, t: r.t, gapMs: r.t - last },
          expected: `exponential backoff: at least ${backoffDelay(spec, k)}ms`,
        };
      }
      last = r.t;
    }
    while (i < errors.length && errors[i].i < until) i += 1;
  }
  return null;
}

/** A status packet whose first send takes the orchestrator down with `o`, then `more` outages on its later sends. */
const downStatus = (...o: fc.Arbitrary<Extract<Fault, { kind: 'outage' }>>[]) =>
  statusTask([], { faults: fc.tuple(...o).map((fs) => [...fs]) });

/** A duration above when retry `n` of an episode is due (under the bundled backoff), within the pack's 45 s. */
const longerThanRetry = (n: number) => fc.integer({ min: retryDueMs(n) + 1, max: Math.max(retryDueMs(n) + 1, 45_000) });

/** Cases at the recovering levels of `layout`, with plain noise of other endpoints. */
const waitCases = (layout: fc.Arbitrary<CaseTask[]>) => (spec: SpecData) =>
  caseOf(spec.recovery.recoveringLevels, layout, { noise: { kinds: ['write', 'handoff'] } });

/**
 * The ways agents get waiting for a dependency wrong: the queue flushed out of order, one retry too
 * many once the retries are spent, a backoff that grows too slowly (seen at the third retry), the
 * `max_retries` of an earlier episode kept for a later one, a timer set before the return still
 * acted on after it (a duplicate), one dependency's return taken for another's, and retries counted
 * per failed request rather than per dependency (two independent requests to one endpoint, both in
 * flight when it goes down, each answered with a backoff timer of its own: the retries come too
 * soon or too many). Durations and retry counts are read with the bundled backoff (1 s, doubled);
 * under another they still vary.
 */
const WAIT_FAMILIES: RecoveryFamily[] = [
  {
    name: 'outage-queue',
    cases: waitCases(
      fc
        .tuple(
          downStatus(fault('status', ['outage'])! as fc.Arbitrary<Extract<Fault, { kind: 'outage' }>>),
          fc.array(statusTask([], { faults: fc.constant([]) }), { minLength: 1, maxLength: 3 }),
        )
        .map(([first, rest]) => [first, ...rest]),
    ),
    holds: (w) =>
      outages(w).some(
        ({ task }) =>
          task.spec.kind === 'status' && w.tasks.some((t) => t.spec.kind === 'status' && t.index > task.index),
      ),
  },
  {
    name: 'outage-outlasts-retries',
    cases: waitCases(
      fc
        .integer({ min: 1, max: 4 })
        .chain((max) => downStatus(outage(longerThanRetry(max + 1), fc.constant(max))))
        .map((t) => [t]),
    ),
    holds: (w) => outages(w).some(({ fault: f }) => f.durationMs > retryDueMs(f.maxRetries + 1)),
  },
  {
    name: 'outage-third-retry',
    cases: waitCases(downStatus(outage(longerThanRetry(3), fc.integer({ min: 3, max: 6 }))).map((t) => [t])),
    // Long enough for a third retry even at a linear pace (1 s, 2 s, 3 s: 6 s in).
    holds: (w) => outages(w).some(({ fault: f }) => f.maxRetries >= 3 && f.durationMs > 6000),
  },
  {
    name: 'outage-twice',
    cases: waitCases(
      fc
        .integer({ min: 1, max: 4 })
        .chain((low) =>
          downStatus(
            outage(fc.integer({ min: 1, max: 45_000 }), fc.integer({ min: low + 1, max: 6 })),
            outage(longerThanRetry(low + 1), fc.constant(low)),
          ),
        )
        .map((t) => [t]),
    ),
    holds: (w) => new Set(outages(w).map(({ fault: f }) => f.maxRetries)).size >= 2,
  },
  {
    name: 'outage-restored-mid-wait',
    cases: waitCases(
      fc
        .integer({ min: 1, max: 6 })
        .chain((max) => downStatus(outage(fc.integer({ min: 1, max: retryDueMs(max) }), fc.constant(max))))
        .chain((t) =>
          fc.array(statusTask([], { faults: fc.constant([]) }), { maxLength: 2 }).map((rest) => [t, ...rest]),
        ),
    ),
    holds: (w) =>
      outages(w).some(({ task, fault: f }) => task.spec.kind === 'status' && f.durationMs <= retryDueMs(f.maxRetries)),
  },
  {
    name: 'outage-other-dependency',
    cases: waitCases(
      fc
        .tuple(
          downStatus(fault('status', ['outage'])! as fc.Arbitrary<Extract<Fault, { kind: 'outage' }>>),
          scheduleTask([], {
            faults: fc.array(fault('schedule', ['outage'])!, { minLength: 1, maxLength: 1 }),
            schemaChanged: fc.constant(false),
          }).map((t) => ({ ...t, deps: [] })),
          fc.array(statusTask([], { faults: fc.constant([]) }), { maxLength: 2 }),
        )
        .map(([st, sched, rest]) => [st, sched, ...rest]),
    ),
    holds: (w) => new Set(outages(w).map(({ task }) => task.task.url)).size >= 2,
  },
  {
    name: 'outage-shared-endpoint',
    cases: waitCases(
      fc
        .tuple(
          scheduleTask([], { faults: outage(longerThanRetry(1)).map((f) => [f]), schemaChanged: fc.constant(false) }),
          fc.array(scheduleTask([], { faults: fc.constant([]), schemaChanged: fc.constant(false) }), {
            minLength: 1,
            maxLength: 2,
          }),
        )
        .map(([down, rest]) => [down, ...rest].map((t) => ({ ...t, deps: [] }))),
    ),
    // Another task to the dependency that does not wait for the one whose send takes it down: the agent may have both in flight.
    holds: (w) => outages(w).some(({ task }) => siblingsOf(w, task).length > 0),
  },
];

/**
 * REC-WAIT-DEPENDENCY (seed 000, scenario 2): while the orchestrator is unreachable the agent
 * retries only as the backoff parameters allow, never beyond max_retries, and once the dependency
 * is back the queued packets reach it in their original order, each exactly once.
 */
const TITLE =
  'An unreachable dependency is retried with the given backoff, and queued packets are flushed in order, exactly once';

export const recWaitDependency = sessionCheck({
  id: 'REC-WAIT-DEPENDENCY',
  suite: 'recovery',
  severity: 'MUST',
  title: TITLE,
  specRef: '000 §Scenario 2: Autonomous Recovery from Network Loss',
  statement:
    'While a dependency is down (dependency_failure, wait_for_dependency) the agent makes at most max_retries retries, retry k at least backoff.initialDelayMs × backoff.exponentialFactor^(k-1) after the attempt before it (1 s, 2 s, 4 s... by default), and once the dependency is restored it delivers the queued packets in their original order, each exactly once (000 §Scenario 2; D-REC-05, D-REC-06).',
  decisions: ['D-REC-01', 'D-REC-02', 'D-REC-04', 'D-REC-05', 'D-REC-06'],
  cases: recoveryCases({
    title: TITLE,
    arbitrary: (spec) =>
      recoveryCase({
        levels: spec.recovery.recoveringLevels,
        focus: statusTask([], { faults: fc.array(fault('status', ['outage'])!, { minLength: 1, maxLength: 2 }) }),
        focusCount: { min: 1, max: 2 },
        others: { kinds: ['status', 'status', 'schedule', 'write'], max: 5 },
      }),
    families: WAIT_FAMILIES,
  }),
  ...RECOVERY_SESSION,
  judge: judgedSession((s, { recovery: spec }) => {
    const w = s.world;
    // Each dependency is judged on its own: its errors, its retries, its own return (never another's).
    const errors = deliveredErrors(w).filter(
      (e) => e.condition === 'dependency_failure' && e.record.action.type === 'send',
    );
    for (const url of new Set(errors.map((e) => (e.record.action as { url: string }).url))) {
      const problem = backoffProblem(
        w,
        spec,
        url,
        errors.filter((e) => (e.record.action as { url: string }).url === url),
      );
      if (problem) return problem;
    }
    const stream = w.workflow.tasks.filter((t) => t.spec.kind === 'status').map((t) => t.id);
    const got = w.orchestrator.map((p) => p.taskId);
    const dup = got.find((id, k) => got.indexOf(id) !== k);
    if (dup) return { reason: 'packet-twice', params: { dup }, expected: 'each queued packet exactly once' };
    const inOrder = stream.filter((id) => got.includes(id));
    if (inOrder.join() !== got.join())
      return {
        reason: 'packets-reordered',
        params: { packets: got },
        expected: `their original order: ${inOrder.join(', ')}`,
      };
    const lost = stream.filter((id) => !got.includes(id));
    if (lost.length > 0)
      return {
        reason: 'packets-lost',
        params: { packets: lost },
        expected: 'every queued packet flushed after the dependency returned',
      };
    return null;
  }),
  messages: {
    ...SESSION_MESSAGES,
    'retries-exceeded': (p) => `retry ${p.k} at t=${p.t}ms goes beyond max_retries ${p.max} while ${p.url} is down`,
    'backoff-short': (p) => `retry ${p.k} to ${p.url} at t=${p.t}ms comes ${p.gapMs}ms after the previous attempt`,
    'packet-twice': (p) => `packet ${p.dup} reached the orchestrator twice`,
    'packets-reordered': (p) => `packets reached the orchestrator as ${p.packets.join(', ')}`,
    'packets-lost': (p) => `packets ${p.packets.join(', ')} never reached the orchestrator`,
  },
});
