/**
 * The recovery contract: how the pack (playing the world) talks to an agent's recovery policy.
 *
 * Everything here is plain JSON, so the same contract can cross a process boundary (JSON-RPC)
 * later. The agent never calls anything: it answers each message with a list of actions, and the
 * world answers each action that needs an answer with an observation. The JSON Schemas of these
 * messages are `schemas/recovery-scenario.schema.json`, `schemas/recovery-actions.schema.json` and
 * `schemas/recovery-observation.schema.json`; every answer of the agent is validated against them.
 * Decisions behind the shapes: docs/spec-decisions.md.
 */
import type { CapabilityLevel } from './levels.js';

/** A JSON object. */
export type JsonObject = { [key: string]: unknown };

/** What the agent holds for the repository: a bearer grant it may renew, never invent. */
export interface RecoveryGrant {
  token_type: 'Bearer';
  access_token: string;
  refresh_token: string;
}

/** A protected anchor of the project-authority set (seed 000, Memory Firewall). */
export interface RecoveryAnchor {
  name: 'Totem' | 'Taboo' | 'Talisman';
  url: string;
}

/** One operation of the workflow: deliver `message` to `url` with a POST (a `send` action). */
export interface RecoveryTask {
  task_id: string;
  /** `schedule` (scheduling endpoint), `status` (orchestrator stream), `write` (repository), `handoff` (receiver). */
  kind: 'schedule' | 'status' | 'write' | 'handoff';
  /** Tasks whose success this one needs; the agent must not start it before they completed. */
  depends_on: string[];
  url: string;
  message: JsonObject;
  /** True when the endpoint wants `authorization: "Bearer <access_token>"` from the grant. */
  requires_auth: boolean;
}

/** The message that opens a session: the workflow and everything the world hands over up front. */
export interface RecoveryScenario {
  session_id: string;
  /** The level the agent acts at in this session (min of its declared level and the pack's choice). */
  capability_level: CapabilityLevel;
  /** The world's clock at the start: UTC, trailing Z. */
  now: string;
  tasks: RecoveryTask[];
  grant?: RecoveryGrant;
  /** A base under which the agent may publish state for GET-Action notifications. */
  public_state_base: string;
  anchors: RecoveryAnchor[];
}

/** POST `message` to `url` for task `task_id`. Sends to the repository carry an idempotency key. */
export interface SendAction {
  type: 'send';
  request_id: string;
  task_id: string;
  url: string;
  message: JsonObject;
  idempotency_key?: string;
  /** `Bearer <access_token>`: only a token the world handed over. */
  authorization?: string;
}

/** A safe GET: a schema, a capability statement, a readback route, or a GET-Action notification. */
export interface FetchAction {
  type: 'fetch';
  request_id: string;
  url: string;
  /** The task this GET serves (required for a GET-Action notification that completes a task). */
  task_id?: string;
}

/** Renews the grant at a refresh URI the world gave. */
export interface RenewAction {
  type: 'renew';
  request_id: string;
  url: string;
  grant_type: string;
  refresh_token: string;
}

/** Sets a timer: the world answers with a `timer` observation once `ms` have passed on its clock. */
export interface WaitAction {
  type: 'wait';
  request_id: string;
  ms: number;
}

/** Records a packet in the session's durable record: a complete UAI-1 envelope; the contract asks only for `uai.agent.blocker.v1` blockers (D-REC-07). */
export interface EmitAction {
  type: 'emit';
  packet: JsonObject;
}

/** Hands one task to human review. */
export interface EscalateAction {
  type: 'escalate';
  task_id: string;
  human_review_url?: string;
  reason: string;
}

/** Stops one failed operation (the legacy no-op) and surfaces the human review URL. */
export interface HaltAction {
  type: 'halt';
  task_id: string;
  human_review_url?: string;
  reason: string;
}

/** Ends the session: the agent has nothing more to do. Must be the last action of its answer. */
export interface CompleteAction {
  type: 'complete';
}

export type RecoveryAction =
  | SendAction
  | FetchAction
  | RenewAction
  | WaitAction
  | EmitAction
  | EscalateAction
  | HaltAction
  | CompleteAction;

/** A 2xx answer to a `send` or a `renew`. */
export interface ResponseObservation {
  type: 'response';
  request_id: string;
  now: string;
  status: number;
  body: JsonObject;
}

/** The body of a successful GET. */
export interface DocumentObservation {
  type: 'document';
  request_id: string;
  now: string;
  url: string;
  status: number;
  document: JsonObject;
}

/** A failed request, carrying an extended `uai.error.v1` payload (seed 000). */
export interface ErrorObservation {
  type: 'error';
  request_id: string;
  now: string;
  payload: JsonObject;
}

/** A timer set by a `wait` fired. */
export interface TimerObservation {
  type: 'timer';
  request_id: string;
  now: string;
}

/** A dependency that failed with `dependency_failure` is reachable again. */
export interface RestoredObservation {
  type: 'dependency_restored';
  now: string;
  url: string;
}

export type RecoveryObservation =
  | ResponseObservation
  | DocumentObservation
  | ErrorObservation
  | TimerObservation
  | RestoredObservation;

/**
 * The adapter member `recovery`: a policy reached only by messages. Both methods return the
 * actions to take now, possibly none; the session ends with a `complete` action.
 */
export interface RecoveryPolicy {
  start(scenario: RecoveryScenario): RecoveryAction[] | Promise<RecoveryAction[]>;
  observe(sessionId: string, observation: RecoveryObservation): RecoveryAction[] | Promise<RecoveryAction[]>;
}
