import { describe, expect, it } from 'vitest';
import { errorScenarios } from '../../generators/error/scenarios.js';
import { errorEnums, isUrlKey, type ErrorSpec } from '../../src/spec/error.js';
import { bundledSpec, withOverrides } from '../../src/spec/index.js';

const spec = bundledSpec().error;
const enums = errorEnums(spec);

describe('spec/error.json', () => {
  it('pins the published schema: 2020-12, required only inside body, open members, uuid only annotated', () => {
    expect(spec.schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(spec.schema.required).toBeUndefined();
    expect(spec.schema.properties.body.required).toEqual(['status', 'code', 'origin', 'detail']);
    expect(JSON.stringify(spec.schema)).not.toContain('additionalProperties');
    expect(spec.schema.properties.message_id.format).toBe('uuid');
    expect(spec.formats.asserted).not.toContain('uuid');
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
      expect(row.allowed.filter((a) => row.forbidden.includes(a)), c).toEqual([]);
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
        for (const o of se.recovery_options) expect(spec.conditionActions.table[se.mechanical_condition]!.allowed).toContain(o.action);
      }
    }
  });

  it('keeps the numeric table coherent: aligned and contradicting statuses disjoint, per registry code', () => {
    const t = spec.numericAlignment;
    expect(Object.keys(t.codes).sort()).toEqual([...spec.registry.codes].sort());
    for (const [code, row] of Object.entries(t.codes)) {
      expect(row.aligned.filter((s) => row.contradicts.includes(s)), code).toEqual([]);
      for (const s of row.contradicts) expect(s >= t.anyCodeFrom || t.anyCode.includes(s), `${code} ${s}`).toBe(false);
    }
  });
});

describe('the error spec helpers', () => {
  it('read the enums of the schema they are given', () => {
    const schema = structuredClone(spec.schema);
    schema.properties.body.properties.status.enum = ['error'];
    const other = withOverrides(bundledSpec(), { error: { schema } }).error as ErrorSpec;
    expect(errorEnums(other).status).toEqual(['error']);
    expect(errorEnums(spec).status).toEqual(spec.schema.properties.body.properties.status.enum);
  });

  it('recognise URL keys by name, by suffix and as option members, from the spec they are given', () => {
    for (const key of [...spec.urls.parameterKeys, ...spec.urls.optionMembers, 'callback_url', 'token_uri', 'status_route']) expect(isUrlKey(key, spec), key).toBe(true);
    for (const key of ['url_hint', 'note', 'grant_type']) expect(isUrlKey(key, spec), key).toBe(false);
    const other = withOverrides(bundledSpec(), { error: { urls: { parameterKeys: ['note'], keySuffixes: [], optionMembers: [] } } }).error;
    expect(isUrlKey('note', other)).toBe(true);
    expect(isUrlKey('schema_url', other)).toBe(false);
  });
});
