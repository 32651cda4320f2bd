import * as fc from 'fast-check';
import { caseOf, recoveryCase } from '../../generators/recovery/recovery-case.js';
import { handoffTask, plainTask } from '../../generators/recovery/task.js';
import type { CaseTask } from '../../generators/recovery/types.js';
import type { CapabilityLevel } from '../../src/contract/levels.js';
import type { SpecData } from '../../src/spec/index.js';
import { lowReceiver } from './case-shape.js';
import { actions, decodedForms, deliveredAt, deliveredErrors, originPath } from './analysis.js';
import { sessionCheck } from '../../src/engine/kinds/session.js';
import { judgedSession, RECOVERY_SESSION, recoveryCases, type RecoveryFamily, SESSION_MESSAGES } from './cases.js';
import { secretFamilyIn } from './secrets.js';
import type { World } from './world/world.js';
import type { Workflow } from './world/workflow.js';

/**
 * Values no URL may carry: the handoff's private parts and the grant's tokens (D-REC-11). The
 * generators make each of them distinctive (13 characters or more), so each is searched for whole.
 */
function privateValues(w: World): string[] {
  const out = [w.c.grant.access_token, w.c.grant.refresh_token];
  for (const t of w.workflow.tasks)
    if (t.spec.kind === 'handoff') out.push(t.spec.summary, t.spec.principal, t.spec.secret, t.spec.memory);
  return out;
}

/** A handoff to a receiver that takes only `levels` (L0/L1 variants by default). */
const lowHandoff = (
  levels: fc.Arbitrary<CapabilityLevel[]> = fc.constantFrom<CapabilityLevel[]>(['L0', 'L1'], ['L1'], ['L0']),
) => handoffTask([], { faults: fc.constant([]), lowCapability: levels }).map((t) => ({ ...t, deps: [] }));

const negotiateCases = (layout: fc.Arbitrary<CaseTask[]>) => (spec: SpecData) =>
  caseOf(spec.recovery.recoveringLevels, layout, { noise: { kinds: ['schedule', 'write'] } });
const handoffs = (w: Workflow) => w.tasks.filter((t) => t.spec.kind === 'handoff');

/**
 * The ways agents get a negotiation wrong beyond the one handoff: the receiver's levels forgotten
 * for its next handoff (POSTed again once the statement is known), and a receiver that takes L0
 * only taken for one that cannot be handed anything (an agent that looks for L1 alone).
 */
const NEGOTIATE_FAMILIES: RecoveryFamily[] = [
  {
    name: 'negotiate-same-receiver',
    cases: negotiateCases(
      fc
        .tuple(lowHandoff(), fc.array(fc.oneof(lowHandoff(), plainTask(['handoff'])), { minLength: 1, maxLength: 2 }))
        .map(([t, rest]) => [t, ...rest]),
    ),
    holds: (w) => w.tasks.some(lowReceiver) && handoffs(w).length >= 2,
  },
  {
    name: 'negotiate-l0-only',
    cases: negotiateCases(lowHandoff(fc.constant(['L0'])).map((t) => [t])),
    holds: (w) =>
      w.tasks.some(
        (t) => t.spec.kind === 'handoff' && t.spec.lowCapability !== null && !t.spec.lowCapability.includes('L1'),
      ),
  },
];

/**
 * REC-NEGOTIATE (seed 000, scenario 4): after `negotiate_representation` the agent fetches the
 * capability statement, then continues within the receiver's levels (no more mutative POST; a
 * GET-Action notification to the route the statement names), and no URL it uses carries a secret
 * or a private identifier.
 */
const TITLE =
  'A capability mismatch is bridged by fetching the capability statement and using a public-safe GET-Action';

export const recNegotiate = sessionCheck({
  id: 'REC-NEGOTIATE',
  suite: 'recovery',
  severity: 'MUST',
  title: TITLE,
  specRef: '000 §Scenario 4: Autonomous Recovery from Incompatible Versions',
  statement:
    "After negotiate_representation the agent GETs the capability statement it was given, never POSTs that step (nor, once the statement is known, any step to that receiver) again, hands the step over with a GET of the statement's get_action route naming the task, and puts no secret, token or private identifier in any URL (000 §Scenario 4; D-REC-11, D-REC-12).",
  decisions: ['D-REC-01', 'D-REC-02', 'D-REC-04', 'D-REC-11', 'D-REC-12'],
  cases: recoveryCases({
    title: TITLE,
    arbitrary: (spec) =>
      recoveryCase({
        levels: spec.recovery.recoveringLevels,
        focus: handoffTask([], {
          faults: fc.constant([]),
          lowCapability: fc.constantFrom(['L0', 'L1'], ['L1'], ['L0']),
        }),
        focusCount: { min: 1, max: 2 },
        others: { kinds: ['handoff', 'schedule', 'write'] },
      }),
    families: NEGOTIATE_FAMILIES,
  }),
  ...RECOVERY_SESSION,
  judge: judgedSession((s) => {
    const w = s.world;
    const all = actions(w);
    const receiver = new URL(w.c.endpoints.receiver).origin;
    const statement = w.c.endpoints.capabilityStatement;
    const route = originPath(w.c.endpoints.getAction);
    for (const err of deliveredErrors(w).filter((e) => e.condition === 'unsupported_format')) {
      const taskId = err.taskId!;
      const fetch = all.find((a) => a.i > err.i && a.item.type === 'fetch' && a.item.url === statement);
      const known = fetch && fetch.item.type === 'fetch' ? deliveredAt(w, fetch.item.request_id) : undefined;
      const later = all.filter((a) => a.i > err.i);
      const post = later.find(
        (a) =>
          a.item.type === 'send' &&
          (a.item.task_id === taskId ||
            (known !== undefined && a.i > known && new URL(a.item.url).origin === receiver)),
      );
      if (post && post.item.type === 'send')
        return {
          reason: 'posted-again',
          params: { taskId: post.item.task_id },
          expected: 'only GET requests within the supported levels',
        };
      const notify = later.find(
        (a) => a.item.type === 'fetch' && a.item.task_id === taskId && originPath(a.item.url) === route,
      );
      if (!notify)
        return {
          reason: 'no-get-action',
          params: { taskId },
          expected: `a GET to ${w.c.endpoints.getAction}`,
        };
      if (known === undefined || notify.i < known)
        return {
          reason: 'get-action-first',
          params: { taskId },
          expected: `a GET of ${statement} first`,
        };
    }
    const secrets = privateValues(w);
    for (const a of all) {
      if (!('url' in a.item)) continue;
      const url = a.item.url;
      // As written, percent-decoded, and hidden in base64 (an "opaque" reference that is the value encoded is the value).
      const forms = [url, ...decodedForms(url)];
      const leaked = secrets.find((v) => url.includes(encodeURIComponent(v)) || forms.some((f) => f.includes(v)));
      if (leaked !== undefined)
        return {
          reason: 'url-private-value',
          params: { step: a.step, action: a.item.type, url },
          expected: `no secret or private identifier in a URL, raw or encoded (found ${JSON.stringify(leaked)})`,
        };
      const flagged = forms.map((f) => secretFamilyIn(f)).find((f) => f !== null);
      if (flagged)
        return {
          reason: 'url-secret',
          params: { step: a.step, action: a.item.type, flagged, url },
          expected: 'no secret in a URL, raw or encoded',
        };
    }
    return null;
  }),
  messages: {
    ...SESSION_MESSAGES,
    'posted-again': (p) => `${p.taskId} was POSTed to the L1 receiver again after its capability error`,
    'no-get-action': (p) => `${p.taskId} was never handed over through the receiver's GET-Action route`,
    'get-action-first': (p) => `${p.taskId}'s GET-Action came before the capability statement was retrieved`,
    'url-private-value': (p) => `#${p.step} ${p.action} URL carries a private value: ${p.url}`,
    'url-secret': (p) => `#${p.step} ${p.action} URL carries a ${p.flagged}: ${p.url}`,
  },
});
