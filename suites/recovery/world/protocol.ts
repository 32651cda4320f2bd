import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { packageRoot } from '../../../src/spec/data.js';
import type { RecoveryAction } from '../../../src/contract/recovery.js';

const ajv = new Ajv2020({ allErrors: false, strict: true, strictRequired: false });

function compile(name: string): ValidateFunction {
  return ajv.compile(JSON.parse(readFileSync(join(packageRoot, 'schemas', `recovery-${name}.schema.json`), 'utf8')));
}

let actions: ValidateFunction | undefined;
let observation: ValidateFunction | undefined;
let scenario: ValidateFunction | undefined;

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
    actions ??= compile('actions');
    if (!actions(v)) return `expected recovery actions: ${first(actions)}`;
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
  observation ??= compile('observation');
  return observation(v) ? null : first(observation);
}

/** Null when the scenario has the documented shape. */
export function scenarioProblem(v: unknown): string | null {
  scenario ??= compile('scenario');
  return scenario(v) ? null : first(scenario);
}
