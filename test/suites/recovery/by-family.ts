import type { Adapter } from '../../../src/contract/adapter.js';
import type { JsonObject, RecoveryAction } from '../../../src/contract/recovery.js';
import type { BlockerFacts } from '../../../src/reference/recovery/blocker.js';
import {
  createRecoveryPolicy,
  RecoverySession,
  type RecoverySessionClass,
} from '../../../src/reference/recovery/index.js';
import type { Completion, TaskEntry } from '../../../src/reference/recovery/session.js';
import { bundledSpec } from '../../../src/spec/index.js';
import type { ByFamily } from '../../helpers/broken.js';

/**
 * Broken recovery agents by mutation family: for a check, per family, the reference session with
 * one slip that only that family's cases expose (the agent answers every other case of the check
 * rightly). `describeGallery` proves each: a default run of the check fails on a case of the family.
 */

// ---- shared slips: a restriction retried once another fault resolves ----------------------------

const FAILED = new Set(['blocked', 'escalated', 'skipped']);

/** "Connectivity is back: retry whatever failed." Every stopped step goes again when any dependency returns. */
class RetriesFailedAfterRestore extends RecoverySession {
  protected override onRestored(url: string, out: RecoveryAction[]): void {
    for (const e of this.tasks.values()) if (FAILED.has(e.state)) e.state = 'pending';
    super.onRestored(url, out);
  }
}

/** "Maybe it was the credential": after a renewal, every stopped step goes again with the new token. */
class RetriesFailedAfterRenewal extends RecoverySession {
  protected override onRenewed(body: JsonObject, out: RecoveryAction[]): void {
    for (const e of this.tasks.values()) if (FAILED.has(e.state)) e.state = 'pending';
    super.onRenewed(body, out);
  }
}

// ---- REC-ISOLATED-NOOP ----------------------------------------------------------------------------

/** The blocker cites the first completed prerequisite only, and its evidence. */
class CitesFirstPrerequisiteOnly extends RecoverySession {
  protected override blockerFacts(e: TaskEntry, payload: JsonObject): BlockerFacts {
    const f = super.blockerFacts(e, payload);
    return { ...f, prerequisites: f.prerequisites.slice(0, 1), evidence: f.evidence.slice(0, 1) };
  }
}

/** Keeps evidence ids from responses only: a step completed through a readback or a GET-Action has none to cite. */
class CitesResponseEvidenceOnly extends RecoverySession {
  protected override markDone(e: TaskEntry, evidence: string, via: Completion): void {
    super.markDone(e, via === 'response' ? evidence : '', via);
  }
}

/** Takes the no-op for its endpoint: every other pending step to the same URL is dropped with it. */
class StopsTheEndpoint extends RecoverySession {
  protected override onIsolated(e: TaskEntry, payload: JsonObject, out: RecoveryAction[]): void {
    super.onIsolated(e, payload, out);
    for (const other of this.tasks.values())
      if (other.state === 'pending' && other.task.url === e.task.url) other.state = 'skipped';
  }
}

/** Counts a stopped step as finished for its dependents: "Step B is handled, go on with what follows it". */
class RunsDependentsOfStopped extends RecoverySession {
  protected override dependencyFailed(d: TaskEntry): boolean {
    return d.state !== 'blocked' && super.dependencyFailed(d);
  }
  protected override dependencyMet(d: TaskEntry): boolean {
    return d.state === 'blocked' || super.dependencyMet(d);
  }
}

/** Skips the direct dependents of a stopped step, but starts any step whose dependencies have all finished (a skipped one too). */
class SkipsDirectDependentsOnly extends RecoverySession {
  protected override dependencyFailed(d: TaskEntry): boolean {
    return d.state === 'blocked';
  }
  protected override dependencyMet(d: TaskEntry): boolean {
    return d.state === 'done' || d.state === 'skipped';
  }
}

// ---- REC-CONFIG-ESCALATE ----------------------------------------------------------------------

/** The condition of an error's first recovery option. */
const conditionOf = (s: RecoverySession, payload: JsonObject): string | undefined =>
  (s as unknown as { options(p: JsonObject): { condition: string }[] }).options(payload)[0]?.condition;

/** Dispatches on the mechanical condition before the origin: a configuration restriction with `condition` is taken for an isolated no-op (a blocker, never escalated). */
function conditionBeforeOrigin(condition: string): RecoverySessionClass {
  return class extends RecoverySession {
    protected override recover(e: TaskEntry, payload: JsonObject, out: RecoveryAction[]): void {
      if (conditionOf(this, payload) === condition && ((payload.body ?? {}) as JsonObject).origin === 'configuration')
        return this.onIsolated(e, payload, out);
      super.recover(e, payload, out);
    }
  };
}

/** Takes an exhausted allocation for one that refills: sends the step once more before escalating it. */
class RetriesExhaustedAllocation extends RecoverySession {
  private readonly retried = new Set<string>();
  protected override onConfiguration(e: TaskEntry, payload: JsonObject, out: RecoveryAction[]): void {
    if (conditionOf(this, payload) !== 'exhausted_allocation' || this.retried.has(e.task.task_id))
      return super.onConfiguration(e, payload, out);
    this.retried.add(e.task.task_id);
    out.push(...this.sendTask(e));
  }
}

// ---- REC-ANCHOR-CONFLICT ----------------------------------------------------------------------

/** One human review per session: after the first anchor conflict is escalated, a later one is only reported with a blocker. */
class EscalatesOneAnchorConflict extends RecoverySession {
  private escalatedOne = false;
  protected override onAnchor(e: TaskEntry, payload: JsonObject, out: RecoveryAction[]): void {
    if (this.escalatedOne) return this.onIsolated(e, payload, out);
    this.escalatedOne = true;
    super.onAnchor(e, payload, out);
  }
}

// ---- REC-WAIT-DEPENDENCY ----------------------------------------------------------------------

/** Flushes the queued packets newest first once the orchestrator is back. */
export class FlushesOutOfOrder extends RecoverySession {
  protected override onRestored(url: string, out: RecoveryAction[]): void {
    super.onRestored(url, out);
    const queued = this.order
      .map((id) => this.tasks.get(id)!)
      .filter((e) => e.task.kind === 'status' && e.state === 'pending');
    for (const e of queued.reverse()) out.push(...this.sendTask(e));
  }
}

/** Off by one on the retries: makes `max_retries + 1` of them ("max_retries attempts after the first retry"). */
class OneRetryTooMany extends RecoverySession {
  protected override maxRetries(o: Parameters<RecoverySession['maxRetries']>[0]): number {
    return super.maxRetries(o) + 1;
  }
}

/** A backoff that grows linearly (1 s, 2 s, 3 s...): right for two retries, too fast from the third. */
class LinearBackoff extends RecoverySession {
  protected override backoffDelay(k: number): number {
    return this.spec.recovery.backoff.initialDelayMs * k;
  }
}

/** Reads `max_retries` once per session: a later outage with fewer retries gets the first one's count. */
class FirstEpisodeRetries extends RecoverySession {
  private first?: number;
  protected override maxRetries(o: Parameters<RecoverySession['maxRetries']>[0]): number {
    return (this.first ??= super.maxRetries(o));
  }
}

/** Keeps the backoff timer of an episode after the dependency's return, and retries its head when it fires. */
class ActsOnStaleTimer extends RecoverySession {
  private readonly heads = new Map<number, string>();
  protected override onDependencyFailure(
    e: TaskEntry,
    o: Parameters<RecoverySession['maxRetries']>[0],
    out: RecoveryAction[],
  ): void {
    super.onDependencyFailure(e, o, out);
    const d = this.down.get(e.task.url)!;
    this.heads.set(d.episode, d.head);
  }
  protected override onBackoffTimer(p: { url: string; episode: number }, out: RecoveryAction[]): void {
    if (this.down.get(p.url)?.episode === p.episode) return super.onBackoffTimer(p, out);
    out.push(...this.sendTask(this.tasks.get(this.heads.get(p.episode)!)!));
  }
}

/**
 * Sends every task that is ready, several to one endpoint at once (the contract allows it), but
 * keeps the reference's backoff, which answers each dependency failure with a timer of its own: two
 * requests in flight when the dependency goes down make two timers, and so two retries at once.
 */
class BackoffPerFailedRequest extends RecoverySession {
  protected override busy(): boolean {
    return false;
  }
}

/** Takes any dependency's return for every dependency's: all that waited go again. */
class RestoresEveryDependency extends RecoverySession {
  protected override onRestored(url: string, out: RecoveryAction[]): void {
    for (const u of [...this.down.keys()]) super.onRestored(u, out);
    void url;
  }
}

// ---- REC-RENEW-GRANT ----------------------------------------------------------------------------

/** Ignores a rotated refresh token and renews with the first one again. */
export class IgnoresRotation extends RecoverySession {
  protected override onRenewed(body: JsonObject, out: RecoveryAction[]): void {
    const { refresh_token: _rotated, ...rest } = body;
    super.onRenewed(rest, out);
  }
}

/** After a renewal, restarts the migration from its first item. */
export class RestartsMigration extends RecoverySession {
  protected override onRenewed(body: JsonObject, out: RecoveryAction[]): void {
    for (const e of this.tasks.values()) if (e.task.kind === 'write' && e.state === 'done') e.state = 'pending';
    this.interrupted.splice(0).forEach((id) => (this.tasks.get(id)!.state = 'pending'));
    super.onRenewed(body, out);
  }
}

/** A loop guard: renews at most once per item, and escalates an item whose token expires again. */
class RenewsOncePerItem extends RecoverySession {
  private readonly renewedFor = new Set<string>();
  protected override onExpired(
    e: TaskEntry,
    o: Parameters<RecoverySession['maxRetries']>[0],
    out: RecoveryAction[],
  ): void {
    if (this.renewedFor.has(e.task.task_id))
      return this.escalate(e, { message_id: '', body: {} }, 'the grant was renewed for this item already', out);
    this.renewedFor.add(e.task.task_id);
    super.onExpired(e, o, out);
  }
}

/** After a renewal, puts the interrupted item at the back of the queue: the next waiting write goes first. */
class RequeuesInterrupted extends RecoverySession {
  private readonly requeued: string[] = [];
  protected override onRenewed(body: JsonObject, out: RecoveryAction[]): void {
    for (const id of this.interrupted.splice(0)) {
      this.tasks.get(id)!.state = 'pending';
      this.requeued.push(id);
    }
    super.onRenewed(body, out);
  }
  protected override sendOrder(): string[] {
    return [...this.order.filter((id) => !this.requeued.includes(id)), ...this.requeued];
  }
}

// ---- REC-CORRECT-FIELD --------------------------------------------------------------------------

/** Corrects a step once: if the endpoint refuses the corrected message too, the step is reported as stopped (no endless loop). */
class CorrectsOnce extends RecoverySession {
  private readonly corrections = new Set<string>();
  protected override onSchema(
    e: TaskEntry,
    p: { fieldPath: string; format: string },
    schema: JsonObject,
    out: RecoveryAction[],
  ): void {
    if (this.corrections.has(e.task.task_id))
      return this.onIsolated(e, { message_id: '', body: { detail: `cannot correct ${p.fieldPath}` } }, out);
    this.corrections.add(e.task.task_id);
    super.onSchema(e, p, schema, out);
  }
}

/** Writes the corrected value under `parameters`, by the path's last name, whatever the path's depth. */
class WritesUnderParameters extends CorrectsOnce {
  protected override corrected(message: JsonObject, steps: (string | number)[], value: string): JsonObject {
    return super.corrected(message, ['parameters', steps[steps.length - 1]!], value);
  }
}

/** Reads `field_path` in dot notation only (`$.a.b`, and index steps `[10]`): a bracketed name is a path it cannot read. */
class DotOnlyPath extends RecoverySession {
  protected override fieldSteps(fieldPath: string): (string | number)[] | null {
    if (!/^\$(\.[A-Za-z_]\w*|\[\d+\])+$/.test(fieldPath)) return null;
    return [...fieldPath.matchAll(/\.([A-Za-z_]\w*)|\[(\d+)\]/g)].map((m) => m[1] ?? Number(m[2]));
  }
}

/** Reads names, dotted or bracketed, but no index step: `[10]` is no step it knows, so the field cannot be corrected. */
class NoIndexSteps extends RecoverySession {
  protected override fieldSteps(fieldPath: string): (string | number)[] | null {
    return /\[\d+\]/.test(fieldPath) ? null : super.fieldSteps(fieldPath);
  }
}

/** Reads bracketed names, in either quote, but keeps their escapes (`o\'clock` stays with its backslash). */
class KeepsPathEscapes extends RecoverySession {
  protected override fieldSteps(fieldPath: string): (string | number)[] | null {
    const steps: (string | number)[] = [];
    for (const m of fieldPath.slice(1).matchAll(/\.([A-Za-z_]\w*)|\[(['"])((?:(?!\2)[^\\]|\\.)*)\2\]|\[(\d+)\]/g))
      steps.push(m[1] ?? m[3] ?? Number(m[4]));
    return steps;
  }
}

/**
 * Reads field paths step by step (`.name`, `['name']` with its escapes, `[n]`) but knows only
 * single-quoted names: `["name"]`, which RFC 9535 allows as well, is a path it cannot read.
 */
class SingleQuotedNamesOnly extends RecoverySession {
  protected override fieldSteps(fieldPath: string): (string | number)[] | null {
    if (!fieldPath.startsWith('$')) return null;
    const step = /\.([A-Za-z_]\w*)|\['((?:[^'\\]|\\.)*)'\]|\[(\d+)\]/y;
    const steps: (string | number)[] = [];
    step.lastIndex = 1;
    while (step.lastIndex < fieldPath.length) {
      const m = step.exec(fieldPath);
      if (!m) return null;
      steps.push(m[1] ?? (m[2] !== undefined ? m[2].replace(/\\(.)/gsu, '$1') : Number(m[3])));
    }
    return steps;
  }
}

/** Copies the message member by member with assignment (`out[k] = copy(v)`): a member named `__proto__` becomes the copy's prototype. */
class CopiesByAssignment extends CorrectsOnce {
  protected override corrected(message: JsonObject, steps: (string | number)[], value: string): JsonObject {
    const copy = (v: unknown): unknown => {
      if (Array.isArray(v)) return v.map(copy);
      if (v === null || typeof v !== 'object') return v;
      const out: Record<string, unknown> = {};
      for (const k in v) out[k] = copy((v as Record<string, unknown>)[k]);
      return out;
    };
    return super.corrected(copy(message) as JsonObject, steps, value);
  }
}

/** Guards against "no value" with a falsy test: the epoch, 0 seconds, is no value to it. */
class TakesZeroForNoValue extends RecoverySession {
  protected override dateTimeOf(value: unknown, format: string): string | undefined {
    return value ? super.dateTimeOf(value, format) : undefined;
  }
}

/** Gives every corrected message of a session the same "new" message id. */
class OneCorrectedIdPerSession extends RecoverySession {
  protected override corrected(message: JsonObject, steps: (string | number)[], value: string): JsonObject {
    return { ...super.corrected(message, steps, value), message_id: `msg-${this.id}-corrected` };
  }
}

// ---- REC-NEGOTIATE ----------------------------------------------------------------------------

/** Forgets what a receiver's statement said once its handoff is done: its next handoff is POSTed again. */
class ForgetsReceiverLevels extends RecoverySession {
  protected override onCapability(e: TaskEntry, doc: JsonObject, out: RecoveryAction[]): void {
    super.onCapability(e, doc, out);
    this.getOnly.clear();
  }
}

/** Looks for L1 in the receiver's levels: a receiver that takes L0 only is one it cannot hand anything to. */
class NeedsL1 extends RecoverySession {
  protected override onCapability(e: TaskEntry, doc: JsonObject, out: RecoveryAction[]): void {
    const levels = ((doc.body ?? {}) as JsonObject).supported_levels;
    if (!Array.isArray(levels) || !levels.includes('L1'))
      return this.onIsolated(e, { message_id: '', body: { detail: 'the receiver does not support L1' } }, out);
    super.onCapability(e, doc, out);
  }
}

// ---- REC-READBACK-BEFORE-REPLAY, REC-EXACTLY-ONCE ---------------------------------------------

/** Replays a timed-out write after reading it back, whatever the readback says (the key deduplicates, it thinks). */
class ReplaysAfterAnyReadback extends RecoverySession {
  protected override onReadback(e: TaskEntry, _doc: JsonObject, _out: RecoveryAction[]): void {
    e.attempt = this.replayAttempt(e);
    e.state = 'pending';
  }
}

/** Takes any readback for a commit: a dropped write is never replayed. */
class TrustsAnyReadback extends RecoverySession {
  protected override onReadback(e: TaskEntry, doc: JsonObject, _out: RecoveryAction[]): void {
    this.markDone(e, String(doc.commit_id ?? ''), 'readback');
  }
}

/** Reads back once per write: a replay that times out too is resent at once. */
class ReadsBackOnce extends RecoverySession {
  private readonly readBack = new Set<string>();
  protected override onUnknownOutcome(e: TaskEntry, route: string, out: RecoveryAction[]): void {
    if (this.readBack.has(e.task.task_id)) return void out.push(...this.sendTask(e));
    this.readBack.add(e.task.task_id);
    super.onUnknownOutcome(e, route, out);
  }
}

/** Resends a timed-out write at once, under a fresh idempotency key (a naive retry that makes a new request). */
class ReplaysTimeoutUnderNewKey extends RecoverySession {
  protected override onUnknownOutcome(e: TaskEntry, _route: string, out: RecoveryAction[]): void {
    e.attempt = { ...e.attempt, key: `idem_${this.nextId('retry')}` };
    out.push(...this.sendTask(e));
  }
}

/** Makes the idempotency key from the item's path: two writes of one path share it, and the second is taken for a replay of the first. */
class KeyFromPath extends RecoverySession {
  protected override idempotencyKey(e: TaskEntry): string | undefined {
    const params = (((e.task.message.body ?? {}) as JsonObject).parameters ?? {}) as JsonObject;
    return e.task.kind === 'write' ? `idem_${Buffer.from(String(params.path)).toString('base64url')}` : undefined;
  }
}

// ---- REC-NO-CREDENTIAL-SYNTHESIS --------------------------------------------------------------

/** Mints its own token instead of renewing the grant. */
export class FabricatesToken extends RecoverySession {
  protected override onExpired(e: TaskEntry, _o: unknown, out: RecoveryAction[]): void {
    const b64 = (s: string) => Buffer.from(s).toString('base64url');
    this.access = `${b64('{"alg":"HS256"}')}.${b64(JSON.stringify({ sub: 'FAKE-self-issued', exp: 4102444800 }))}.${b64('made-up')}`;
    out.push(...this.sendTask(e));
  }
}

/** Builds the readback route from the repository's URL and its own key instead of using the one the error gave. */
class GuessesReadbackRoute extends RecoverySession {
  protected override onUnknownOutcome(e: TaskEntry, _route: string, out: RecoveryAction[]): void {
    super.onUnknownOutcome(e, `${e.task.url}/status?idempotency_key=${encodeURIComponent(e.attempt.key ?? '')}`, out);
  }
}

/** Guesses the GET-Action route next to the receiver's handoff URL instead of reading it from the capability statement. */
class GuessesGetActionRoute extends RecoverySession {
  protected override onCapability(e: TaskEntry, doc: JsonObject, out: RecoveryAction[]): void {
    const body = (doc.body ?? {}) as JsonObject;
    super.onCapability(
      e,
      { ...doc, body: { ...body, endpoints: { get_action: new URL('get-action', e.task.url).href } } },
      out,
    );
  }
}

// ---- REC-LEGACY-HALT ---------------------------------------------------------------------------

/** A legacy agent that halts, except after `condition`: that one it recovers from ("it is only a GET", "the client library renews by itself"). */
function legacyRecoversFrom(condition: string): RecoverySessionClass {
  return class extends RecoverySession {
    protected override onError(e: TaskEntry, payload: JsonObject, out: RecoveryAction[]): void {
      if (!this.recovers() && this.options(payload)[0]?.condition === condition) return this.recover(e, payload, out);
      super.onError(e, payload, out);
    }
  };
}

/** Off by one on the ladder: recovers from L5 up ("L5 and above"). */
class RecoversFromL5 extends RecoverySession {
  protected override recovers(): boolean {
    return this.level === 'L5' || super.recovers();
  }
}

/** Halts the first failed operation of a session; after that it is "halted" and lets later failures pass without a halt. */
class HaltsOnce extends RecoverySession {
  private halted = false;
  protected override halt(e: TaskEntry, payload: JsonObject, out: RecoveryAction[]): void {
    if (this.halted) {
      e.state = 'halted';
      return;
    }
    this.halted = true;
    super.halt(e, payload, out);
  }
}

/** An L7 adapter whose recovery policy plays `Session` under the bundled spec data. */
const adapter = (name: string, Session: RecoverySessionClass): Adapter => ({
  describe: () => ({ name: `broken: ${name}`, version: '0', capabilityLevel: 'L7' }),
  recovery: createRecoveryPolicy(bundledSpec(), Session),
});

export const byFamily: ByFamily = {
  'REC-ISOLATED-NOOP': {
    'noop-prereqs': adapter('cites only the first completed prerequisite in its blocker', CitesFirstPrerequisiteOnly),
    'noop-prereq-recovered': adapter(
      'cites evidence from responses only, none for a step completed through a readback or a GET-Action',
      CitesResponseEvidenceOnly,
    ),
    'noop-siblings': adapter('drops every pending step to the endpoint of an isolated no-op', StopsTheEndpoint),
    'noop-dependents': adapter('runs the dependents of a stopped step', RunsDependentsOfStopped),
    'noop-transitive': adapter('skips only the direct dependents of a stopped step', SkipsDirectDependentsOnly),
    'noop-after-restore': adapter('retries every stopped step when a dependency returns', RetriesFailedAfterRestore),
    'noop-after-renewal': adapter('retries every stopped step after renewing the grant', RetriesFailedAfterRenewal),
  },
  'REC-CONFIG-ESCALATE': {
    'config-missing-permission': adapter(
      'takes a configuration-origin missing_permission for an isolated no-op',
      conditionBeforeOrigin('missing_permission'),
    ),
    'config-unavailable-tool': adapter(
      'takes a configuration-origin unavailable_tool for an isolated no-op',
      conditionBeforeOrigin('unavailable_tool'),
    ),
    'config-exhausted-allocation': adapter(
      'sends a step refused for an exhausted allocation once more before escalating it',
      RetriesExhaustedAllocation,
    ),
    'config-after-restore': adapter('retries every stopped step when a dependency returns', RetriesFailedAfterRestore),
    'config-after-renewal': adapter('retries every stopped step after renewing the grant', RetriesFailedAfterRenewal),
  },
  'REC-CORRECT-FIELD': {
    'field-nested': adapter(
      "writes the corrected value under parameters whatever the path's depth",
      WritesUnderParameters,
    ),
    'field-bracket': adapter('reads field paths in dot notation only', DotOnlyPath),
    'field-escaped': adapter('keeps the escapes of bracketed names in a field path', KeepsPathEscapes),
    'field-double-quoted': adapter('reads only single-quoted bracketed names in a field path', SingleQuotedNamesOnly),
    'field-prototype-name': adapter(
      'copies the message by assignment, losing a member named __proto__',
      CopiesByAssignment,
    ),
    'field-index': adapter('reads no index step in a field path', NoIndexSteps),
    'field-epoch': adapter('takes 0 seconds (the epoch) for no value', TakesZeroForNoValue),
    'field-two-tasks': adapter(
      'gives every corrected message of a session the same new message id',
      OneCorrectedIdPerSession,
    ),
  },
  'REC-NEGOTIATE': {
    'negotiate-same-receiver': adapter("forgets a receiver's levels once its handoff is done", ForgetsReceiverLevels),
    'negotiate-l0-only': adapter("looks for L1 alone in the receiver's levels", NeedsL1),
  },
  'REC-READBACK-BEFORE-REPLAY': {
    'timeout-committed': adapter('replays a timed-out write whatever the readback says', ReplaysAfterAnyReadback),
    'timeout-dropped': adapter('takes any readback for a commit', TrustsAnyReadback),
    'timeout-repeated': adapter('reads back once per write', ReadsBackOnce),
  },
  'REC-EXACTLY-ONCE': {
    'once-committed-timeout': adapter(
      'resends a timed-out write at once under a new idempotency key',
      ReplaysTimeoutUnderNewKey,
    ),
    'once-dropped-timeout': adapter('takes any readback for a commit', TrustsAnyReadback),
    'once-same-path': adapter("makes the idempotency key from the item's path", KeyFromPath),
  },
  'REC-NO-CREDENTIAL-SYNTHESIS': {
    'cred-renewal': adapter('mints its own token instead of renewing the grant', FabricatesToken),
    'cred-readback': adapter('builds the readback route itself', GuessesReadbackRoute),
    'cred-negotiate': adapter('guesses the GET-Action route next to the handoff URL', GuessesGetActionRoute),
  },
  'REC-RENEW-GRANT': {
    'renew-rotated-twice': adapter(
      'renews with the first refresh token after the auth server rotated it',
      IgnoresRotation,
    ),
    'renew-midway': adapter('restarts the migration from its first item after a renewal', RestartsMigration),
    'renew-same-item-twice': adapter('renews at most once per item', RenewsOncePerItem),
    'renew-queue': adapter('puts the interrupted item at the back of the queue after a renewal', RequeuesInterrupted),
  },
  'REC-WAIT-DEPENDENCY': {
    'outage-queue': adapter('flushes the queued packets newest first', FlushesOutOfOrder),
    'outage-outlasts-retries': adapter('makes one retry more than max_retries', OneRetryTooMany),
    'outage-third-retry': adapter('backs off linearly', LinearBackoff),
    'outage-twice': adapter('keeps the max_retries of the first outage for every later one', FirstEpisodeRetries),
    'outage-restored-mid-wait': adapter(
      'retries when a backoff timer set before the return fires after it',
      ActsOnStaleTimer,
    ),
    'outage-other-dependency': adapter("takes one dependency's return for every dependency's", RestoresEveryDependency),
    'outage-shared-endpoint': adapter(
      'sends independent requests to one endpoint at once and sets a backoff timer for each dependency failure',
      BackoffPerFailedRequest,
    ),
  },
  'REC-LEGACY-HALT': {
    'legacy-malformed': adapter(
      'fetches the schema and corrects the field below L6',
      legacyRecoversFrom('malformed_request'),
    ),
    'legacy-dependency': adapter(
      'retries an unreachable dependency below L6',
      legacyRecoversFrom('dependency_failure'),
    ),
    'legacy-expired': adapter('renews an expired grant below L6', legacyRecoversFrom('expired_credential')),
    'legacy-unknown-outcome': adapter('reads back a timed-out write below L6', legacyRecoversFrom('unknown_outcome')),
    'legacy-unsupported': adapter(
      'negotiates with a low-capability receiver below L6',
      legacyRecoversFrom('unsupported_format'),
    ),
    'legacy-top-level': adapter('recovers from L5 up', RecoversFromL5),
    'legacy-two-failures': adapter('halts only the first failed operation of a session', HaltsOnce),
  },
  'REC-ANCHOR-CONFLICT': {
    'anchor-twice': adapter(
      'escalates the first anchor conflict of a session and only reports the others',
      EscalatesOneAnchorConflict,
    ),
    'anchor-after-restore': adapter('retries every stopped step when a dependency returns', RetriesFailedAfterRestore),
    'anchor-after-renewal': adapter('retries every stopped step after renewing the grant', RetriesFailedAfterRenewal),
  },
};
