import fc from 'fast-check';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { recoveryCase } from '../../generators/recovery/recovery-case.js';
import { scheduleTask } from '../../generators/recovery/task.js';
import type { JsonObject } from '../../src/contract/recovery.js';
import { deliveredAt, deliveredErrors, sameJson, sends } from './analysis.js';
import { recoveryCheck } from './define.js';
import { getAt, setAt } from './world/json-path.js';

const isDateTime = (v: unknown) => typeof v === 'string' && (fullFormats['date-time'] as { validate: (s: string) => boolean }).validate(v);

/** The message with its id and the corrected field blanked, or a marker when the path is gone. */
function strip(m: JsonObject, path: readonly (string | number)[]): unknown {
  try {
    return setAt({ ...m, message_id: null }, ['body', ...path], null);
  } catch {
    return { $missing: path };
  }
}

/**
 * REC-CORRECT-FIELD (seed 000, scenario 1): after a `correct_field` error the agent fetches the
 * schema from the given URL, then resends the message with the field corrected (the same instant
 * as an ISO-8601 date-time) and a new message id, and nothing else changed.
 */
export const recCorrectField = recoveryCheck({
  id: 'REC-CORRECT-FIELD',
  title: 'A malformed field is corrected from the retrieved schema and resent with a new message id, nothing else changed',
  specRef: '000 §Scenario 1: Autonomous Recovery from Malformed Data',
  statement:
    'After correct_field the agent GETs the schema_url, and only once it is answered resends the message with the field at field_path rewritten as an RFC 3339 date-time of the same instant, a message_id never used before, and nothing else changed (000 §Scenario 1; D-REC-08).',
  decisions: ['D-REC-08'],
  arbitrary: (spec) =>
    recoveryCase({
      levels: spec.recovery.recoveringLevels,
      focus: scheduleTask([], { faults: fc.constant([]), schemaChanged: fc.constant(true) }),
      focusCount: { min: 1, max: 2 },
      others: { kinds: ['schedule', 'write', 'status'] },
    }),
  judge(s) {
    const w = s.world;
    for (const err of deliveredErrors(w).filter((e) => e.cause === 'schema')) {
      const failed = err.record.action;
      if (failed.type !== 'send') continue;
      const task = w.workflow.byId.get(failed.task_id)!;
      if (task.spec.kind !== 'schedule') continue;
      const schemaUrl = String(err.params.schema_url);
      const resend = sends(w, failed.task_id).find((x) => x.i > err.i);
      if (!resend) return { message: `${failed.task_id} was never resent after its correct_field error`, expected: 'a corrected resend' };
      const fetched = w.log.findIndex((e, i) => i > err.i && i < resend.i && e.who === 'agent' && e.item.type === 'fetch' && e.item.url === schemaUrl);
      const fetchId = fetched >= 0 ? (w.log[fetched].item as { request_id: string }).request_id : undefined;
      const doc = fetchId === undefined ? undefined : deliveredAt(w, fetchId);
      if (doc === undefined || doc > resend.i) {
        return { message: `${failed.task_id} was resent before the schema at ${schemaUrl} was retrieved`, expected: `a GET of ${schemaUrl}, answered, before the resend` };
      }
      const before = failed.message;
      const after = resend.item.message;
      const earlierIds = sends(w).filter((x) => x.i < resend.i).map((x) => x.item.message.message_id);
      if (typeof after.message_id !== 'string' || earlierIds.includes(after.message_id)) {
        return { message: `the resend of ${failed.task_id} reuses message id ${JSON.stringify(after.message_id)}`, expected: 'a new message_id' };
      }
      const path = task.spec.path;
      const value = getAt(after.body, path);
      const unix = getAt(before.body, path);
      if (!isDateTime(value)) return { message: `the resent ${String(err.params.field_path)} is ${JSON.stringify(value)}, not a date-time`, expected: 'an RFC 3339 date-time' };
      if (typeof unix === 'number' && Date.parse(String(value)) !== unix * 1000) {
        return { message: `the resent ${String(err.params.field_path)} ${JSON.stringify(value)} is not the instant ${unix} (Unix seconds)`, expected: new Date(unix * 1000).toISOString() };
      }
      if (!sameJson(strip(before, path), strip(after, path))) {
        return { message: `the resend of ${failed.task_id} changed more than the field and the message id`, expected: { before, after } };
      }
    }
    return null;
  },
});
