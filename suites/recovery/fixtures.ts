import { CAPABILITY_LEVELS } from '../../src/contract/levels.js';
import type { FixtureCodec } from '../../src/engine/check.js';
import { arrayField, objectField, stringField } from '../../src/engine/fixture-codec.js';
import type { Fault, RecoveryCase } from '../../generators/recovery/types.js';

/**
 * Fixture codec of the recovery checks. `input` is the whole case the simulated world replays:
 * `{ level, endpoints, grant, rotateRefresh, reviewUrls, tasks }`, each task with its `faults`
 * (the fault schedule, consumed one per attempt). Everything in it is plain JSON, so a fixture
 * rebuilds the very same world: the scenario the agent gets, the clock, every answer and every
 * fault. The world also takes the run's clock (`now` of the fixture case) and the adapter's
 * declared capability level, which caps `level` (D-REC-02), so the replay is exact for the same
 * declared level. `expected` is the judged property: the session ends with `complete` and the
 * check's property holds. Only this pack's world can replay such a fixture: another language reads
 * it as a documented scenario and fault schedule, not as an input/output pair.
 */
const TASK_FIELDS: Record<string, Record<string, 'string' | 'number' | 'boolean' | 'object' | 'array' | 'levels'>> = {
  schedule: { unix: 'number', path: 'array', schemaChanged: 'boolean', subject: 'string', extra: 'object' },
  status: { final: 'boolean', note: 'string', progress: 'number' },
  write: { item: 'string', content: 'string' },
  handoff: { lowCapability: 'levels', summary: 'string', principal: 'string', secret: 'string', memory: 'string' },
};
const FAULT_FIELDS: Record<string, Record<string, 'string' | 'number' | 'boolean' | readonly string[]>> = {
  outage: { durationMs: 'number', maxRetries: 'number' },
  expire: {},
  timeout: { committed: 'boolean' },
  // Closed vocabularies: the world looks the anchor up by name, so a name outside the set (or one of
  // `Object.prototype`'s, such as `constructor`) must be refused here, not found there.
  anchor: { anchor: ['Totem', 'Taboo', 'Talisman'] },
  isolated: { condition: ['missing_permission', 'unavailable_tool'] },
  config: { condition: ['missing_permission', 'exhausted_allocation', 'unavailable_tool'] },
};

function typed(v: unknown, type: string, what: string): void {
  if (type === 'string') stringField(v, what);
  else if (type === 'array') arrayField(v, what);
  else if (type === 'object') objectField(v, what);
  else if (type === 'number' ? typeof v !== 'number' || !Number.isFinite(v) : typeof v !== type)
    throw new Error(`${what} must be a ${type}`);
}

function oneOf(v: unknown, allowed: readonly string[], what: string): string {
  const s = stringField(v, what);
  if (!allowed.includes(s)) throw new Error(`${what} must be one of ${allowed.join(', ')}, got ${JSON.stringify(s)}`);
  return s;
}

function checkFault(v: unknown, what: string): void {
  const f = objectField(v, what);
  const kind = oneOf(f.kind, Object.keys(FAULT_FIELDS), `${what}.kind`);
  for (const [k, type] of Object.entries(FAULT_FIELDS[kind]!)) {
    if (typeof type === 'string') typed(f[k], type, `${what}.${k}`);
    else oneOf(f[k], type, `${what}.${k}`);
  }
}

function checkTask(v: unknown, what: string): void {
  const t = objectField(v, what);
  const kind = oneOf(t.kind, Object.keys(TASK_FIELDS), `${what}.kind`);
  arrayField(t.deps, `${what}.deps`).forEach((d, n) => {
    if (!Number.isSafeInteger(d) || (d as number) < 0) throw new Error(`${what}.deps[${n}] must be a task index`);
  });
  arrayField(t.faults, `${what}.faults`).forEach((f, n) => checkFault(f, `${what}.faults[${n}]`));
  for (const [k, type] of Object.entries(TASK_FIELDS[kind]!)) {
    if (type === 'levels') {
      if (t[k] !== null)
        arrayField(t[k], `${what}.${k}`).forEach((l, n) => oneOf(l, CAPABILITY_LEVELS, `${what}.${k}[${n}]`));
    } else typed(t[k], type, `${what}.${k}`);
  }
  // Optional: the quote of the bracketed names in the field_path of a changed schema (single when absent).
  if (kind === 'schedule' && t.quote !== undefined) oneOf(t.quote, ["'", '"'], `${what}.quote`);
}

const faultNote = (f: Fault): string =>
  f.kind === 'outage'
    ? `outage ${f.durationMs}ms`
    : f.kind === 'timeout'
      ? `timeout ${f.committed ? 'committed' : 'dropped'}`
      : f.kind === 'expire'
        ? 'expire'
        : `${f.kind} ${'anchor' in f ? f.anchor : f.condition}`;

/** The codec of one recovery check; `property` is what its judge holds the session to. */
export function recoveryFixture(property: string): FixtureCodec<RecoveryCase> {
  return {
    encode: (c) => ({
      input: c,
      expected: { session: 'ends with complete', property },
      description: `${c.level}, ${c.tasks.map((t) => (t.faults.length ? `${t.kind} [${t.faults.map(faultNote).join(', ')}]` : t.kind)).join('; ') || 'no task'}`,
    }),
    decode(f) {
      const c = objectField(f.input, 'input');
      oneOf(c.level, CAPABILITY_LEVELS, 'input.level');
      const e = objectField(c.endpoints, 'input.endpoints');
      for (const k of [
        'scheduler',
        'schemaUrl',
        'orchestrator',
        'repository',
        'readback',
        'refreshUri',
        'login',
        'receiver',
        'capabilityStatement',
        'getAction',
        'review',
        'publicStateBase',
      ])
        stringField(e[k], `input.endpoints.${k}`);
      const anchors = objectField(e.anchors, 'input.endpoints.anchors');
      for (const k of ['Totem', 'Taboo', 'Talisman']) stringField(anchors[k], `input.endpoints.anchors.${k}`);
      const g = objectField(c.grant, 'input.grant');
      for (const k of ['token_type', 'access_token', 'refresh_token']) stringField(g[k], `input.grant.${k}`);
      typed(c.rotateRefresh, 'boolean', 'input.rotateRefresh');
      typed(c.reviewUrls, 'boolean', 'input.reviewUrls');
      arrayField(c.tasks, 'input.tasks').forEach((t, n) => checkTask(t, `input.tasks[${n}]`));
      // The object itself, key order included: the session id is a hash of the case's JSON.
      return c as RecoveryCase;
    },
  };
}
