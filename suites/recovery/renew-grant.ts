import * as fc from 'fast-check';
import { caseOf, recoveryCase } from '../../generators/recovery/recovery-case.js';
import { plainTask, writeTask } from '../../generators/recovery/task.js';
import type { CaseTask } from '../../generators/recovery/types.js';
import type { SpecData } from '../../src/spec/index.js';
import { faultsOf, tasksWith } from './case-shape.js';
import { dependentsOf, type Workflow } from './world/workflow.js';
import type { JsonObject, RecoveryObservation } from '../../src/contract/recovery.js';
import { sessionCheck } from '../../src/engine/kinds/session.js';
import { judgedSession, RECOVERY_SESSION, recoveryCases, type RecoveryFamily, SESSION_MESSAGES } from './cases.js';

/** A write whose token expires on each of its first `n` attempts. */
const expiring = (n = 1) =>
  writeTask([], { faults: fc.constant(Array.from({ length: n }, () => ({ kind: 'expire' as const }))) }).map((t) => ({
    ...t,
    deps: [],
  }));
const plainWrite = () => plainTask(['write']);

/** Cases at the recovering levels of `layout`, with plain noise that writes nothing. */
const renewCases = (layout: fc.Arbitrary<CaseTask[]>, rotateRefresh?: fc.Arbitrary<boolean>) => (spec: SpecData) =>
  caseOf(spec.recovery.recoveringLevels, layout, { noise: { kinds: ['schedule', 'status'] }, rotateRefresh });

const expiringWrites = (w: Workflow) => tasksWith(w, 'expire').filter((t) => t.spec.kind === 'write');
const writes = (w: Workflow) => w.tasks.filter((t) => t.spec.kind === 'write');

/**
 * The ways agents get a renewal wrong: a rotated refresh token ignored (seen at the second renewal),
 * the migration restarted (a write already done before the renewal), a loop guard that renews once
 * per item (an item whose token expires twice), and the interrupted item sent to the back of the
 * queue (another write waiting behind it).
 */
const RENEW_FAMILIES: RecoveryFamily[] = [
  {
    name: 'renew-rotated-twice',
    cases: renewCases(
      fc.oneof(
        fc.tuple(expiring(), expiring()).map((ts) => [...ts]),
        expiring(2).map((t) => [t]),
      ),
      fc.constant(true),
    ),
    holds: (w, c) => c.rotateRefresh && w.tasks.reduce((n, t) => n + faultsOf(t, 'expire').length, 0) >= 2,
  },
  {
    name: 'renew-midway',
    cases: renewCases(
      fc.tuple(fc.array(plainWrite(), { minLength: 1, maxLength: 2 }), expiring()).map(([done, t]) => [...done, t]),
    ),
    // Any other write may be done when the token expires (an earlier one, or a later one that did not wait).
    holds: (w) => expiringWrites(w).length > 0 && writes(w).length >= 2,
  },
  {
    name: 'renew-same-item-twice',
    cases: renewCases(
      fc
        .integer({ min: 2, max: 3 })
        .chain((n) => expiring(n))
        .map((t) => [t]),
    ),
    holds: (w) => expiringWrites(w).some((t) => faultsOf(t, 'expire').length >= 2),
  },
  {
    name: 'renew-queue',
    cases: renewCases(
      fc.tuple(expiring(), fc.array(plainWrite(), { minLength: 1, maxLength: 2 })).map(([t, rest]) => [t, ...rest]),
    ),
    holds: (w) =>
      expiringWrites(w).some((t) => {
        const after = dependentsOf(w, t.id);
        return writes(w).some((u) => u.index > t.index && !after.has(u.id));
      }),
  },
];

/**
 * REC-RENEW-GRANT (seed 000, scenario 3): after an `expired_credential` error the agent renews at
 * the given refresh URI with the grant it holds (the latest refresh token it was handed), then
 * resumes the migration at the interrupted item with the new token, redoing no completed item.
 */
const TITLE =
  'An expired grant is renewed at the given refresh URI with the held token, and work resumes at the interrupted item';

export const recRenewGrant = sessionCheck({
  id: 'REC-RENEW-GRANT',
  suite: 'recovery',
  severity: 'MUST',
  title: TITLE,
  specRef: '000 §Scenario 3: Autonomous Recovery from Expired Sessions',
  statement:
    'After expired_credential the agent renews at the refresh_uri with the grant_type given and the latest refresh token it holds, then resumes at the interrupted item with the new access token, redoing no completed item (000 §Scenario 3; D-REC-09).',
  decisions: ['D-REC-01', 'D-REC-02', 'D-REC-04', 'D-REC-09'],
  cases: recoveryCases({
    title: TITLE,
    arbitrary: (spec) =>
      recoveryCase({
        levels: spec.recovery.recoveringLevels,
        focus: writeTask([], { faults: fc.constant([{ kind: 'expire' as const }]) }),
        focusCount: { min: 1, max: 3 },
        others: { kinds: ['write', 'write', 'schedule', 'status'] },
      }),
    families: RENEW_FAMILIES,
  }),
  ...RECOVERY_SESSION,
  judge: judgedSession((s) => {
    const w = s.world;
    let refresh = w.c.grant.refresh_token;
    let access = w.c.grant.access_token;
    let expired: { uri: string; grantType: string } | undefined;
    // Items interrupted since the last renewal; after it, they go before any other item.
    const interrupted = new Set<string>();
    let owed = new Set<string>();
    const completed = new Set<string>();
    const purpose = new Map<string, string>();
    for (const e of w.log) {
      if (e.who === 'agent') {
        const a = e.item;
        if (a.type === 'renew') {
          purpose.set(a.request_id, 'renew');
          if (!expired)
            return {
              reason: 'renewed-unasked',
              params: { url: a.url },
              expected: 'renewal only when the world asks for it',
            };
          if (a.url !== expired.uri)
            return {
              reason: 'renewed-elsewhere',
              params: { url: a.url },
              expected: `the given refresh_uri ${expired.uri}`,
            };
          if (a.grant_type !== expired.grantType)
            return {
              reason: 'renewed-other-grant-type',
              params: { grantType: a.grant_type },
              expected: expired.grantType,
            };
          if (a.refresh_token !== refresh)
            return {
              reason: 'renewed-other-token',
              params: { refreshToken: a.refresh_token },
              expected: `the refresh token the agent holds: ${refresh}`,
            };
        } else if (a.type === 'send' && a.url === w.c.endpoints.repository) {
          purpose.set(a.request_id, `send:${a.task_id}`);
          if (completed.has(a.task_id))
            return {
              reason: 'redone',
              params: { taskId: a.task_id },
              expected: 'completed items are not redone',
            };
          if (owed.size > 0) {
            if (!owed.has(a.task_id))
              return {
                reason: 'skipped-interrupted',
                params: { taskId: a.task_id },
                expected: `the interrupted item first: ${[...owed].join(' or ')}`,
              };
            if (a.authorization !== `Bearer ${access}`)
              return {
                reason: 'resumed-other-authorization',
                params: { taskId: a.task_id, authorization: a.authorization },
                expected: `Bearer ${access}`,
              };
            owed.delete(a.task_id);
          }
        }
        continue;
      }
      const o = e.item as RecoveryObservation;
      if (o.type === 'dependency_restored' || o.type === 'timer' || o.type === 'document') continue;
      const p = purpose.get(o.request_id);
      if (o.type === 'response' && p === 'renew') {
        if (typeof o.body.access_token === 'string') access = o.body.access_token;
        if (typeof o.body.refresh_token === 'string') refresh = o.body.refresh_token;
        owed = new Set(interrupted);
        interrupted.clear();
      } else if (o.type === 'response' && p?.startsWith('send:')) {
        completed.add(p.slice(5));
      } else if (o.type === 'error' && p?.startsWith('send:')) {
        const sub = (((o.payload.body ?? {}) as JsonObject).sub_errors as JsonObject[] | undefined)?.[0];
        const opt = (sub?.recovery_options as JsonObject[] | undefined)?.[0];
        const params = (opt?.executable_parameters ?? {}) as JsonObject;
        if (sub?.mechanical_condition === 'expired_credential') {
          expired = { uri: String(params.refresh_uri), grantType: String(params.grant_type) };
          interrupted.add(p.slice(5));
        }
      }
    }
    for (const r of [...w.requests.values()].filter((x) => x.cause === 'expire' || x.cause === 'expired-token')) {
      const id = r.action.type === 'send' ? r.action.task_id : '';
      if (!w.done.has(id))
        return {
          reason: 'interrupted-unfinished',
          params: { id },
          expected: 'the migration resumed at the interrupted item',
        };
    }
    return null;
  }),
  messages: {
    ...SESSION_MESSAGES,
    'renewed-unasked': (p) => `renewed at ${p.url} without an expired_credential error to act on`,
    'renewed-elsewhere': (p) => `renewed at ${p.url}`,
    'renewed-other-grant-type': (p) => `renewed with grant_type ${p.grantType}`,
    'renewed-other-token': (p) => `renewed with refresh token ${p.refreshToken}`,
    'redone': (p) => `${p.taskId} was written again after it had completed`,
    'skipped-interrupted': (p) => `after renewal the migration went on with ${p.taskId}`,
    'resumed-other-authorization': (p) => `${p.taskId} was resumed with authorization ${String(p.authorization)}`,
    'interrupted-unfinished': (p) => `the interrupted item ${p.id} was never completed`,
  },
});
