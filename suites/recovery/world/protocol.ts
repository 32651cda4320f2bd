import type { Ajv2020, ValidateFunction } from 'ajv/dist/2020.js';
import actionsSchema from '../../../schemas/recovery-actions.schema.json' with { type: 'json' };
import observationSchema from '../../../schemas/recovery-observation.schema.json' with { type: 'json' };
import scenarioSchema from '../../../schemas/recovery-scenario.schema.json' with { type: 'json' };
import { ajv2020Class } from '../../../src/contract/dependency.js';
import { precompiledSet, validatorKey } from '../../../src/contract/precompiled.js';
import type { RecoveryAction } from '../../../src/contract/recovery.js';

/** The schemas of a recovery session's messages, by the name the build's module exports them under. */
const SCHEMAS = { actions: actionsSchema, observation: observationSchema, scenario: scenarioSchema } as const;
type SchemaName = keyof typeof SCHEMAS;

/** Each session schema's name and `$id`, for the build's module. */
export const RECOVERY_IDS: Readonly<Record<SchemaName, string>> = Object.fromEntries(
  Object.entries(SCHEMAS).map(([name, schema]) => [name, schema.$id]),
) as Record<SchemaName, string>;

/** How the session schemas are compiled: the name of these ajv options in the precompiled module's key. */
const RECOVERY_FLAVOUR = 'recovery/ajv8 2020 strict, strictRequired off';

/** The key of the build's module of the session schemas (one export per name of `SCHEMAS`). */
export const RECOVERY_KEY = validatorKey(RECOVERY_FLAVOUR, SCHEMAS);

/** The ajv instance with every session schema added (by its `$id`); `source` for the build's standalone output. */
export function recoveryAjv(options: { source?: boolean } = {}): Ajv2020 {
  const ajv = new (ajv2020Class())({
    allErrors: false,
    strict: true,
    strictRequired: false,
    ...(options.source ? { code: { source: true } } : {}),
  });
  for (const schema of Object.values(SCHEMAS)) ajv.addSchema(schema as object);
  return ajv;
}

let ajv: Ajv2020 | undefined;
/** Each session schema's validator by name: the build's precompiled one, which needs no ajv compiler, else (sources run before a build) one compiled on first use. */
const byName = precompiledSet<ValidateFunction>(
  RECOVERY_KEY,
  (name) => (ajv ??= recoveryAjv()).getSchema(RECOVERY_IDS[name as SchemaName])!,
);
const actions = () => byName('actions');
const observation = () => byName('observation');
const scenario = () => byName('scenario');

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
        if (usedRequestIds.has(a.request_id) || fresh.has(a.request_id))
          return `/${i}/request_id ${JSON.stringify(a.request_id)} was already used in this session`;
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
