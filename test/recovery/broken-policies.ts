import type { Adapter, CapabilityLevel } from '../../src/contract/adapter.js';
import type { JsonObject, RecoveryAction } from '../../src/contract/recovery.js';
import { createRecoveryPolicy, RecoverySession } from '../../src/reference/recovery/index.js';
import type { Attempt, TaskEntry } from '../../src/reference/recovery/session.js';

/**
 * Deliberately broken recovery policies: each is the reference with one decision changed, the
 * way a real agent gets it wrong. Every check ID has at least one, and must fail on it.
 */

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

/** Flushes the queued packets newest first once the orchestrator is back. */
class FlushesOutOfOrder extends RecoverySession {
  protected override onRestored(out: RecoveryAction[]): void {
    super.onRestored(out);
    const queued = this.order.map((id) => this.tasks.get(id)!).filter((e) => e.task.kind === 'status' && e.state === 'pending');
    for (const e of queued.reverse()) out.push(...this.sendTask(e));
  }
}

/** After a renewal, restarts the migration from its first item. */
class RestartsMigration extends RecoverySession {
  protected override onRenewed(body: JsonObject, out: RecoveryAction[]): void {
    for (const e of this.tasks.values()) if (e.task.kind === 'write' && e.state === 'done') e.state = 'pending';
    this.interrupted.splice(0).forEach((id) => (this.tasks.get(id)!.state = 'pending'));
    super.onRenewed(body, out);
  }
}

/** Ignores a rotated refresh token and renews with the first one again. */
class IgnoresRotation extends RecoverySession {
  protected override onRenewed(body: JsonObject, out: RecoveryAction[]): void {
    const { refresh_token: _rotated, ...rest } = body;
    super.onRenewed(rest, out);
  }
}

/** Mints its own token instead of renewing the grant. */
class FabricatesToken extends RecoverySession {
  protected override onExpired(e: TaskEntry, _o: unknown, out: RecoveryAction[]): void {
    const b64 = (s: string) => Buffer.from(s).toString('base64url');
    this.access = `${b64('{"alg":"HS256"}')}.${b64(JSON.stringify({ sub: 'FAKE-self-issued', exp: 4102444800 }))}.${b64('made-up')}`;
    out.push(...this.sendTask(e));
  }
}

/** Puts the handoff's context summary in the GET-Action URL. */
class LeaksStateInUrl extends RecoverySession {
  protected override getActionUrl(e: TaskEntry, route: string): string {
    const body = (e.attempt.message.body ?? {}) as JsonObject;
    return `${super.getActionUrl(e, route)}&context=${encodeURIComponent(String(body.context_summary))}`;
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
    if (o) out.push({ type: 'send', request_id: this.nextId('force'), task_id: e.task.task_id, url: String(o.params.anchor_url), message: e.attempt.message });
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

const adapter = (name: string, Session: typeof RecoverySession, level: CapabilityLevel = 'L7'): Adapter => ({
  describe: () => ({ name: `broken: ${name}`, version: '0', capabilityLevel: level }),
  recovery: createRecoveryPolicy(Session),
});

/** Each broken policy with the check it must fail. */
export const BROKEN: { check: string; name: string; adapter: () => Adapter }[] = [
  { check: 'REC-ISOLATED-NOOP', name: 'abandons unrelated tasks', adapter: () => adapter('abandons', AbandonsUnrelatedTasks) },
  { check: 'REC-CORRECT-FIELD', name: 'reuses the message id', adapter: () => adapter('reuses id', ReusesMessageId) },
  { check: 'REC-WAIT-DEPENDENCY', name: 'flushes the queue out of order', adapter: () => adapter('out of order', FlushesOutOfOrder) },
  { check: 'REC-RENEW-GRANT', name: 'restarts the migration after renewal', adapter: () => adapter('restarts', RestartsMigration) },
  { check: 'REC-RENEW-GRANT', name: 'ignores a rotated refresh token', adapter: () => adapter('old refresh', IgnoresRotation) },
  { check: 'REC-NO-CREDENTIAL-SYNTHESIS', name: 'fabricates a token', adapter: () => adapter('fabricates', FabricatesToken) },
  { check: 'REC-NEGOTIATE', name: 'puts private context in the GET-Action URL', adapter: () => adapter('leaks', LeaksStateInUrl) },
  { check: 'REC-READBACK-BEFORE-REPLAY', name: 'naive immediate retry', adapter: () => adapter('naive retry', NaiveImmediateRetry) },
  { check: 'REC-READBACK-BEFORE-REPLAY', name: 'new idempotency key on replay', adapter: () => adapter('new key', NewKeyOnReplay) },
  { check: 'REC-EXACTLY-ONCE', name: 'writes every item twice', adapter: () => adapter('twice', WritesTwice) },
  { check: 'REC-CONFIG-ESCALATE', name: 'retries a configuration error', adapter: () => adapter('config retry', RetriesConfiguration) },
  { check: 'REC-ANCHOR-CONFLICT', name: 'overwrites the anchor', adapter: () => adapter('overwrites', OverwritesAnchor) },
  { check: 'REC-ANCHOR-CONFLICT', name: 'treats an anchor conflict as an isolated no-op', adapter: () => adapter('anchor noop', AnchorAsNoop) },
  { check: 'REC-LEGACY-HALT', name: 'a legacy agent that recovers by itself', adapter: () => adapter('legacy recovers', RecoversBelowL6) },
];

/** One broken adapter per check id (the first listed), for the pack-wide "every check can fail" test. */
export const brokenRecoveryAdapters: Record<string, Adapter> = Object.fromEntries(
  [...new Map([...BROKEN].reverse().map((b) => [b.check, b] as const)).values()].map((b) => [b.check, b.adapter()]),
);
