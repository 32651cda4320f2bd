import fc from 'fast-check';
import { declaredMembers, formatAsserted, levelSchemas, membersOpen, type ErrorLevel, type ErrorPayload, type ErrorSpec } from '../../src/spec/error.js';
import { copy, optionAt, type AdversarialError } from './adversarial.js';
import { errorPayload } from './error-payload.js';
import { relativeReference } from './https-url.js';
import { messageIdFormatAsserted, nonUuidMessageId } from './message-id.js';
import { payloadWithOption, usableActions } from './payload-with-option.js';

type Edit = (p: ErrorPayload, se: number, op: number) => void;
type Break = { family: string; edit: Edit };

const del = (obj: object, key: string) => delete (obj as Record<string, unknown>)[key];
const set = (obj: object, key: string, value: unknown) => ((obj as Record<string, unknown>)[key] = value);

/** The object of `p` at `level` that the planted option sits in. */
function at(level: ErrorLevel, p: ErrorPayload, se: number, op: number): object {
  if (level === 'payload') return p;
  if (level === 'body') return p.body;
  if (level === 'subError') return p.body.sub_errors![se]!;
  return optionAt(p, se, op);
}

/** Members a level's schema requires, and at the top level those D-ERR-02 adds. */
function requiredAt(level: ErrorLevel, spec: ErrorSpec): string[] {
  const own: string[] = levelSchemas(spec)[level].required ?? [];
  return level === 'payload' ? [...new Set([...own, ...spec.envelope.required])] : own;
}

const PREFIX: Record<ErrorLevel, string> = { payload: '', body: 'body.', subError: 'sub_error.', option: 'option.' };

/** Breaks that do not depend on the decisions: values outside the enums and consts, wrong types. */
const fixedBreaks: fc.Arbitrary<Break>[] = [
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
];

/** Names no level of the published schema declares. */
const UNDECLARED = ['x-vendor-trace', 'vendor', 'locale', '説明'];

/**
 * The breaks of the published schema under `spec`'s decisions, one member at a time: a missing
 * required member (D-ERR-02 at the top level), a value outside an enum or a const, a wrong type,
 * a format that asserts (D-ERR-01: a non-URI human_review_url; a non-UUID message id where `uuid`
 * asserts), and, where members are closed (D-ERR-10), a member the schema does not declare.
 */
function breaks(spec: ErrorSpec): fc.Arbitrary<Break>[] {
  const out = [...fixedBreaks];
  const levels: ErrorLevel[] = ['payload', 'body', 'subError', 'option'];
  for (const level of levels) {
    const missing = requiredAt(level, spec).map((m) => ({ family: `missing:${PREFIX[level]}${m}`, edit: ((p, se, op) => del(at(level, p, se, op), m)) as Edit }));
    if (missing.length > 0) out.push(fc.constantFrom(...missing));
  }
  const reviewFormat = levelSchemas(spec).option.properties.human_review_url?.format;
  if (formatAsserted(reviewFormat, spec)) {
    out.push(
      fc.oneof(relativeReference(), fc.constantFrom('not a url', '', 'https://exa mple.com/login', 'http://[::1')).map((v) => ({
        family: 'non-uri:human_review_url',
        edit: ((p, se, op) => set(optionAt(p, se, op), 'human_review_url', v)) as Edit,
      })),
    );
  }
  if (messageIdFormatAsserted(spec)) out.push(nonUuidMessageId().map((v) => ({ family: 'format:message_id', edit: ((p) => set(p, 'message_id', v)) as Edit })));
  if (!membersOpen(spec)) {
    const declared = declaredMembers(spec);
    const unknown = levels.flatMap((level) => UNDECLARED.filter((k) => !declared[level].includes(k)).map((k) => ({ level, k })));
    const plant = fc.tuple(fc.constantFrom(...unknown), fc.constantFrom<unknown>('x', 1, true, { a: 1 })).map(([{ level, k }, v]) => ({ family: `undeclared:${PREFIX[level] || 'payload.'}${k}`, edit: ((p, se, op) => set(at(level, p, se, op), k, v)) as Edit }));
    // One kind among many, but the one only a closed reading has: drawn as often as three others.
    out.push(plant, plant, plant);
  }
  return out;
}

/** A payload that breaks exactly one rule of the published schema, as `spec` reads it (ERR-SCHEMA). */
export function schemaViolation(spec: ErrorSpec): fc.Arbitrary<AdversarialError> {
  // isolate_and_report fits every condition and origin in the pack's table, so the planted option stays valid otherwise.
  const usable = usableActions(spec);
  const action = usable.includes('isolate_and_report') ? 'isolate_and_report' : usable[0];
  if (action === undefined) throw new Error('spec/error.json conditionActions allows no action: ERR-SCHEMA has no option to plant');
  return fc.tuple(payloadWithOption(spec, action), fc.oneof(...breaks(spec))).map(([{ payload, subError, option }, { family, edit }]) => {
    const p = copy(payload);
    edit(p, subError, option);
    return { family, payload: p };
  });
}

/** A value that is not an error payload object at all. */
export function nonObjectPayload(spec: ErrorSpec): fc.Arbitrary<AdversarialError> {
  return fc.oneof(fc.constantFrom<unknown>(null, 'uai.error.v1', 42, true), errorPayload(spec).map((p) => [p])).map((payload) => ({ family: 'type:payload', payload }));
}
