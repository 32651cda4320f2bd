import type { CapabilityLevel } from '../../src/contract/adapter.js';
import type { RecoveryGrant } from '../../src/contract/recovery.js';

/** The protected anchors of the project-authority set (seed 000, Memory Firewall). */
export type AnchorName = 'Totem' | 'Taboo' | 'Talisman';

/**
 * One injected fault: what the world does to one attempt of one task. Faults are consumed in order,
 * one per attempt; an attempt with no fault left succeeds (unless an endpoint state says otherwise).
 * Restrictions (`isolated`, `config`, `anchor`) are standing rules: they refuse every later attempt.
 */
export type Fault =
  /** The task's endpoint (the orchestrator, or the scheduling endpoint) drops off the network for `durationMs` of world time (seed 000, scenario 2). */
  | { kind: 'outage'; durationMs: number; maxRetries: number }
  /** The repository's access token expires just before this attempt (scenario 3). */
  | { kind: 'expire' }
  /** The repository times out; `committed` says whether the write really landed (scenario 5). */
  | { kind: 'timeout'; committed: boolean }
  /** The write conflicts with a protected anchor. */
  | { kind: 'anchor'; anchor: AnchorName }
  /** A protocol-origin restriction on this one operation: an isolated no-op. */
  | { kind: 'isolated'; condition: 'missing_permission' | 'unavailable_tool' }
  /** A restriction a human chose in the project configuration. */
  | { kind: 'config'; condition: 'missing_permission' | 'exhausted_allocation' | 'unavailable_tool' };

export type FaultKind = Fault['kind'];

/** Faults an L6+ agent can recover from on its own; the others end their task. */
export const RECOVERABLE_FAULTS: readonly FaultKind[] = ['outage', 'expire', 'timeout'];

interface TaskBase {
  /** Indices of earlier tasks this one needs (normalized when the workflow is built). */
  deps: number[];
  faults: Fault[];
}

/** A step of the path to the corrected field, below the message body. */
export type PathStep = string | number;

/** The quote of a bracketed name in a JSONPath (RFC 9535 §2.3.1.1: either). */
export type PathQuote = "'" | '"';

/** A request to the scheduling endpoint (scenario 1). */
export interface ScheduleTask extends TaskBase {
  kind: 'schedule';
  /** Unix seconds, the outdated representation the agent holds. */
  unix: number;
  /** Where the time sits in the body, e.g. `['parameters', 'scheduled_time']`. */
  path: PathStep[];
  /** The endpoint now requires an ISO-8601 date-time at `path`. */
  schemaChanged: boolean;
  /**
   * The quote the endpoint writes the bracketed names of its `field_path` with: RFC 9535 allows
   * `['name']` and `["name"]` alike. Single quotes when absent.
   */
  quote?: PathQuote;
  subject: string;
  extra: Record<string, unknown>;
}

/** A packet of the orchestrator stream (scenario 2): task status, or the final report. */
export interface StatusTask extends TaskBase {
  kind: 'status';
  final: boolean;
  note: string;
  progress: number;
}

/** A repository write, one item of a memory-folder migration (scenarios 3 and 5). */
export interface WriteTask extends TaskBase {
  kind: 'write';
  item: string;
  content: string;
}

/** A handoff to another agent (scenario 4). */
export interface HandoffTask extends TaskBase {
  kind: 'handoff';
  /** Levels of a constrained receiver, or null when it accepts the POST. */
  lowCapability: CapabilityLevel[] | null;
  summary: string;
  principal: string;
  secret: string;
  memory: string;
}

export type CaseTask = ScheduleTask | StatusTask | WriteTask | HandoffTask;
export type TaskKind = CaseTask['kind'];

/** The URLs of the simulated world; generated so that an agent cannot guess them. */
export interface Endpoints {
  scheduler: string;
  schemaUrl: string;
  orchestrator: string;
  repository: string;
  readback: string;
  refreshUri: string;
  login: string;
  receiver: string;
  capabilityStatement: string;
  getAction: string;
  review: string;
  publicStateBase: string;
  anchors: Record<AnchorName, string>;
}

/** One generated case of the recovery suite: a workflow, its fault schedule, and the world's URLs. */
export interface RecoveryCase {
  /** The level the pack asks for (capped by the adapter's declared level). */
  level: CapabilityLevel;
  endpoints: Endpoints;
  grant: RecoveryGrant;
  /** The auth server rotates the refresh token on each renewal. */
  rotateRefresh: boolean;
  /** Recoverable error payloads also carry a human_review_url (always true below L6). */
  reviewUrls: boolean;
  tasks: CaseTask[];
}
