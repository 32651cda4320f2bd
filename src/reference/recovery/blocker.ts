import type { JsonObject } from '../../contract/recovery.js';
import type { SpecData } from '../../spec/index.js';
import { referenceChecksum } from '../envelope/checksum.js';

/** What a blocker says: the stopped step, the error that stopped it, and the completed work it stood on. */
export interface BlockerFacts {
  taskId: string;
  /** The `message_id` of the error payload, when an error stopped the step. */
  errorMessageId?: string;
  /** The error's `mechanical_condition`, when it gave one. */
  condition?: string;
  /** The error's `detail`, or the agent's own reason. */
  detail: string;
  /** The payload's `human_review_url`, if it gave one. */
  review?: string;
  /** The step's prerequisites that completed, and the evidence ids the world issued for them. */
  prerequisites: string[];
  evidence: string[];
}

/** Where the blocker sits in its session: the session id, the world's clock and the blocker's number. */
export interface BlockerPlace {
  sessionId: string;
  now: number;
  sequence: number;
}

const AGENT_ID = 'agt_uaix-conformance-reference';
const AGENT_URI = 'urn:example:agent:uaix-conformance-reference';
const WEEK_MS = 7 * 24 * 3600 * 1000;

/** `s` made into the tail of a D-ENV-01 token (characters outside the grammar become `-`), kept short. */
function tokenPart(s: string): string {
  return s.replace(/[^A-Za-z0-9._:~-]/g, '-').slice(0, 80) || 'x';
}

/** A non-blank text (D-ENV-02): `s`, or `fallback` when `s` is blank. */
function text(s: string, fallback: string): string {
  return /\S/.test(s) ? s : fallback;
}

/**
 * The blocker body (D-REC-07, D-REC-19): the six fields of the registry page and the references,
 * kept to the fields the blocker profile of `spec` declares (an absent reference is left out).
 */
function blockerBody(spec: SpecData, f: BlockerFacts, place: BlockerPlace): JsonObject {
  const type = spec.recovery.isolatedNoopBlockerType;
  const body: JsonObject = {
    blocker_id: `blk_${tokenPart(place.sessionId)}-${place.sequence}`,
    blocker_type: type,
    description: text(f.detail, 'The operation was refused.'),
    human_review_required: f.review !== undefined || spec.envelope.policy.humanReviewBlockerTypes.includes(type),
    proposed_resolution: f.review ? `Review the operation at ${f.review}` : 'Decide whether the operation should run.',
    support_boundary: 'The agent does not retry or work around this restriction; unrelated tasks continue.',
    blocked_task_id: f.taskId,
    ...(f.errorMessageId ? { error_message_id: f.errorMessageId } : {}),
    ...(f.condition ? { mechanical_condition: f.condition } : {}),
    prerequisite_task_ids: f.prerequisites,
    evidence_ids: f.evidence,
  };
  const declared = spec.envelope.profiles[spec.recovery.blockerProfile]?.fields ?? {};
  return Object.fromEntries(Object.entries(body).filter(([name]) => Object.hasOwn(declared, name)));
}

/** The `value` of a const field of an envelope object layout (the integrity block's version, algorithm...). */
function constOf(spec: SpecData, layout: string, field: string): unknown {
  const f = spec.envelope.objects[layout]?.fields[field];
  return f?.type === 'const' ? f.value : undefined;
}

/**
 * The blocker an agent emits for a stopped step: a complete UAI-1 envelope of the blocker profile
 * (the twelve members of `spec/envelope.json`, sealed with the integrity checksum of D-INT-01), from
 * the agent to the human review, so that any validator of the pack's envelope rules accepts it.
 */
export function blockerEnvelope(spec: SpecData, f: BlockerFacts, place: BlockerPlace): JsonObject {
  const sid = tokenPart(place.sessionId);
  const issued = new Date(place.now).toISOString();
  const identity = (type: string, id: string, label: string, uri: string, role: string) => ({
    type,
    id,
    label,
    uri,
    role,
    project: 'uaix-conformance',
    implementation: 'uaix-conformance-reference',
  });
  const unsealed: JsonObject = {
    uai_version: spec.envelope.uaiVersion,
    profile: spec.recovery.blockerProfile,
    message_id: `msg_${sid}-blocker-${place.sequence}`,
    source: identity('agent', AGENT_ID, 'reference recovery agent', AGENT_URI, 'recovery_agent'),
    target: identity('human', 'agt_human-review', 'human review', f.review ?? 'urn:example:review', 'reviewer'),
    conversation: {
      conversation_id: `conv_${sid}`,
      turn_id: `turn_${sid}-${place.sequence}`,
      correlation_id: `corr_${sid}-${tokenPart(f.taskId)}`,
      sequence: place.sequence,
    },
    delivery: {
      mode: 'async',
      priority: 'normal',
      expires_at: new Date(place.now + WEEK_MS).toISOString(),
      reply_requested: f.review !== undefined,
      ack_required: true,
      idempotency_key: `idem_${sid}-blocker-${tokenPart(f.taskId)}`,
      retry_count: 0,
      sequence: place.sequence,
      lifecycle: 'blocked',
      timeout_ms: WEEK_MS,
      fallback_directive: 'If nobody can review this blocker, leave the step stopped.',
      expected_output_schema: {},
    },
    trust: { channel: 'session', auth_scheme: 'none', principal: AGENT_URI },
    body: blockerBody(spec, f, place),
    provenance: { trace_id: `trace_${sid}`, issued_at: issued, agent_id: AGENT_ID, confidence: 1, lineage: [] },
    integrity: {
      version: constOf(spec, 'integrity', 'version'),
      algorithm: constOf(spec, 'integrity', 'algorithm'),
      canonicalization: constOf(spec, 'integrity', 'canonicalization'),
    },
    extensions: [],
  };
  // The checksum covers the envelope as the checksum rule says, whatever it leaves out: hash a draft with a blank checksum.
  const integrity = unsealed.integrity as JsonObject;
  const draft = { ...unsealed, integrity: { ...integrity, checksum: '' } };
  return { ...draft, integrity: { ...integrity, checksum: referenceChecksum(spec.envelope, draft) } };
}
