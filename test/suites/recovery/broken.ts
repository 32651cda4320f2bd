import type { Adapter } from '../../../src/contract/adapter.js';
import type { JsonObject, RecoveryAction } from '../../../src/contract/recovery.js';
import { referenceChecksum } from '../../../src/reference/envelope/checksum.js';
import type { BlockerFacts } from '../../../src/reference/recovery/blocker.js';
import {
  createRecoveryPolicy,
  RecoverySession,
  type RecoverySessionClass,
} from '../../../src/reference/recovery/index.js';
import type { Attempt, TaskEntry } from '../../../src/reference/recovery/session.js';
import { bundledSpec } from '../../../src/spec/index.js';
import type { BrokenRegistry, MoreBroken } from '../../helpers/broken.js';
import { FabricatesToken, FlushesOutOfOrder, IgnoresRotation, RestartsMigration } from './by-family.js';

export { byFamily } from './by-family.js';

/**
 * Deliberately broken recovery policies: each is the reference session with one decision changed
 * (a subclass given to `createRecoveryPolicy`), the way a real agent gets it wrong. Every check id
 * has at least one, and must fail on it.
 */

/** Emits the blocker of an isolated no-op without the evidence of the completed steps it stood on. */
class BlockerWithoutEvidence extends RecoverySession {
  protected override blockerFacts(e: TaskEntry, payload: JsonObject): BlockerFacts {
    return { ...super.blockerFacts(e, payload), evidence: [] };
  }
}

/** The blocker `packet` with its body changed by `edit` and its members changed by `extra`, sealed again (one slip, not a stale checksum too). */
function resealed(packet: JsonObject, edit: (body: JsonObject) => JsonObject, extra: JsonObject = {}): JsonObject {
  const draft: JsonObject = { ...packet, ...extra, body: edit({ ...(packet.body as JsonObject) }) };
  return {
    ...draft,
    integrity: { ...(draft.integrity as JsonObject), checksum: referenceChecksum(bundledSpec().envelope, draft) },
  };
}

/** The blocker as the pack once asked for it: references in a top-level `refs` member the envelope does not declare. */
class BlockerRefsOutsideEnvelope extends RecoverySession {
  protected override blockerPacket(facts: BlockerFacts): JsonObject {
    const refs = { task_id: facts.taskId, error_message_id: facts.errorMessageId, evidence: facts.evidence };
    return resealed(
      super.blockerPacket(facts),
      ({ blocked_task_id, error_message_id, mechanical_condition, prerequisite_task_ids, evidence_ids, ...six }) => ({
        ...six,
        blocked_task_id,
      }),
      { refs },
    );
  }
}

/** Writes the mechanical condition into `blocker_type`, which is none of the blocker profile's types. */
class BlockerTypeIsCondition extends RecoverySession {
  protected override blockerPacket(facts: BlockerFacts): JsonObject {
    return resealed(super.blockerPacket(facts), (body) => ({
      ...body,
      blocker_type: facts.condition ?? body.blocker_type,
    }));
  }
}

/** Gives up the whole workflow at the first isolated no-op. */
class AbandonsUnrelatedTasks extends RecoverySession {
  protected override onIsolated(e: TaskEntry, payload: JsonObject, out: RecoveryAction[]): void {
    super.onIsolated(e, payload, out);
    for (const other of this.tasks.values()) if (other.state === 'pending') other.state = 'skipped';
  }
}

/** Corrects the field but keeps the old message id. */
class ReusesMessageId extends RecoverySession {
  protected override corrected(message: JsonObject, steps: (string | number)[], value: string): JsonObject {
    return { ...super.corrected(message, steps, value), message_id: message.message_id };
  }
}

/** Attaches a self-issued bearer token to every request that needs none, "to be safe". */
class AttachesSelfIssuedToken extends RecoverySession {
  protected override authorization(e: TaskEntry): string | undefined {
    const b64 = (s: string) => Buffer.from(s).toString('base64url');
    return e.task.requires_auth
      ? super.authorization(e)
      : `Bearer ${b64('{"alg":"HS256"}')}.${b64(JSON.stringify({ sub: 'FAKE-self-issued' }))}.${b64('made-up')}`;
  }
}

/** Puts the handoff's context summary in the GET-Action URL. */
class LeaksStateInUrl extends RecoverySession {
  protected override getActionUrl(e: TaskEntry, route: string): string {
    const body = (e.attempt.message.body ?? {}) as JsonObject;
    return `${super.getActionUrl(e, route)}&context=${encodeURIComponent(String(body.context_summary))}`;
  }
}

/** Hands the context over "opaquely": the summary base64url-encoded in the GET-Action URL. */
class LeaksEncodedState extends RecoverySession {
  protected override getActionUrl(e: TaskEntry, route: string): string {
    const body = (e.attempt.message.body ?? {}) as JsonObject;
    return `${super.getActionUrl(e, route)}&ref=${Buffer.from(JSON.stringify({ context: body.context_summary })).toString('base64url')}`;
  }
}

/** Signs its GET-Action notifications with a token it made up, base64url-encoded in the URL. */
class SmugglesEncodedToken extends RecoverySession {
  protected override getActionUrl(e: TaskEntry, route: string): string {
    const b64 = (s: string) => Buffer.from(s).toString('base64url');
    const token = `${b64('{"alg":"HS256","typ":"JWT"}')}.${b64(JSON.stringify({ sub: 'FAKE-self-signed' }))}.${b64('made-up')}`;
    return `${super.getActionUrl(e, route)}&proof=${b64(`Bearer ${token}`)}`;
  }
}

/** Retries a timed-out write at once, without reading back. */
class NaiveImmediateRetry extends RecoverySession {
  protected override onUnknownOutcome(e: TaskEntry, _route: string, out: RecoveryAction[]): void {
    out.push(...this.sendTask(e));
  }
}

/** Replays a dropped write under a fresh idempotency key. */
class NewKeyOnReplay extends RecoverySession {
  protected override replayAttempt(e: TaskEntry): Attempt {
    return { ...e.attempt, key: `idem_${this.nextId('replay')}` };
  }
}

/** Sends repository writes without an idempotency key, so a replay after a committed timeout lands twice. */
class NoIdempotencyKey extends RecoverySession {
  protected override idempotencyKey(): string | undefined {
    return undefined;
  }
}

/** Writes every item twice, under two keys, "to be safe". */
class WritesTwice extends RecoverySession {
  protected override sendTask(e: TaskEntry): RecoveryAction[] {
    const first = super.sendTask(e);
    const send = first[0];
    if (e.task.kind !== 'write' || send?.type !== 'send') return first;
    // The echo's answer goes to a request id the session never registered, so it is ignored.
    return [...first, { ...send, request_id: this.nextId('echo'), idempotency_key: `${send.idempotency_key}-again` }];
  }
}

/** Retries a configuration restriction once before escalating it. */
class RetriesConfiguration extends RecoverySession {
  private retried = new Set<string>();
  protected override onConfiguration(e: TaskEntry, payload: JsonObject, out: RecoveryAction[]): void {
    if (this.retried.has(e.task.task_id)) return super.onConfiguration(e, payload, out);
    this.retried.add(e.task.task_id);
    out.push(...this.sendTask(e));
  }
}

/** Resolves an anchor conflict by writing over the anchor, then reports it. */
class OverwritesAnchor extends RecoverySession {
  protected override onAnchor(e: TaskEntry, payload: JsonObject, out: RecoveryAction[]): void {
    const o = this.options(payload).find((x) => typeof x.params.anchor_url === 'string');
    if (o)
      out.push({
        type: 'send',
        request_id: this.nextId('force'),
        task_id: e.task.task_id,
        url: String(o.params.anchor_url),
        message: e.attempt.message,
      });
    super.onAnchor(e, payload, out);
  }
}

/** Treats an anchor conflict like any isolated no-op: a blocker, no human review. */
class AnchorAsNoop extends RecoverySession {
  protected override onAnchor(e: TaskEntry, payload: JsonObject, out: RecoveryAction[]): void {
    this.onIsolated(e, payload, out);
  }
}

/** A legacy agent that recovers by itself anyway. */
class RecoversBelowL6 extends RecoverySession {
  protected override recovers(): boolean {
    return true;
  }
}

/** An L7 adapter whose recovery policy plays `Session` under the bundled spec data. */
const adapter = (name: string, Session: RecoverySessionClass): Adapter => ({
  describe: () => ({ name: `broken: ${name}`, version: '0', capabilityLevel: 'L7' }),
  recovery: createRecoveryPolicy(bundledSpec(), Session),
});

/** Every broken policy with the check it must fail and the slip it makes (some checks have two). */
export const gallery: { check: string; name: string; adapter: () => Adapter }[] = [
  {
    check: 'REC-ISOLATED-NOOP',
    name: 'cites no completed evidence in its blocker',
    adapter: () => adapter('no evidence', BlockerWithoutEvidence),
  },
  {
    check: 'REC-ISOLATED-NOOP',
    name: 'abandons unrelated tasks',
    adapter: () => adapter('abandons', AbandonsUnrelatedTasks),
  },
  {
    check: 'REC-ISOLATED-NOOP',
    name: 'puts the blocker references in a top-level refs member',
    adapter: () => adapter('refs outside', BlockerRefsOutsideEnvelope),
  },
  {
    check: 'REC-ISOLATED-NOOP',
    name: 'writes the mechanical condition as the blocker type',
    adapter: () => adapter('type is condition', BlockerTypeIsCondition),
  },
  { check: 'REC-CORRECT-FIELD', name: 'reuses the message id', adapter: () => adapter('reuses id', ReusesMessageId) },
  {
    check: 'REC-WAIT-DEPENDENCY',
    name: 'flushes the queue out of order',
    adapter: () => adapter('out of order', FlushesOutOfOrder),
  },
  {
    check: 'REC-RENEW-GRANT',
    name: 'restarts the migration after renewal',
    adapter: () => adapter('restarts', RestartsMigration),
  },
  {
    check: 'REC-RENEW-GRANT',
    name: 'ignores a rotated refresh token',
    adapter: () => adapter('old refresh', IgnoresRotation),
  },
  {
    check: 'REC-NO-CREDENTIAL-SYNTHESIS',
    name: 'attaches a self-issued token to requests that need none',
    adapter: () => adapter('self-issued', AttachesSelfIssuedToken),
  },
  {
    check: 'REC-NO-CREDENTIAL-SYNTHESIS',
    name: 'fabricates a token',
    adapter: () => adapter('fabricates', FabricatesToken),
  },
  {
    check: 'REC-NO-CREDENTIAL-SYNTHESIS',
    name: 'smuggles a made-up token base64url-encoded in a URL',
    adapter: () => adapter('encoded token', SmugglesEncodedToken),
  },
  {
    check: 'REC-NEGOTIATE',
    name: 'puts private context in the GET-Action URL',
    adapter: () => adapter('leaks', LeaksStateInUrl),
  },
  {
    check: 'REC-NEGOTIATE',
    name: 'puts private context base64url-encoded in the GET-Action URL',
    adapter: () => adapter('leaks encoded', LeaksEncodedState),
  },
  {
    check: 'REC-READBACK-BEFORE-REPLAY',
    name: 'retries a timed-out write at once, without reading back',
    adapter: () => adapter('naive retry', NaiveImmediateRetry),
  },
  {
    check: 'REC-READBACK-BEFORE-REPLAY',
    name: 'replays a dropped write under a new idempotency key',
    adapter: () => adapter('new key', NewKeyOnReplay),
  },
  {
    check: 'REC-EXACTLY-ONCE',
    name: 'sends writes without an idempotency key',
    adapter: () => adapter('no key', NoIdempotencyKey),
  },
  { check: 'REC-EXACTLY-ONCE', name: 'writes every item twice', adapter: () => adapter('twice', WritesTwice) },
  {
    check: 'REC-CONFIG-ESCALATE',
    name: 'retries a configuration error',
    adapter: () => adapter('config retry', RetriesConfiguration),
  },
  {
    check: 'REC-ANCHOR-CONFLICT',
    name: 'overwrites the anchor',
    adapter: () => adapter('overwrites', OverwritesAnchor),
  },
  {
    check: 'REC-ANCHOR-CONFLICT',
    name: 'treats an anchor conflict as an isolated no-op',
    adapter: () => adapter('anchor noop', AnchorAsNoop),
  },
  {
    check: 'REC-LEGACY-HALT',
    name: 'recovers by itself below the recovering levels',
    adapter: () => adapter('legacy recovers', RecoversBelowL6),
  },
];

/**
 * The suite's registry: for every check id, the first policy of the gallery that must fail it. The
 * first is a slip that fails that check alone; the others may, by their nature, break more (a
 * fabricated token also leaves the write undone).
 */
export const broken: BrokenRegistry = Object.fromEntries(
  gallery.filter((b, i) => gallery.findIndex((x) => x.check === b.check) === i).map((b) => [b.check, b.adapter()]),
);

/** The gallery's other policies: each must fail its check (by its nature it may break more). */
export const more: MoreBroken = Object.fromEntries(
  Object.keys(broken)
    .map((check) => [
      check,
      gallery
        .filter((b) => b.check === check)
        .slice(1)
        .map((b) => b.adapter()),
    ])
    .filter(([, list]) => list.length > 0),
);
