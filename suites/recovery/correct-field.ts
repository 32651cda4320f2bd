import * as fc from 'fast-check';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { caseOf, recoveryCase } from '../../generators/recovery/recovery-case.js';
import { scheduleTask, timePath, type TimePathKind } from '../../generators/recovery/task.js';
import type { CaseTask, PathQuote, ScheduleTask } from '../../generators/recovery/types.js';
import type { SpecData } from '../../src/spec/index.js';
import type { Workflow } from './world/workflow.js';
import type { JsonObject } from '../../src/contract/recovery.js';
import { jsonEqual } from '../../src/engine/json-equal.js';
import { deliveredAt, deliveredErrors, sends } from './analysis.js';
import { sessionCheck } from '../../src/engine/kinds/session.js';
import { judgedSession, RECOVERY_SESSION, recoveryCases, type RecoveryFamily, SESSION_MESSAGES } from './cases.js';
import { getAt, renderPath, setAt } from './world/json-path.js';

const isDateTime = (v: unknown) =>
  typeof v === 'string' && (fullFormats['date-time'] as { validate: (s: string) => boolean }).validate(v);

/** The message with its id and the corrected field blanked, or a marker when the path is gone. */
function strip(m: JsonObject, path: readonly (string | number)[]): unknown {
  try {
    return setAt({ ...m, message_id: null }, ['body', ...path], null);
  } catch {
    return { $missing: path };
  }
}

/**
 * A scheduling request whose endpoint changed its schema, with the time at a path of `kinds` (and
 * `unix` when given), its field_path written with `quote` when given (single quotes otherwise).
 */
const changed = (kinds?: TimePathKind[], unix?: fc.Arbitrary<number>, quote?: PathQuote) =>
  scheduleTask([], {
    faults: fc.constant([]),
    schemaChanged: fc.constant(true),
    path: timePath(kinds),
    unix,
    ...(quote ? { quote: fc.constant(quote) } : {}),
  }).map((t) => ({ ...t, deps: [] }));

const fieldCases = (layout: fc.Arbitrary<CaseTask[]>) => (spec: SpecData) =>
  caseOf(spec.recovery.recoveringLevels, layout, { noise: { kinds: ['write', 'status'] } });

/** The scheduling requests of a case whose schema changed, with their time's path. */
const corrections = (w: Workflow): ScheduleTask[] =>
  w.tasks.flatMap((t) => (t.spec.kind === 'schedule' && t.spec.schemaChanged ? [t.spec] : []));

/** Names a lookup by `in` or `obj[name]` finds on every object. */
const PROTOTYPE_NAMES = new Set(Object.getOwnPropertyNames(Object.prototype));

/** True when a key of `v`, at any depth, is one of `Object.prototype`'s names. */
function hasPrototypeKey(v: unknown): boolean {
  if (Array.isArray(v)) return v.some(hasPrototypeKey);
  if (v === null || typeof v !== 'object') return false;
  return Object.entries(v).some(([k, x]) => PROTOTYPE_NAMES.has(k) || hasPrototypeKey(x));
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The ways agents get a correction wrong, beyond the seed's own path: the field written under
 * `parameters` whatever its depth, a JSONPath reader that knows only dot notation, or one that does
 * not unescape a quote or a backslash, or one that knows only single-quoted names (RFC 9535 writes
 * a name in either quote: `["name"]` too), or one without index steps (or of one digit), a copy of the message by assignment that loses a member named
 * `__proto__` (or any lookup that takes `Object.prototype`'s names for members), a "no value"
 * guard that takes the epoch (0 seconds) for none, and a "new" message id that is the same for
 * every correction of a session.
 */
const FIELD_FAMILIES: RecoveryFamily[] = [
  {
    name: 'field-nested',
    cases: fieldCases(changed(['nested', 'bracket', 'escaped']).map((t) => [t])),
    holds: (w) => corrections(w).some((t) => t.path.length >= 3),
  },
  {
    name: 'field-bracket',
    cases: fieldCases(changed(['bracket', 'escaped']).map((t) => [t])),
    holds: (w) => corrections(w).some((t) => t.path.some((p) => typeof p === 'string' && !IDENTIFIER.test(p))),
  },
  {
    name: 'field-escaped',
    cases: fieldCases(changed(['escaped']).map((t) => [t])),
    holds: (w) => corrections(w).some((t) => renderPath(t.path, t.quote).includes('\\')),
  },
  {
    name: 'field-double-quoted',
    cases: fieldCases(changed(['bracket', 'escaped', 'double-quote'], undefined, '"').map((t) => [t])),
    holds: (w) =>
      corrections(w).some((t) => t.quote === '"' && t.path.some((p) => typeof p === 'string' && !IDENTIFIER.test(p))),
  },
  {
    name: 'field-prototype-name',
    cases: fieldCases(changed(['prototype']).map((t) => [t])),
    holds: (w) =>
      corrections(w).some((t) => t.path.some((p) => PROTOTYPE_NAMES.has(String(p))) || hasPrototypeKey(t.extra)),
  },
  {
    name: 'field-index',
    cases: fieldCases(changed(['index']).map((t) => [t])),
    holds: (w) => corrections(w).some((t) => t.path.some((p) => typeof p === 'number')),
  },
  {
    name: 'field-epoch',
    cases: fieldCases(changed(undefined, fc.constant(0)).map((t) => [t])),
    holds: (w) => corrections(w).some((t) => t.unix === 0),
  },
  {
    name: 'field-two-tasks',
    cases: fieldCases(fc.array(changed(), { minLength: 2, maxLength: 3 })),
    holds: (w) => corrections(w).length >= 2,
  },
];

/**
 * REC-CORRECT-FIELD (seed 000, scenario 1): after a `correct_field` error the agent fetches the
 * schema from the given URL, then resends the message with the field corrected (the same instant
 * as an ISO-8601 date-time) and a new message id, and nothing else changed.
 */
const TITLE =
  'A malformed field is corrected from the retrieved schema and resent with a new message id, nothing else changed';

export const recCorrectField = sessionCheck({
  id: 'REC-CORRECT-FIELD',
  suite: 'recovery',
  severity: 'MUST',
  title: TITLE,
  specRef: '000 §Scenario 1: Autonomous Recovery from Malformed Data',
  statement:
    'After correct_field the agent GETs the schema_url, and only once it is answered resends the message with the field at field_path rewritten as an RFC 3339 date-time of the same instant, a message_id never used before, and nothing else changed (000 §Scenario 1; D-REC-08).',
  decisions: ['D-REC-01', 'D-REC-02', 'D-REC-04', 'D-REC-08'],
  cases: recoveryCases({
    title: TITLE,
    arbitrary: (spec) =>
      recoveryCase({
        levels: spec.recovery.recoveringLevels,
        focus: scheduleTask([], { faults: fc.constant([]), schemaChanged: fc.constant(true) }),
        focusCount: { min: 1, max: 2 },
        others: { kinds: ['schedule', 'write', 'status'] },
      }),
    families: FIELD_FAMILIES,
  }),
  ...RECOVERY_SESSION,
  judge: judgedSession((s, spec) => {
    const w = s.world;
    // The resend is a fresh envelope (D-REC-08): its new message_id is an identifier by D-ENV-01, like every id of the envelope.
    const token = new RegExp(spec.envelope.types.token?.pattern ?? '^\\S+$', 'u');
    for (const err of deliveredErrors(w).filter((e) => e.cause === 'schema')) {
      const failed = err.record.action;
      if (failed.type !== 'send') continue;
      const task = w.workflow.byId.get(failed.task_id)!;
      if (task.spec.kind !== 'schedule') continue;
      const schemaUrl = String(err.params.schema_url);
      const resend = sends(w, failed.task_id).find((x) => x.i > err.i);
      if (!resend)
        return {
          reason: 'not-resent',
          params: { taskId: failed.task_id },
          expected: 'a corrected resend',
        };
      // One GET may serve several corrections from the same schema_url: any GET of it made after an
      // error offered it, answered before the resend, will do.
      const offered = deliveredErrors(w).find(
        (x) => x.cause === 'schema' && x.params.schema_url === err.params.schema_url,
      )!;
      const answered = w.log
        .map((e, i) => ({ e, i }))
        .filter(
          ({ e, i }) =>
            i > offered.i && i < resend.i && e.who === 'agent' && e.item.type === 'fetch' && e.item.url === schemaUrl,
        )
        .map(({ e }) => deliveredAt(w, (e.item as { request_id: string }).request_id))
        .some((at) => at !== undefined && at < resend.i);
      if (!answered) {
        return {
          reason: 'resent-before-schema',
          params: { taskId: failed.task_id, schemaUrl },
          expected: `a GET of ${schemaUrl}, answered, before the resend`,
        };
      }
      const before = failed.message;
      const after = resend.item.message;
      const earlierIds = sends(w)
        .filter((x) => x.i < resend.i)
        .map((x) => x.item.message.message_id);
      if (typeof after.message_id !== 'string' || earlierIds.includes(after.message_id)) {
        return {
          reason: 'message-id-reused',
          params: { taskId: failed.task_id, messageId: after.message_id },
          expected: 'a new message_id',
        };
      }
      if (!token.test(after.message_id)) {
        return {
          reason: 'message-id-not-token',
          params: { taskId: failed.task_id, messageId: after.message_id },
          expected: `a new message_id matching ${token.source}`,
        };
      }
      const path = task.spec.path;
      const value = getAt(after.body, path);
      const unix = getAt(before.body, path);
      if (!isDateTime(value))
        return {
          reason: 'field-not-date-time',
          params: { fieldPath: err.params.field_path, value },
          expected: 'an RFC 3339 date-time',
        };
      if (typeof unix === 'number' && Date.parse(String(value)) !== unix * 1000) {
        return {
          reason: 'field-other-instant',
          params: { fieldPath: err.params.field_path, value, unix },
          expected: new Date(unix * 1000).toISOString(),
        };
      }
      if (!jsonEqual(strip(before, path), strip(after, path))) {
        return {
          reason: 'changed-more',
          params: { taskId: failed.task_id },
          expected: { before, after },
        };
      }
    }
    return null;
  }),
  messages: {
    ...SESSION_MESSAGES,
    'not-resent': (p) => `${p.taskId} was never resent after its correct_field error`,
    'resent-before-schema': (p) => `${p.taskId} was resent before the schema at ${p.schemaUrl} was retrieved`,
    'message-id-reused': (p) => `the resend of ${p.taskId} reuses message id ${JSON.stringify(p.messageId)}`,
    'message-id-not-token': (p) =>
      `the resend of ${p.taskId} has the message id ${JSON.stringify(p.messageId)}, which is no identifier (D-ENV-01)`,
    'field-not-date-time': (p) => `the resent ${String(p.fieldPath)} is ${JSON.stringify(p.value)}, not a date-time`,
    'field-other-instant': (p) =>
      `the resent ${String(p.fieldPath)} ${JSON.stringify(p.value)} is not the instant ${p.unix} (Unix seconds)`,
    'changed-more': (p) => `the resend of ${p.taskId} changed more than the field and the message id`,
  },
});
