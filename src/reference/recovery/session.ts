import type {
  JsonObject,
  RecoveryAction,
  RecoveryObservation,
  RecoveryScenario,
  RecoveryTask,
} from '../../contract/recovery.js';
import type { CapabilityLevel } from '../../contract/adapter.js';
import type { SpecData } from '../../spec/index.js';
import { blockerEnvelope, type BlockerFacts } from './blocker.js';
import { assignAt, parseJsonPath, valueAt } from './json-path.js';

type State = 'pending' | 'inflight' | 'recovering' | 'queued' | 'done' | 'blocked' | 'escalated' | 'halted' | 'skipped';
const TERMINAL: ReadonlySet<State> = new Set(['done', 'blocked', 'escalated', 'halted', 'skipped']);
const FAILED: ReadonlySet<State> = new Set(['blocked', 'escalated', 'halted', 'skipped']);

/** One attempt of a task: the exact message and idempotency key, kept for a replay. */
export interface Attempt {
  message: JsonObject;
  key?: string;
}

export interface TaskEntry {
  task: RecoveryTask;
  state: State;
  attempt: Attempt;
  evidence?: string;
}

/** What a request the agent made was for. */
type Purpose =
  | { kind: 'send'; taskId: string }
  | { kind: 'schema'; taskId: string; fieldPath: string; format: string }
  | { kind: 'capability'; taskId: string }
  | { kind: 'get-action'; taskId: string }
  | { kind: 'readback'; taskId: string }
  | { kind: 'renew'; review?: string }
  | { kind: 'backoff'; url: string; episode: number };

/** A dependency that is down: the task whose send found it down, the retries made and allowed, the last attempt. */
export interface Down {
  head: string;
  retries: number;
  max: number;
  last: number;
  episode: number;
}

/** How a task's completion reached the agent: a response, a readback, or a GET-Action document. */
export type Completion = 'response' | 'readback' | 'get-action';

interface Option {
  action: string;
  condition: string;
  params: JsonObject;
  review?: string;
}

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/**
 * One session of the reference recovery policy. It follows seed 000: below L6 it halts the failed
 * operation and shows the review URL; at L6 and L7 it reads the mechanical condition and takes
 * the recovery option the payload offers, never inventing a credential or a URL, and keeps
 * unrelated tasks going. Which levels recover, the backoff and the blocker (its profile, its type,
 * the envelope it is held to) are the spec data it is given. Each decision is a method, so a variant
 * can change exactly one.
 */
export class RecoverySession {
  readonly id: string;
  readonly level: CapabilityLevel;
  readonly tasks = new Map<string, TaskEntry>();
  readonly order: string[];
  protected readonly scenario: RecoveryScenario;
  protected readonly spec: SpecData;
  protected access?: string;
  protected refresh?: string;
  protected now: number;
  protected readonly purposes = new Map<string, Purpose>();
  /** The dependencies that are down, by URL (the orchestrator, the scheduling endpoint): each is waited for on its own. */
  protected readonly down = new Map<string, Down>();
  private episodes = 0;
  /** Receivers known, from their capability statement, to take only GET-Action: origin -> route. */
  protected readonly getOnly = new Map<string, string>();
  protected renewing = false;
  protected readonly interrupted: string[] = [];
  private counter = 0;
  private blockers = 0;
  finished = false;

  constructor(scenario: RecoveryScenario, spec: SpecData) {
    this.scenario = scenario;
    this.spec = spec;
    this.id = scenario.session_id;
    this.level = scenario.capability_level;
    this.order = scenario.tasks.map((t) => t.task_id);
    for (const t of scenario.tasks)
      this.tasks.set(t.task_id, { task: t, state: 'pending', attempt: { message: clone(t.message) } });
    this.access = scenario.grant?.access_token;
    this.refresh = scenario.grant?.refresh_token;
    this.now = Date.parse(scenario.now);
  }

  protected nextId(prefix: string): string {
    this.counter += 1;
    return `${prefix}-${this.counter}`;
  }

  /** Whether this session may recover on its own (the spec's `recoveringLevels`; seed 000: L6 and L7 recover, lower levels halt). */
  protected recovers(): boolean {
    return this.spec.recovery.recoveringLevels.includes(this.level);
  }

  start(): RecoveryAction[] {
    return this.pump([]);
  }

  observe(obs: RecoveryObservation): RecoveryAction[] {
    this.now = Date.parse(obs.now);
    const out: RecoveryAction[] = [];
    if (obs.type === 'dependency_restored') this.onRestored(obs.url, out);
    else {
      const purpose = this.purposes.get(obs.request_id);
      this.purposes.delete(obs.request_id);
      if (purpose) this.handle(purpose, obs, out);
    }
    return this.pump(out);
  }

  // ---- issuing work -------------------------------------------------------------------------

  /** Sends every task that can go now, then `complete` once every task has ended. */
  protected pump(out: RecoveryAction[]): RecoveryAction[] {
    for (const id of this.sendOrder()) {
      const e = this.tasks.get(id)!;
      if (e.state !== 'pending') continue;
      const deps = e.task.depends_on.map((d) => this.tasks.get(d)).filter((d): d is TaskEntry => d !== undefined);
      if (deps.some((d) => this.dependencyFailed(d))) {
        e.state = 'skipped';
        continue;
      }
      if (!deps.every((d) => this.dependencyMet(d))) continue;
      if (this.busy(e.task.url) || this.down.has(e.task.url)) continue;
      if (e.task.kind === 'status' && this.earlierStatusOpen(id)) continue;
      if (e.task.requires_auth && this.renewing) continue;
      out.push(...this.sendTask(e));
    }
    if (!this.finished && [...this.tasks.values()].every((e) => TERMINAL.has(e.state))) {
      this.finished = true;
      out.push({ type: 'complete' });
    }
    return out;
  }

  /** A dependency that ended without success: its dependents never run (D-REC-18, directly or not). */
  protected dependencyFailed(d: TaskEntry): boolean {
    return FAILED.has(d.state);
  }

  /** A dependency that succeeded: its dependents may start once all of theirs have. */
  protected dependencyMet(d: TaskEntry): boolean {
    return d.state === 'done';
  }

  /** The order in which pending tasks are considered: the workflow's order. */
  protected sendOrder(): string[] {
    return this.order;
  }

  protected earlierStatusOpen(id: string): boolean {
    for (const other of this.order) {
      if (other === id) return false;
      const e = this.tasks.get(other)!;
      if (e.task.kind === 'status' && !TERMINAL.has(e.state)) return true;
    }
    return false;
  }

  /** One request at a time per endpoint keeps the migration and the status stream in order. */
  protected busy(url: string): boolean {
    return [...this.tasks.values()].some(
      (e) => e.task.url === url && (e.state === 'inflight' || e.state === 'recovering' || e.state === 'queued'),
    );
  }

  protected idempotencyKey(e: TaskEntry): string | undefined {
    return e.task.kind === 'write' ? `idem_${this.id}_${e.task.task_id}` : undefined;
  }

  protected authorization(e: TaskEntry): string | undefined {
    return e.task.requires_auth && this.access ? `Bearer ${this.access}` : undefined;
  }

  /** The send of the task's current attempt (a replay sends the same message and key again). */
  protected sendTask(e: TaskEntry): RecoveryAction[] {
    e.attempt.key ??= this.idempotencyKey(e);
    e.state = 'inflight';
    const route = e.task.kind === 'handoff' ? this.getOnly.get(new URL(e.task.url).origin) : undefined;
    if (route !== undefined) {
      // This receiver already said it takes only L0/L1: no mutative POST, straight to GET-Action.
      const out: RecoveryAction[] = [];
      this.fetch(this.getActionUrl(e, route), { kind: 'get-action', taskId: e.task.task_id }, out, e.task.task_id);
      return out;
    }
    const request_id = this.nextId('r');
    this.purposes.set(request_id, { kind: 'send', taskId: e.task.task_id });
    const auth = this.authorization(e);
    return [
      {
        type: 'send',
        request_id,
        task_id: e.task.task_id,
        url: e.task.url,
        message: clone(e.attempt.message),
        ...(e.attempt.key !== undefined ? { idempotency_key: e.attempt.key } : {}),
        ...(auth !== undefined ? { authorization: auth } : {}),
      },
    ];
  }

  protected fetch(url: string, purpose: Purpose, out: RecoveryAction[], taskId?: string): void {
    const request_id = this.nextId('r');
    this.purposes.set(request_id, purpose);
    out.push({ type: 'fetch', request_id, url, ...(taskId !== undefined ? { task_id: taskId } : {}) });
  }

  // ---- answers ------------------------------------------------------------------------------

  protected handle(p: Purpose, obs: RecoveryObservation, out: RecoveryAction[]): void {
    if (p.kind === 'backoff') return this.onBackoffTimer(p, out);
    if (p.kind === 'renew')
      return obs.type === 'response' ? this.onRenewed(obs.body, out) : this.onRenewRefused(p.review, out);
    const e = this.tasks.get(p.taskId);
    if (!e) return;
    if (obs.type === 'error') {
      if (p.kind === 'send') return this.onError(e, obs.payload, out);
      return this.giveUp(e, obs.payload, out);
    }
    if (p.kind === 'send' && obs.type === 'response')
      return this.markDone(e, String(obs.body.evidence_id ?? ''), 'response');
    if (obs.type !== 'document') return;
    if (p.kind === 'schema') return this.onSchema(e, p, obs.document, out);
    if (p.kind === 'capability') return this.onCapability(e, obs.document, out);
    if (p.kind === 'get-action') return this.markDone(e, String(obs.document.evidence_id ?? ''), 'get-action');
    if (p.kind === 'readback') return this.onReadback(e, obs.document, out);
  }

  /** The task succeeded; `evidence` is the id the world issued for it (a blocker cites it), however the success reached the agent. */
  protected markDone(e: TaskEntry, evidence: string, via: Completion): void {
    void via;
    e.state = 'done';
    e.evidence = evidence;
  }

  protected options(payload: JsonObject): Option[] {
    const body = (payload.body ?? {}) as JsonObject;
    const subs = Array.isArray(body.sub_errors) ? (body.sub_errors as JsonObject[]) : [];
    return subs.flatMap((s) =>
      (Array.isArray(s.recovery_options) ? (s.recovery_options as JsonObject[]) : []).map((o) => ({
        action: String(o.action),
        condition: String(s.mechanical_condition),
        params: (o.executable_parameters ?? {}) as JsonObject,
        review: typeof o.human_review_url === 'string' ? o.human_review_url : undefined,
      })),
    );
  }

  protected reviewUrl(payload: JsonObject): string | undefined {
    return this.options(payload).find((o) => o.review)?.review;
  }

  /** An error answering a task's send: below the recovering levels, halt; at them, recover. */
  protected onError(e: TaskEntry, payload: JsonObject, out: RecoveryAction[]): void {
    if (!this.recovers()) return this.halt(e, payload, out);
    this.recover(e, payload, out);
  }

  /** The decision matrix of seed 000, at a recovering level. */
  protected recover(e: TaskEntry, payload: JsonObject, out: RecoveryAction[]): void {
    const body = (payload.body ?? {}) as JsonObject;
    const opts = this.options(payload);
    if (opts.some((o) => typeof o.params.anchor === 'string')) return this.onAnchor(e, payload, out);
    if (body.origin === 'configuration') return this.onConfiguration(e, payload, out);
    const o = opts[0];
    switch (o?.action) {
      case 'correct_field':
        if (typeof o.params.schema_url === 'string' && typeof o.params.field_path === 'string') {
          e.state = 'recovering';
          this.fetch(
            o.params.schema_url,
            {
              kind: 'schema',
              taskId: e.task.task_id,
              fieldPath: o.params.field_path,
              format: String(o.params.expected_format ?? ''),
            },
            out,
          );
          return;
        }
        break;
      case 'wait_for_dependency':
        return this.onDependencyFailure(e, o, out);
      case 'renew_grant':
        if (typeof o.params.refresh_uri === 'string') return this.onExpired(e, o, out);
        break;
      case 'negotiate_representation':
        if (typeof o.params.capability_statement === 'string') {
          e.state = 'recovering';
          this.fetch(o.params.capability_statement, { kind: 'capability', taskId: e.task.task_id }, out);
          return;
        }
        break;
      case 'resume_from_checkpoint':
        if (typeof o.params.readback_route === 'string') return this.onUnknownOutcome(e, o.params.readback_route, out);
        break;
    }
    return this.onIsolated(e, payload, out);
  }

  /** Below L6: stop this operation and surface the review URL (seed 000, scenario 3). */
  protected halt(e: TaskEntry, payload: JsonObject, out: RecoveryAction[]): void {
    e.state = 'halted';
    const url = this.reviewUrl(payload);
    out.push({
      type: 'halt',
      task_id: e.task.task_id,
      ...(url ? { human_review_url: url } : {}),
      reason: String(((payload.body ?? {}) as JsonObject).code ?? 'error'),
    });
  }

  protected escalate(e: TaskEntry, payload: JsonObject, reason: string, out: RecoveryAction[]): void {
    e.state = 'escalated';
    const url = this.reviewUrl(payload);
    out.push({ type: 'escalate', task_id: e.task.task_id, ...(url ? { human_review_url: url } : {}), reason });
  }

  protected onAnchor(e: TaskEntry, payload: JsonObject, out: RecoveryAction[]): void {
    this.escalate(e, payload, 'conflict with a protected anchor', out);
  }

  protected onConfiguration(e: TaskEntry, payload: JsonObject, out: RecoveryAction[]): void {
    this.escalate(e, payload, 'restriction chosen in the project configuration', out);
  }

  /** A recovery step itself failed: hand the task to a human if there is one to ask, else report it. */
  protected giveUp(e: TaskEntry, payload: JsonObject, out: RecoveryAction[]): void {
    if (this.reviewUrl(payload)) return this.escalate(e, payload, 'recovery step failed', out);
    this.onIsolated(e, payload, out);
  }

  /**
   * An isolated no-op: this step stops, and a blocker envelope names the boundary (the step, the
   * error, its condition) and the completed prerequisites with their evidence (D-REC-07).
   */
  protected onIsolated(e: TaskEntry, payload: JsonObject, out: RecoveryAction[]): void {
    e.state = 'blocked';
    out.push({ type: 'emit', packet: this.blockerPacket(this.blockerFacts(e, payload)) });
  }

  /** What the blocker of a stopped step says, from the error payload that stopped it (if any) and the completed prerequisites. */
  protected blockerFacts(e: TaskEntry, payload: JsonObject): BlockerFacts {
    const body = (payload.body ?? {}) as JsonObject;
    const done = e.task.depends_on.filter((d) => this.tasks.get(d)?.state === 'done');
    return {
      taskId: e.task.task_id,
      errorMessageId:
        typeof payload.message_id === 'string' && payload.message_id !== '' ? payload.message_id : undefined,
      condition: this.options(payload)[0]?.condition,
      detail: String(body.detail ?? ''),
      review: this.reviewUrl(payload),
      prerequisites: done,
      evidence: done.map((d) => this.tasks.get(d)!.evidence).filter((x): x is string => !!x),
    };
  }

  /** The blocker envelope for `facts`, the session's next blocker at the world's current time. */
  protected blockerPacket(facts: BlockerFacts): JsonObject {
    return blockerEnvelope(this.spec, facts, { sessionId: this.id, now: this.now, sequence: ++this.blockers });
  }

  // ---- scenario 1: correct the field --------------------------------------------------------

  protected onSchema(
    e: TaskEntry,
    p: { fieldPath: string; format: string },
    schema: JsonObject,
    out: RecoveryAction[],
  ): void {
    const steps = this.fieldSteps(p.fieldPath);
    const body = e.attempt.message.body;
    let format = p.format;
    let node: unknown = schema;
    // Own members only: a step named `constructor` or `__proto__` is a key of the schema, never Object.prototype's.
    for (const s of steps ?? []) node = valueAt(node, ['properties', String(s)]);
    if (node && typeof (node as JsonObject).format === 'string') format = String((node as JsonObject).format);
    const value = steps ? valueAt(body, steps) : undefined;
    const fixed = this.dateTimeOf(value, format);
    if (!steps || fixed === undefined) {
      e.state = 'blocked';
      return this.onIsolated(
        e,
        { message_id: '', body: { code: 'invalid_message', detail: `cannot correct ${p.fieldPath}` } },
        out,
      );
    }
    e.attempt = { ...e.attempt, message: this.corrected(e.attempt.message, steps, fixed) };
    e.state = 'pending';
  }

  /** The steps of a `field_path` (RFC 9535 singular query), or null when it is not one. */
  protected fieldSteps(fieldPath: string): (string | number)[] | null {
    return parseJsonPath(fieldPath);
  }

  /** The held Unix seconds `value` as the date-time `format` asks for, or undefined when it cannot be (any number of seconds, 0 included). */
  protected dateTimeOf(value: unknown, format: string): string | undefined {
    return format === 'date-time' && typeof value === 'number' && Number.isFinite(value)
      ? new Date(value * 1000).toISOString()
      : undefined;
  }

  /** The corrected message: the field fixed, a new message id, nothing else changed. */
  protected corrected(message: JsonObject, steps: (string | number)[], value: string): JsonObject {
    const copy = clone(message);
    assignAt(copy.body, steps, value);
    copy.message_id = this.nextId(`msg-${this.id}`);
    return copy;
  }

  // ---- scenario 2: wait for the dependency, keep the queue -----------------------------------

  /** The wait before retry `k` (1-based): `initialDelayMs * exponentialFactor^(k-1)` of the spec's `backoff`. */
  protected backoffDelay(k: number): number {
    const { initialDelayMs, exponentialFactor } = this.spec.recovery.backoff;
    return initialDelayMs * exponentialFactor ** (k - 1);
  }

  /** The `max_retries` an error allows (0 when it names none: then only the dependency's return helps). */
  protected maxRetries(o: Option): number {
    return typeof o.params.max_retries === 'number' ? o.params.max_retries : 0;
  }

  protected onDependencyFailure(e: TaskEntry, o: Option, out: RecoveryAction[]): void {
    e.state = 'queued';
    const url = e.task.url;
    let d = this.down.get(url);
    if (!d)
      this.down.set(
        url,
        (d = { head: e.task.task_id, retries: 0, max: this.maxRetries(o), last: this.now, episode: ++this.episodes }),
      );
    d.last = this.now;
    this.scheduleRetry(url, out);
  }

  protected scheduleRetry(url: string, out: RecoveryAction[]): void {
    const d = this.down.get(url);
    if (!d || d.retries >= d.max) return; // retries spent: wait for the dependency to come back
    const request_id = this.nextId('r');
    this.purposes.set(request_id, { kind: 'backoff', url, episode: d.episode });
    out.push({ type: 'wait', request_id, ms: this.backoffDelay(d.retries + 1) });
  }

  /** A backoff timer: retry the head of its dependency's episode, unless the dependency came back since (a stale timer). */
  protected onBackoffTimer(p: { url: string; episode: number }, out: RecoveryAction[]): void {
    const d = this.down.get(p.url);
    if (!d || d.episode !== p.episode) return;
    const head = this.tasks.get(d.head)!;
    if (head.state !== 'queued') return;
    d.retries += 1;
    out.push(...this.sendTask(head));
  }

  /** The dependency at `url` is back: its queued tasks go again, in their order; another dependency still down stays waited for. */
  protected onRestored(url: string, out: RecoveryAction[]): void {
    if (!this.down.delete(url)) return;
    for (const e of this.tasks.values()) if (e.state === 'queued' && e.task.url === url) e.state = 'pending';
    void out;
  }

  // ---- scenario 3: renew the grant -----------------------------------------------------------

  protected onExpired(e: TaskEntry, o: Option, out: RecoveryAction[]): void {
    e.state = 'recovering';
    this.interrupted.push(e.task.task_id);
    if (this.renewing) return;
    if (this.refresh === undefined) return this.escalate(e, { body: {}, message_id: '' }, 'no grant to renew', out);
    this.renewing = true;
    const request_id = this.nextId('r');
    this.purposes.set(request_id, { kind: 'renew', review: o.review });
    out.push({
      type: 'renew',
      request_id,
      url: String(o.params.refresh_uri),
      grant_type: String(o.params.grant_type ?? 'refresh_token'),
      refresh_token: this.refresh,
    });
  }

  protected onRenewed(body: JsonObject, out: RecoveryAction[]): void {
    this.renewing = false;
    if (typeof body.access_token === 'string') this.access = body.access_token;
    if (typeof body.refresh_token === 'string') this.refresh = body.refresh_token;
    // Resume exactly where the migration stopped, before any other item gets the endpoint.
    for (const id of this.interrupted.splice(0)) out.push(...this.sendTask(this.tasks.get(id)!));
  }

  protected onRenewRefused(review: string | undefined, out: RecoveryAction[]): void {
    this.renewing = false;
    for (const id of this.interrupted.splice(0)) {
      const e = this.tasks.get(id)!;
      e.state = 'escalated';
      out.push({
        type: 'escalate',
        task_id: id,
        ...(review ? { human_review_url: review } : {}),
        reason: 'the grant could not be renewed',
      });
    }
  }

  // ---- scenario 4: negotiate the representation ----------------------------------------------

  protected onCapability(e: TaskEntry, doc: JsonObject, out: RecoveryAction[]): void {
    const body = (doc.body ?? {}) as JsonObject;
    const route = ((body.endpoints ?? {}) as JsonObject).get_action;
    const levels = Array.isArray(body.supported_levels) ? body.supported_levels : [];
    if (typeof route !== 'string' || !levels.some((l) => l === 'L0' || l === 'L1')) {
      return this.onIsolated(
        e,
        { message_id: '', body: { code: 'capability_not_supported', detail: 'no GET-Action route' } },
        out,
      );
    }
    this.getOnly.set(new URL(e.task.url).origin, route);
    this.fetch(this.getActionUrl(e, route), { kind: 'get-action', taskId: e.task.task_id }, out, e.task.task_id);
  }

  /** A public-safe GET-Action URL: an opaque state reference under the agent's public base, nothing else. */
  protected getActionUrl(e: TaskEntry, route: string): string {
    const state = `${this.scenario.public_state_base}${encodeURIComponent(`${this.id}-${e.task.task_id}`)}`;
    return `${route}${route.includes('?') ? '&' : '?'}state=${encodeURIComponent(state)}`;
  }

  // ---- scenario 5: read back before any replay -----------------------------------------------

  protected onUnknownOutcome(e: TaskEntry, route: string, out: RecoveryAction[]): void {
    e.state = 'recovering';
    this.fetch(route, { kind: 'readback', taskId: e.task.task_id }, out);
  }

  protected onReadback(e: TaskEntry, doc: JsonObject, out: RecoveryAction[]): void {
    void out;
    if (doc.state === 'committed') return this.markDone(e, String(doc.commit_id ?? ''), 'readback');
    e.attempt = this.replayAttempt(e);
    e.state = 'pending';
  }

  /** A dropped write is replayed exactly: same message, same idempotency key. */
  protected replayAttempt(e: TaskEntry): Attempt {
    return e.attempt;
  }
}
