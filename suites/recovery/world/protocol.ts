import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import actionsSchema from '../../../schemas/recovery-actions.schema.json' with { type: 'json' };
import observationSchema from '../../../schemas/recovery-observation.schema.json' with { type: 'json' };
import scenarioSchema from '../../../schemas/recovery-scenario.schema.json' with { type: 'json' };
import type { RecoveryAction } from '../../../src/contract/recovery.js';

const ajv = new Ajv2020({ allErrors: false, strict: true, strictRequired: false });

/** A validator compiled on first use and kept (a schema's `$id` can be added to `ajv` only once). */
function compiledOnce(schema: object): () => ValidateFunction {
  let v: ValidateFunction | undefined;
  return () => (v ??= ajv.compile(schema));
}

const actions = compiledOnce(actionsSchema);
const observation = compiledOnce(observationSchema);
const scenario = compiledOnce(scenarioSchema);

function first(v: ValidateFunction): string {
  const e = v.errors?.[0];
  return e ? `${e.instancePath || '(root)'} ${e.message}` : 'wrong shape';
}

/**
 * The `shape` function for one answer of a session's agent: the JSON Schema of actions, plus what
 * a schema cannot say: request ids are unique in the session, and `complete` comes last.
 */
export function actionsShape(usedRequestIds: Set<string>): (v: unknown) => string | null {
  return (v) => {
    const valid = actions();
    if (!valid(v)) return `expected recovery actions: ${first(valid)}`;
    const list = v as RecoveryAction[];
    const fresh = new Set<string>();
    for (const [i, a] of list.entries()) {
      if (a.type === 'complete' && i !== list.length - 1) return `/${i} complete must be the last action of an answer`;
      if ('request_id' in a) {
        if (usedRequestIds.has(a.request_id) || fresh.has(a.request_id)) return `/${i}/request_id ${JSON.stringify(a.request_id)} was already used in this session`;
        fresh.add(a.request_id);
      }
    }
    for (const id of fresh) usedRequestIds.add(id);
    return null;
  };
}

/** Null when the world's observation has the documented shape (the pack tests its own world with it). */
export function observationProblem(v: unknown): string | null {
  const valid = observation();
  return valid(v) ? null : first(valid);
}

/** Null when the scenario has the documented shape. */
export function scenarioProblem(v: unknown): string | null {
  const valid = scenario();
  return valid(v) ? null : first(valid);
}
