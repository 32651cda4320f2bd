import * as fc from 'fast-check';
import { caseOf, recoveryCase } from '../../generators/recovery/recovery-case.js';
import { plainTask, writeTask } from '../../generators/recovery/task.js';
import type { CaseTask, Fault } from '../../generators/recovery/types.js';
import type { SpecData } from '../../src/spec/index.js';
import { faultsOf, timeouts } from './case-shape.js';
import { fault } from '../../generators/recovery/fault.js';
import type { DocumentObservation } from '../../src/contract/recovery.js';
import { jsonEqual } from '../../src/engine/json-equal.js';
import { actions, deliveredErrors, sends } from './analysis.js';
import { sessionCheck } from '../../src/engine/kinds/session.js';
import { judgedSession, RECOVERY_SESSION, recoveryCases, type RecoveryFamily, SESSION_MESSAGES } from './cases.js';

/** A write that times out on its first attempts, as `faults` say. */
const timingOut = (faults: fc.Arbitrary<Fault[]>) => writeTask([], { faults }).map((t) => ({ ...t, deps: [] }));
const timeoutOf = (committed: boolean): Fault => ({ kind: 'timeout', committed });

const readbackCases = (layout: fc.Arbitrary<CaseTask[]>) => (spec: SpecData) =>
  caseOf(
    spec.recovery.recoveringLevels,
    layout.chain((ts) => fc.array(plainTask(['write']), { maxLength: 1 }).map((more) => [...ts, ...more])),
    { noise: { kinds: ['schedule', 'status'] } },
  );

/**
 * The ways agents get a readback wrong: a replay whatever the readback says (seen when it says
 * committed), no replay whatever it says (seen when it says not_found), and one readback per write
 * (a replay that times out too is resent without reading back again).
 */
const READBACK_FAMILIES: RecoveryFamily[] = [
  {
    name: 'timeout-committed',
    cases: readbackCases(timingOut(fc.constant([timeoutOf(true)])).map((t) => [t])),
    holds: (w) => timeouts(w).some(({ fault: f }) => f.committed),
  },
  {
    name: 'timeout-dropped',
    cases: readbackCases(timingOut(fc.constant([timeoutOf(false)])).map((t) => [t])),
    holds: (w) => timeouts(w).some(({ fault: f }) => !f.committed),
  },
  {
    name: 'timeout-repeated',
    cases: readbackCases(
      timingOut(
        fc
          .array(fc.boolean().map(timeoutOf), { minLength: 1, maxLength: 2 })
          .map((rest) => [timeoutOf(false), ...rest]),
      ).map((t) => [t]),
    ),
    holds: (w) => w.tasks.some((t) => faultsOf(t, 'timeout').length >= 2),
  },
];

/**
 * REC-READBACK-BEFORE-REPLAY (seed 000, scenario 5): after an `unknown_outcome` error the agent
 * resends nothing before it has read the readback route; if the write committed it never resends;
 * if it was dropped it replays the exact payload with the original idempotency key.
 */
const TITLE =
  'After an unknown outcome the agent reads back before any replay, and replays only a dropped write, with its original key';

export const recReadbackBeforeReplay = sessionCheck({
  id: 'REC-READBACK-BEFORE-REPLAY',
  suite: 'recovery',
  severity: 'MUST',
  title: TITLE,
  specRef: '000 §Scenario 5: Autonomous Recovery from Timeout After Operation May Have Committed',
  statement:
    'After unknown_outcome the agent resends nothing before the readback_route has answered; when it says committed it never resends, when it says not_found it replays the exact same message with the original idempotency key (000 §Scenario 5; D-REC-13).',
  decisions: ['D-REC-01', 'D-REC-02', 'D-REC-04', 'D-REC-13'],
  cases: recoveryCases({
    title: TITLE,
    arbitrary: (spec) =>
      recoveryCase({
        levels: spec.recovery.recoveringLevels,
        focus: writeTask([], { faults: fc.array(fault('write', ['timeout'])!, { minLength: 1, maxLength: 3 }) }),
        focusCount: { min: 1, max: 2 },
        others: { kinds: ['write', 'schedule', 'status'] },
      }),
    families: READBACK_FAMILIES,
  }),
  ...RECOVERY_SESSION,
  judge: judgedSession((s) => {
    const w = s.world;
    const all = actions(w);
    for (const err of deliveredErrors(w).filter((e) => e.condition === 'unknown_outcome')) {
      const failed = err.record.action;
      if (failed.type !== 'send') continue;
      const route = String(err.params.readback_route);
      const resend = sends(w, failed.task_id).find((x) => x.i > err.i);
      const readIds = new Set(
        all
          .filter((a) => a.i > err.i && a.item.type === 'fetch' && a.item.url === route)
          .map((a) => (a.item as { request_id: string }).request_id),
      );
      const docs = w.log
        .map((e, i) => ({ e, i }))
        .filter(
          ({ e, i }) =>
            i > err.i &&
            e.who === 'world' &&
            e.item.type === 'document' &&
            readIds.has((e.item as DocumentObservation).request_id),
        );
      const before = docs.filter((d) => resend === undefined || d.i < resend.i);
      if (resend && before.length === 0) {
        return {
          reason: 'resent-before-readback',
          params: { taskId: failed.task_id, resendStep: resend.step },
          expected: `a GET of ${route}, answered, before any resend`,
        };
      }
      const doc = before[before.length - 1] ?? docs[0];
      if (!doc) return { reason: 'no-readback', params: { taskId: failed.task_id }, expected: `a GET of ${route}` };
      const state = (doc.e.item as DocumentObservation).document.state;
      if (state === 'committed' && resend)
        return {
          reason: 'committed-resent',
          params: { taskId: failed.task_id },
          expected: 'no resend of a committed write',
        };
      if (state !== 'committed') {
        if (!resend)
          return {
            reason: 'dropped-not-replayed',
            params: { taskId: failed.task_id },
            expected: 'a replay with the original idempotency key',
          };
        if (resend.item.idempotency_key !== failed.idempotency_key) {
          return {
            reason: 'replay-other-key',
            params: { taskId: failed.task_id, idempotencyKey: resend.item.idempotency_key },
            expected: `the original key ${JSON.stringify(failed.idempotency_key)}`,
          };
        }
        if (!jsonEqual(resend.item.message, failed.message))
          return {
            reason: 'replay-other-payload',
            params: { taskId: failed.task_id },
            expected: { exactPayload: failed.message, got: resend.item.message },
          };
      }
    }
    return null;
  }),
  messages: {
    ...SESSION_MESSAGES,
    'resent-before-readback': (p) => `${p.taskId} was resent (#${p.resendStep}) before the readback route was read`,
    'no-readback': (p) => `the outcome of ${p.taskId} was never read back`,
    'committed-resent': (p) => `${p.taskId} was resent although the readback said it committed`,
    'dropped-not-replayed': (p) => `${p.taskId} was dropped by the target and never replayed`,
    'replay-other-key': (p) => `${p.taskId} was replayed with idempotency key ${JSON.stringify(p.idempotencyKey)}`,
    'replay-other-payload': (p) => `${p.taskId} was replayed with a different payload`,
  },
});
