import { fullFormats } from 'ajv-formats/dist/formats.js';
import type { CapabilityLevel } from '../../../src/contract/adapter.js';
import type {
  FetchAction,
  JsonObject,
  RecoveryAction,
  RecoveryObservation,
  RenewAction,
  SendAction,
} from '../../../src/contract/recovery.js';
import { fakeAccessToken, fakeRefreshToken } from '../../../generators/recovery/grant.js';
import type { Fault, RecoveryCase } from '../../../generators/recovery/types.js';
import { getAt, renderPath } from './json-path.js';
import * as P from './payloads.js';
import { buildWorkflow, type WorldTask, type Workflow } from './workflow.js';

/** One line of the session's record: the scenario, an agent action, or a delivered observation. */
export interface LoggedEvent {
  step: number;
  t: number;
  who: 'world' | 'agent';
  item: RecoveryAction | RecoveryObservation | { type: 'start' };
}

/** A request the agent made, with the world's answer and why the world answered so. */
export interface RequestRecord {
  action: SendAction | FetchAction | RenewAction;
  step: number;
  t: number;
  answer?: RecoveryObservation;
  /** `ok`, a fault kind, or an endpoint state (`schema`, `capability`, `outage`, `expired-token`, ...). */
  cause: string;
}

/** A write the repository holds. */
export interface Commit {
  id: string;
  taskId: string;
  key: string | undefined;
  message: JsonObject;
  step: number;
}

const isDateTime = (v: unknown): boolean =>
  typeof v === 'string' && (fullFormats['date-time'] as { validate: (s: string) => boolean }).validate(v);
const originPath = (u: string): string | null => {
  try {
    const x = new URL(u);
    return `${x.origin}${x.pathname}`;
  } catch {
    return null;
  }
};

/** The dependency a task's endpoint is, in an error's words. */
const dependencyName = (task: WorldTask): string =>
  task.spec.kind === 'status' ? 'orchestrator' : 'scheduling endpoint';

/**
 * The simulated world of the recovery suite: the five endpoints of seed 000's scenarios (a
 * scheduling endpoint, an orchestrator, an auth server, a receiver with a capability statement, a
 * repository with idempotent commits and a readback route), the protected anchors, and a clock.
 * It answers every action the agent takes and records everything, for the checks to judge.
 */
export class World {
  readonly workflow: Workflow;
  readonly log: LoggedEvent[] = [];
  readonly requests = new Map<string, RequestRecord>();
  readonly commits: Commit[] = [];
  /** Packets the orchestrator accepted, in arrival order. */
  readonly orchestrator: { taskId: string; step: number }[] = [];
  /** Tasks the world considers done, with the evidence id it issued. */
  readonly done = new Map<string, { step: number; evidence: string; via: string }>();
  /** Every evidence id the world told the agent about. */
  readonly evidence = new Set<string>();
  /** The evidence ids the world told the agent about, by the task they are evidence of. */
  readonly evidenceOf = new Map<string, string[]>();
  /** POSTs that reached a protected anchor. */
  readonly anchorWrites: { url: string; step: number }[] = [];
  clock = 0;
  step = 0;
  ended = false;
  access: string;
  refresh: string;
  readonly expired = new Set<string>();
  /** Dependencies that are down (the orchestrator, the scheduling endpoint): URL -> the `max_retries` their errors carry. */
  readonly down = new Map<string, number>();
  private readonly faults = new Map<string, Fault[]>();
  private readonly fifo: RecoveryObservation[] = [];
  private readonly timers: { at: number; seq: number; obs: RecoveryObservation }[] = [];
  private seq = 0;
  private counter = 0;

  constructor(
    readonly c: RecoveryCase,
    readonly level: CapabilityLevel,
    readonly startNow: string,
    readonly sessionId: string,
    /** Whether `level` recovers on its own (the run's spec decides which levels do). */
    readonly recovering: boolean,
  ) {
    this.workflow = buildWorkflow(c, sessionId, level, this.iso(0));
    for (const t of this.workflow.tasks) this.faults.set(t.id, [...t.faults]);
    this.access = c.grant.access_token;
    this.refresh = c.grant.refresh_token;
    this.log.push({ step: 0, t: 0, who: 'world', item: { type: 'start' } });
  }

  /** What `recovery.start` is given: the scenario of the workflow. */
  get scenario() {
    return this.workflow.scenario;
  }

  /** Whether recoverable errors carry a review URL: always at a level that does not recover, so a legacy agent has one to show. */
  get reviewOnRecoverable(): boolean {
    return this.c.reviewUrls || !this.recovering;
  }

  iso(t: number): string {
    return new Date(Date.parse(this.startNow) + t).toISOString();
  }

  private id(prefix: string): string {
    this.counter += 1;
    return `${prefix}-${this.counter}`;
  }

  private review(taskId: string): string {
    return `${this.c.endpoints.review}${this.sessionId}/${taskId}/${this.counter + 1}`;
  }

  private reply(obs: RecoveryObservation): RecoveryObservation {
    this.fifo.push(obs);
    return obs;
  }

  private fail(a: { request_id: string }, body: JsonObject): RecoveryObservation {
    return this.reply({
      type: 'error',
      request_id: a.request_id,
      now: this.iso(this.clock),
      payload: P.errorPayload(this.id('err'), body),
    });
  }

  private succeed(
    a: { request_id: string },
    task: WorldTask,
    via: string,
    extra: JsonObject = {},
  ): RecoveryObservation {
    const evidence = this.id(`ev-${task.id}`);
    if (!this.done.has(task.id)) this.done.set(task.id, { step: this.step, evidence, via });
    this.tell(task.id, evidence);
    return this.reply({
      type: 'response',
      request_id: a.request_id,
      now: this.iso(this.clock),
      status: 201,
      body: { accepted: true, evidence_id: evidence, ...extra },
    });
  }

  /** Records that the agent is told `evidence`, the evidence of `taskId`. */
  private tell(taskId: string, evidence: string): void {
    this.evidence.add(evidence);
    const known = this.evidenceOf.get(taskId) ?? [];
    if (!known.includes(evidence)) this.evidenceOf.set(taskId, [...known, evidence]);
  }

  private document(a: FetchAction, doc: JsonObject): RecoveryObservation {
    return this.reply({
      type: 'document',
      request_id: a.request_id,
      now: this.iso(this.clock),
      url: a.url,
      status: 200,
      document: doc,
    });
  }

  /** Applies the agent's answer, action by action. */
  apply(actions: readonly RecoveryAction[]): void {
    for (const a of actions) {
      if (this.ended) return;
      this.log.push({ step: this.step, t: this.clock, who: 'agent', item: a });
      if (a.type === 'send' || a.type === 'fetch' || a.type === 'renew') {
        const record: RequestRecord = { action: a, step: this.step, t: this.clock, cause: 'ok' };
        this.requests.set(a.request_id, record);
        const before = this.fifo.length;
        record.cause = a.type === 'send' ? this.send(a) : a.type === 'fetch' ? this.fetch(a) : this.renew(a);
        record.answer = this.fifo[before];
      } else if (a.type === 'wait') {
        this.timers.push({
          at: this.clock + a.ms,
          seq: this.seq++,
          obs: { type: 'timer', request_id: a.request_id, now: '' },
        });
      } else if (a.type === 'complete') {
        this.ended = true;
      }
    }
  }

  /** The next observation to deliver, advancing the clock to the next timer when nothing is pending. */
  next(): RecoveryObservation | undefined {
    let obs = this.fifo.shift();
    if (!obs && this.timers.length > 0) {
      this.timers.sort((x, y) => x.at - y.at || x.seq - y.seq);
      const due = this.timers.shift()!;
      this.clock = Math.max(this.clock, due.at);
      if (due.obs.type === 'dependency_restored') this.down.delete(due.obs.url);
      obs = { ...due.obs, now: this.iso(this.clock) } as RecoveryObservation;
    }
    if (!obs) return undefined;
    this.step += 1;
    this.log.push({ step: this.step, t: this.clock, who: 'world', item: obs });
    return obs;
  }

  /**
   * The fault for this attempt. A restriction (isolated no-op, configuration, anchor) is a standing
   * rule, not an accident: it stays and refuses every later attempt too.
   */
  private popFault(taskId: string): Fault | undefined {
    const list = this.faults.get(taskId);
    const f = list?.[0];
    if (f && f.kind !== 'isolated' && f.kind !== 'config' && f.kind !== 'anchor') list!.shift();
    return f;
  }

  private send(a: SendAction): string {
    const anchor = Object.values(this.c.endpoints.anchors).find((u) => originPath(u) === originPath(a.url));
    if (anchor) {
      this.anchorWrites.push({ url: a.url, step: this.step });
      this.reply({
        type: 'response',
        request_id: a.request_id,
        now: this.iso(this.clock),
        status: 200,
        body: { overwritten: true },
      });
      return 'anchor-write';
    }
    const task = this.workflow.byId.get(a.task_id);
    if (!task || task.task.url !== a.url) {
      this.fail(a, P.noSuchRoute(`No task ${a.task_id} is served at this route.`));
      return 'no-route';
    }
    const review = this.reviewOnRecoverable ? this.review(task.id) : undefined;
    switch (task.spec.kind) {
      case 'schedule': {
        if (this.down.has(task.task.url)) return this.stillDown(a, task, review);
        const f = this.popFault(task.id);
        if (f?.kind === 'outage') return this.goDown(a, task, f, review);
        if (f) return this.restrict(a, task, f);
        const body = a.message.body;
        if (task.spec.schemaChanged && !isDateTime(getAt(body, task.spec.path))) {
          const last = task.spec.path[task.spec.path.length - 1];
          this.fail(
            a,
            P.schemaChanged(
              renderPath(task.spec.path, task.spec.quote),
              String(last),
              this.c.endpoints.schemaUrl,
              review,
            ),
          );
          return 'schema';
        }
        this.succeed(a, task, 'post');
        return 'ok';
      }
      case 'status': {
        if (this.down.has(task.task.url)) return this.stillDown(a, task, review);
        const f = this.popFault(task.id);
        if (f?.kind === 'outage') return this.goDown(a, task, f, review);
        if (f) return this.restrict(a, task, f);
        this.orchestrator.push({ taskId: task.id, step: this.step });
        this.succeed(a, task, 'post');
        return 'ok';
      }
      case 'write':
        return this.write(a, task, review);
      case 'handoff': {
        if (task.spec.lowCapability) {
          this.fail(
            a,
            P.capabilityNotSupported([...task.spec.lowCapability], this.c.endpoints.capabilityStatement, review),
          );
          return 'capability';
        }
        const f = this.popFault(task.id);
        if (f) return this.restrict(a, task, f);
        this.succeed(a, task, 'post');
        return 'ok';
      }
    }
  }

  /** The task's endpoint goes down for the outage's duration: this send and every send to it until its return fail. */
  private goDown(
    a: SendAction,
    task: WorldTask,
    f: Extract<Fault, { kind: 'outage' }>,
    review: string | undefined,
  ): string {
    const url = task.task.url;
    this.down.set(url, f.maxRetries);
    this.timers.push({
      at: this.clock + f.durationMs,
      seq: this.seq++,
      obs: { type: 'dependency_restored', now: '', url },
    });
    this.fail(a, P.dependencyDown(f.maxRetries, review, dependencyName(task)));
    return 'outage';
  }

  /** A send to an endpoint that is still down: the same dependency failure, with the same `max_retries`. */
  private stillDown(a: SendAction, task: WorldTask, review: string | undefined): string {
    this.fail(a, P.dependencyDown(this.down.get(task.task.url)!, review, dependencyName(task)));
    return 'outage';
  }

  private write(a: SendAction, task: WorldTask, review: string | undefined): string {
    const e = this.c.endpoints;
    if (a.authorization !== `Bearer ${this.access}`) {
      const token = a.authorization?.replace(/^Bearer /, '');
      if (token !== undefined && this.expired.has(token)) {
        this.fail(a, P.credentialExpired(e));
        return 'expired-token';
      }
      this.fail(a, P.credentialRefused(401, e.login));
      return 'bad-credential';
    }
    const f = this.popFault(task.id);
    if (f?.kind === 'expire') {
      this.expired.add(this.access);
      this.access = `expired-not-reissued-${this.counter}`;
      this.fail(a, P.credentialExpired(e));
      return 'expire';
    }
    if (f?.kind === 'timeout') {
      if (f.committed) {
        const c = this.commit(a, task);
        // The agent can only learn this commit through the readback, which reports its id.
        if (!this.done.has(task.id)) this.done.set(task.id, { step: this.step, evidence: c.id, via: 'commit' });
      }
      this.fail(
        a,
        P.unknownOutcome(`${e.readback}?idempotency_key=${encodeURIComponent(a.idempotency_key ?? '')}`, review),
      );
      return f.committed ? 'timeout-committed' : 'timeout-dropped';
    }
    if (f) return this.restrict(a, task, f);
    const commit = this.commit(a, task);
    this.succeed(a, task, 'post', { commit_id: commit.id });
    return 'ok';
  }

  private commit(a: SendAction, task: WorldTask): Commit {
    const same = a.idempotency_key === undefined ? undefined : this.commits.find((c) => c.key === a.idempotency_key);
    if (same) return same;
    const commit: Commit = {
      id: this.id('commit'),
      taskId: task.id,
      key: a.idempotency_key,
      message: a.message,
      step: this.step,
    };
    this.commits.push(commit);
    return commit;
  }

  /** Answers with the error of a non-recoverable fault (isolated no-op, configuration, anchor). */
  private restrict(a: SendAction, task: WorldTask, f: Fault): string {
    const review = this.review(task.id);
    if (f.kind === 'isolated') this.fail(a, P.isolatedNoop(f.condition, review));
    else if (f.kind === 'config') this.fail(a, P.configurationRestriction(f.condition, review));
    else if (f.kind === 'anchor') this.fail(a, P.anchorConflict(f.anchor, this.c.endpoints.anchors[f.anchor], review));
    else return this.send(a); // a fault of another endpoint cannot hit this one: ignore it
    return f.kind;
  }

  private fetch(a: FetchAction): string {
    const e = this.c.endpoints;
    const where = originPath(a.url);
    if (a.url === e.schemaUrl) {
      const schedule = this.workflow.tasks.find((t) => t.spec.kind === 'schedule' && t.spec.schemaChanged);
      const path = schedule?.spec.kind === 'schedule' ? schedule.spec.path : ['parameters', 'scheduled_time'];
      let leaf: JsonObject = { type: 'string', format: 'date-time' };
      for (const s of [...path].reverse())
        leaf =
          typeof s === 'number'
            ? { type: 'array', items: leaf }
            : { type: 'object', properties: { [String(s)]: leaf } };
      this.document(a, {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        $id: e.schemaUrl,
        title: 'schedule intent body',
        ...leaf,
      });
      return 'schema';
    }
    if (a.url === e.capabilityStatement) {
      const low = this.workflow.tasks.find((t) => t.spec.kind === 'handoff' && t.spec.lowCapability);
      const levels = low?.spec.kind === 'handoff' && low.spec.lowCapability ? low.spec.lowCapability : ['L0', 'L1'];
      this.document(a, {
        uai_version: '1.0',
        profile: 'uai.capability.statement.v1',
        body: {
          supported_levels: [...levels],
          operations: ['manifest_discovery', 'get_action'],
          endpoints: { get_action: e.getAction },
          security_schemes: ['none'],
        },
      });
      return 'capability';
    }
    if (where === originPath(e.readback)) {
      const key = new URL(a.url).searchParams.get('idempotency_key') ?? '';
      const commit = this.commits.find((c) => c.key !== undefined && c.key === key);
      if (commit) this.tell(commit.taskId, commit.id);
      this.document(
        a,
        commit
          ? { idempotency_key: key, state: 'committed', commit_id: commit.id }
          : { idempotency_key: key, state: 'not_found' },
      );
      return commit ? 'readback-committed' : 'readback-not-found';
    }
    if (where === originPath(e.getAction)) {
      const task = a.task_id === undefined ? undefined : this.workflow.byId.get(a.task_id);
      if (task?.spec.kind !== 'handoff') {
        this.fail(a, P.badRequest('A GET-Action notification names the handoff task it serves.'));
        return 'bad-get-action';
      }
      const evidence = this.id(`ev-${task.id}`);
      if (!this.done.has(task.id)) this.done.set(task.id, { step: this.step, evidence, via: 'get-action' });
      this.tell(task.id, evidence);
      this.document(a, { accepted: true, evidence_id: evidence });
      return 'get-action';
    }
    const anchor = (Object.entries(e.anchors) as [string, string][]).find(([, u]) => u === a.url);
    if (anchor) {
      this.document(a, { name: anchor[0], protected: true });
      return 'anchor-read';
    }
    this.fail(a, P.noSuchRoute('No document at this route.'));
    return 'no-route';
  }

  private renew(a: RenewAction): string {
    const e = this.c.endpoints;
    if (a.url !== e.refreshUri) {
      this.fail(a, P.noSuchRoute('No grant endpoint at this route.'));
      return 'no-route';
    }
    if (a.grant_type !== 'refresh_token' || a.refresh_token !== this.refresh) {
      this.fail(a, P.credentialRefused(400, e.login));
      return 'renew-refused';
    }
    this.access = fakeAccessToken(`at${this.counter + 1}-${this.sessionId}`);
    if (this.c.rotateRefresh) this.refresh = fakeRefreshToken(`rt${this.counter + 1}${this.sessionId}`);
    this.id('grant');
    this.reply({
      type: 'response',
      request_id: a.request_id,
      now: this.iso(this.clock),
      status: 200,
      body: {
        token_type: 'Bearer',
        access_token: this.access,
        expires_in: 3600,
        ...(this.c.rotateRefresh ? { refresh_token: this.refresh } : {}),
      },
    });
    return 'renewed';
  }
}
