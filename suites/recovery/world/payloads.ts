import type { JsonObject } from '../../../src/contract/recovery.js';
import type { AnchorName, Endpoints } from '../../../generators/recovery/types.js';

/**
 * The extended `uai.error.v1` payloads of the world, built from the five transcripts of seed 000
 * (same status, code, numeric_status, origin, detail, condition and action), with the world's URLs.
 */
export function errorPayload(messageId: string, body: JsonObject): JsonObject {
  return { uai_version: '1.0', profile: 'uai.error.v1', message_id: messageId, body };
}

const option = (action: string, params: JsonObject | undefined, review: string | undefined): JsonObject => ({
  action,
  ...(params ? { executable_parameters: params } : {}),
  ...(review ? { human_review_url: review } : {}),
});

const body = (
  status: string,
  code: string,
  numeric: number,
  origin: string,
  detail: string,
  condition?: string,
  opt?: JsonObject,
): JsonObject => ({
  status,
  code,
  numeric_status: numeric,
  origin,
  detail,
  ...(condition ? { sub_errors: [{ mechanical_condition: condition, recovery_options: [opt] }] } : {}),
});

/** Scenario 1: the scheduling endpoint changed its schema. */
export const schemaChanged = (fieldPath: string, field: string, schemaUrl: string, review?: string) =>
  body(
    'isolated_noop',
    'invalid_message',
    422,
    'endpoint',
    `Payload validation failed on field: ${field}.`,
    'malformed_request',
    option('correct_field', { field_path: fieldPath, expected_format: 'date-time', schema_url: schemaUrl }, review),
  );

/** Scenario 2: a dependency (the orchestrator, or the scheduling endpoint) is unreachable; the host reports it, in the seed's words. */
export const dependencyDown = (maxRetries: number, review?: string, dependency = 'orchestrator') =>
  body(
    'isolated_noop',
    'task_not_found',
    503,
    'host',
    `Transport layer failure; ${dependency} is currently unreachable.`,
    'dependency_failure',
    option('wait_for_dependency', { backoff_strategy: 'exponential', max_retries: maxRetries }, review),
  );

/** Scenario 3: the access token expired (the seed's payload always carries the login URL). */
export const credentialExpired = (e: Endpoints) =>
  body(
    'isolated_noop',
    'auth_required',
    401,
    'endpoint',
    'Verifiable credential or session token has expired.',
    'expired_credential',
    option('renew_grant', { grant_type: 'refresh_token', refresh_uri: e.refreshUri }, e.login),
  );

/** Scenario 4: an L1 receiver rejects the mutative POST. */
export const capabilityNotSupported = (levels: string[], statement: string, review?: string) =>
  body(
    'isolated_noop',
    'capability_not_supported',
    415,
    'protocol',
    'Receiver does not support L7 mutative POST semantics.',
    'unsupported_format',
    option('negotiate_representation', { supported_levels: levels, capability_statement: statement }, review),
  );

/** Scenario 5: a gateway timeout after the write may have committed. */
export const unknownOutcome = (readbackRoute: string, review?: string) =>
  body(
    'fatal',
    'invalid_message',
    504,
    'endpoint',
    'Gateway timeout waiting for upstream response.',
    'unknown_outcome',
    option('resume_from_checkpoint', { readback_route: readbackRoute }, review),
  );

/** The isolated no-op of seed 000: a protocol-origin boundary on one operation. */
export const isolatedNoop = (condition: string, review: string) =>
  body(
    'isolated_noop',
    'insufficient_trust',
    403,
    'protocol',
    'This operation needs explicit review under the no-op protocol.',
    condition,
    option('isolate_and_report', undefined, review),
  );

/** A restriction chosen in the project configuration. */
export const configurationRestriction = (condition: string, review: string) =>
  body(
    'error',
    'insufficient_trust',
    403,
    'configuration',
    'The project configuration forbids this operation.',
    condition,
    option('isolate_and_report', undefined, review),
  );

/** A conflict with a protected anchor. */
export const anchorConflict = (anchor: AnchorName, anchorUrl: string, review: string) =>
  body(
    'isolated_noop',
    'insufficient_trust',
    403,
    'protocol',
    `Write conflicts with protected anchor ${anchor}.`,
    'stale_revision',
    option('isolate_and_report', { anchor, anchor_url: anchorUrl }, review),
  );

/** A credential the server does not know, or a refused renewal. */
export const credentialRefused = (numeric: number, login: string) =>
  body(
    'error',
    'auth_required',
    numeric,
    'endpoint',
    'The credential presented is not valid.',
    'missing_permission',
    option('isolate_and_report', undefined, login),
  );

/** A route the world does not have. */
export const noSuchRoute = (detail: string) => body('error', 'task_not_found', 404, 'endpoint', detail);

/** A request the endpoint cannot read. */
export const badRequest = (detail: string) => body('error', 'invalid_message', 400, 'endpoint', detail);
