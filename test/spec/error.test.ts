import { describe, expect, it } from 'vitest';
import { errorScenarios } from '../../generators/error/scenarios.js';
import {
  declaredMembers,
  errorEnums,
  formatAsserted,
  isUrlKey,
  isUrlOptionMember,
  membersOpen,
  registryClosed,
  type ErrorSpec,
} from '../../src/spec/error.js';
import { bundledSpec, decisionKeys, withOverrides } from '../../src/spec/index.js';

const spec = bundledSpec().error;
const enums = errorEnums(spec);

describe('spec/error.json', () => {
  it('pins the published schema: 2020-12, required only inside body, open members, uuid only annotated', () => {
    expect(spec.schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(spec.schema.required).toBeUndefined();
    expect(spec.schema.properties.body.required).toEqual(['status', 'code', 'origin', 'detail']);
    expect(JSON.stringify(spec.schema)).not.toContain('additionalProperties');
    expect(spec.schema.properties.message_id.format).toBe('uuid');
    expect(spec.formats.asserted).toEqual(['uri']);
  });

  it('lists every decision in its $decisions manifest, each key naming the id its data carries; the schema and its source are seed data', () => {
    const data = spec as unknown as Record<string, { decision?: string }>;
    const keys = Object.keys(data).filter((k) => !k.startsWith('$'));
    const decisions = decisionKeys('error');
    expect(keys.filter((k) => !Object.hasOwn(decisions, k)).sort()).toEqual(['schema', 'source']);
    for (const [key, ids] of Object.entries(decisions)) expect(ids, key).toEqual([data[key]!.decision]);
  });

  it('refuses an override of the seed data, and of a key that is no decision', () => {
    expect(() => withOverrides(bundledSpec(), { error: { schema: {} } })).toThrow(
      /"schema" is not a decision of the pack/,
    );
    expect(() => withOverrides(bundledSpec(), { error: { source: 'mine' } })).toThrow(
      /"source" is not a decision of the pack/,
    );
    expect(() => withOverrides(bundledSpec(), { error: { secrets: { scope: ['body'] } } })).toThrow(
      /"secrets" is not a decision of the pack/,
    );
  });

  it("has enums holding every value the seed's scenarios use", () => {
    for (const { payload } of errorScenarios()) {
      expect(enums.status).toContain(payload.body.status);
      expect(enums.origin).toContain(payload.body.origin);
      for (const se of payload.body.sub_errors!) {
        expect(enums.mechanicalCondition).toContain(se.mechanical_condition);
        for (const o of se.recovery_options) expect(enums.action).toContain(o.action);
      }
    }
  });

  it('has a condition-to-action row for every condition, allowed and forbidden disjoint', () => {
    expect(Object.keys(spec.conditionActions.table).sort()).toEqual([...enums.mechanicalCondition].sort());
    for (const [c, row] of Object.entries(spec.conditionActions.table)) {
      expect(
        row.allowed.filter((a) => row.forbidden.includes(a)),
        c,
      ).toEqual([]);
      for (const a of [...row.allowed, ...row.forbidden]) expect(enums.action, `${c}: ${a}`).toContain(a);
      expect(row.allowed, c).toContain('isolate_and_report');
      expect(row.forbidden.length, c).toBeGreaterThan(0);
    }
  });

  it('lets every action appear in some valid payload, and gives every action a parameter schema', () => {
    const used = new Set(Object.values(spec.conditionActions.table).flatMap((r) => r.allowed));
    expect([...used].sort()).toEqual([...enums.action].sort());
    expect(Object.keys(spec.executableParameters.actions).sort()).toEqual([...enums.action].sort());
  });

  it("agrees with the seed's scenarios: each scenario pair is allowed", () => {
    for (const { payload } of errorScenarios()) {
      for (const se of payload.body.sub_errors!) {
        for (const o of se.recovery_options)
          expect(spec.conditionActions.table[se.mechanical_condition]!.allowed).toContain(o.action);
      }
    }
  });

  it('keeps the numeric table coherent: aligned and contradicting statuses disjoint, per registry code', () => {
    const t = spec.numericAlignment;
    expect(Object.keys(t.codes).sort()).toEqual([...spec.registry.codes].sort());
    for (const [code, row] of Object.entries(t.codes)) {
      expect(
        row.aligned.filter((s) => row.contradicts.includes(s)),
        code,
      ).toEqual([]);
      for (const s of row.contradicts) expect(s >= t.anyCodeFrom || t.anyCode.includes(s), `${code} ${s}`).toBe(false);
    }
  });
});

describe('the error spec helpers', () => {
  it('read the enums and the declared members of the schema they are given', () => {
    // The schema is seed data, never overridden: a hand-made spec stands for another one here.
    const schema = structuredClone(spec.schema);
    schema.properties.body.properties.status.enum = ['error'];
    delete schema.properties.body.properties.numeric_status;
    const other = { ...spec, schema } as ErrorSpec;
    expect(errorEnums(other).status).toEqual(['error']);
    expect(errorEnums(spec).status).toEqual(spec.schema.properties.body.properties.status.enum);
    expect(declaredMembers(other).body).not.toContain('numeric_status');
    expect(declaredMembers(spec)).toEqual({
      payload: ['uai_version', 'profile', 'message_id', 'body'],
      body: ['status', 'code', 'numeric_status', 'origin', 'detail', 'sub_errors'],
      subError: ['mechanical_condition', 'recovery_options'],
      option: ['action', 'executable_parameters', 'human_review_url'],
    });
  });

  it('read the registry closed unless the data says closed: false (a user adding codes need not repeat it)', () => {
    expect(registryClosed(spec)).toBe(true);
    expect(registryClosed(withOverrides(bundledSpec(), { error: { registry: { codes: ['x'] } } }).error)).toBe(true);
    expect(
      registryClosed(withOverrides(bundledSpec(), { error: { registry: { codes: ['x'], closed: false } } }).error),
    ).toBe(false);
  });

  it('read which formats assert and whether members are open from the data', () => {
    expect(formatAsserted('uri', spec)).toBe(true);
    expect(formatAsserted('uuid', spec)).toBe(false);
    expect(formatAsserted(undefined, spec)).toBe(false);
    expect(membersOpen(spec)).toBe(true);
    const other = withOverrides(bundledSpec(), {
      error: { formats: { asserted: [] }, openMembers: { additionalProperties: false } },
    }).error;
    expect(formatAsserted('uri', other)).toBe(false);
    expect(membersOpen(other)).toBe(false);
  });

  it('recognise URL keys by name, by suffix and as option members, from the spec they are given', () => {
    for (const key of [
      ...spec.urls.parameterKeys,
      ...spec.urls.optionMembers,
      'callback_url',
      'token_uri',
      'status_route',
    ])
      expect(isUrlKey(key, spec), key).toBe(true);
    for (const key of ['url_hint', 'note', 'grant_type']) expect(isUrlKey(key, spec), key).toBe(false);
    expect(isUrlOptionMember('human_review_url', spec)).toBe(true);
    const other = withOverrides(bundledSpec(), {
      error: { urls: { parameterKeys: ['note'], keySuffixes: [], optionMembers: [] } },
    }).error;
    expect(isUrlKey('note', other)).toBe(true);
    expect(isUrlKey('schema_url', other)).toBe(false);
    expect(isUrlOptionMember('human_review_url', other)).toBe(false);
  });
});
