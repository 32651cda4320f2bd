import fc from 'fast-check';
import type { ErrorPayload, ErrorSpec } from '../../src/spec/error.js';
import { copy, optionAt, type AdversarialError } from './adversarial.js';
import { errorPayload } from './error-payload.js';
import { relativeReference } from './https-url.js';
import { payloadWithOption } from './payload-with-option.js';

type Edit = (p: ErrorPayload, se: number, op: number) => void;

const del = (obj: object, key: string) => delete (obj as Record<string, unknown>)[key];
const set = (obj: object, key: string, value: unknown) => ((obj as Record<string, unknown>)[key] = value);

/** Breaks of the published schema (and of D-ERR-02's envelope members), one member at a time. */
const edits: fc.Arbitrary<{ family: string; edit: Edit }> = fc.oneof(
  fc.constantFrom('uai_version', 'profile', 'message_id', 'body').map((m) => ({ family: `missing:${m}`, edit: ((p) => del(p, m)) as Edit })),
  fc.constantFrom('status', 'code', 'origin', 'detail').map((m) => ({ family: `missing:body.${m}`, edit: ((p) => del(p.body, m)) as Edit })),
  fc.constantFrom('mechanical_condition', 'recovery_options').map((m) => ({ family: `missing:sub_error.${m}`, edit: ((p, se) => del(p.body.sub_errors![se]!, m)) as Edit })),
  fc.constant({ family: 'missing:option.action', edit: ((p, se, op) => del(optionAt(p, se, op), 'action')) as Edit }),
  fc.constantFrom('warning', 'Error', 'ok', 'isolated-noop', 'noop').map((v) => ({ family: 'enum:status', edit: ((p) => set(p.body, 'status', v)) as Edit })),
  fc.constantFrom('network', 'remote', 'user', 'Configuration', 'runtime').map((v) => ({ family: 'enum:origin', edit: ((p) => set(p.body, 'origin', v)) as Edit })),
  fc.constantFrom('timeout', 'network_loss', 'rate_limited', 'Malformed_Request', 'unknown').map((v) => ({
    family: 'enum:mechanical_condition',
    edit: ((p, se) => set(p.body.sub_errors![se]!, 'mechanical_condition', v)) as Edit,
  })),
  fc.constantFrom('retry', 'retry_with_backoff', 'escalate', 'ignore', 'Correct_Field').map((v) => ({ family: 'enum:action', edit: ((p, se, op) => set(optionAt(p, se, op), 'action', v)) as Edit })),
  fc.constantFrom<unknown>('1.1', '2.0', '1', 1).map((v) => ({ family: 'const:uai_version', edit: ((p) => set(p, 'uai_version', v)) as Edit })),
  fc.constantFrom('uai.error.v2', 'uai.agent.error.v1', 'UAI.ERROR.V1', 'uai.error.v1 ').map((v) => ({ family: 'const:profile', edit: ((p) => set(p, 'profile', v)) as Edit })),
  fc.constantFrom<unknown>('422', 422.5, true).map((v) => ({ family: 'type:body.numeric_status', edit: ((p) => set(p.body, 'numeric_status', v)) as Edit })),
  fc.constantFrom<unknown>(42, null, ['x']).map((v) => ({ family: 'type:body.detail', edit: ((p) => set(p.body, 'detail', v)) as Edit })),
  fc.constantFrom<unknown>(401, null).map((v) => ({ family: 'type:body.code', edit: ((p) => set(p.body, 'code', v)) as Edit })),
  fc.constantFrom<unknown>(1, null).map((v) => ({ family: 'type:body.status', edit: ((p) => set(p.body, 'status', v)) as Edit })),
  fc.constantFrom<unknown>(9982, null).map((v) => ({ family: 'type:message_id', edit: ((p) => set(p, 'message_id', v)) as Edit })),
  fc.constantFrom<unknown>([], 'error').map((v) => ({ family: 'type:body', edit: ((p) => set(p, 'body', v)) as Edit })),
  fc.constantFrom<unknown>({}, 'none').map((v) => ({ family: 'type:body.sub_errors', edit: ((p) => set(p.body, 'sub_errors', v)) as Edit })),
  fc.constantFrom<unknown>('retry', {}).map((v) => ({ family: 'type:sub_error.recovery_options', edit: ((p, se) => set(p.body.sub_errors![se]!, 'recovery_options', v)) as Edit })),
  fc.constantFrom<unknown>(['x'], 'exponential').map((v) => ({ family: 'type:option.executable_parameters', edit: ((p, se, op) => set(optionAt(p, se, op), 'executable_parameters', v)) as Edit })),
  fc.oneof(relativeReference(), fc.constantFrom('not a url', '', 'https://exa mple.com/login', 'http://[::1')).map((v) => ({
    family: 'non-uri:human_review_url',
    edit: ((p, se, op) => set(optionAt(p, se, op), 'human_review_url', v)) as Edit,
  })),
);

/** A payload that breaks exactly one rule of the published schema (ERR-SCHEMA). */
export function schemaViolation(spec: ErrorSpec): fc.Arbitrary<AdversarialError> {
  // isolate_and_report fits every condition and origin, so the planted option stays valid otherwise.
  return fc.tuple(payloadWithOption(spec, 'isolate_and_report'), edits).map(([{ payload, subError, option }, { family, edit }]) => {
    const p = copy(payload);
    edit(p, subError, option);
    return { family, payload: p };
  });
}

/** A value that is not an error payload object at all. */
export function nonObjectPayload(spec: ErrorSpec): fc.Arbitrary<AdversarialError> {
  return fc.oneof(fc.constantFrom<unknown>(null, 'uai.error.v1', 42, true), errorPayload(spec).map((p) => [p])).map((payload) => ({ family: 'type:payload', payload }));
}
