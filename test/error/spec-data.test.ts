import { describe, expect, it } from 'vitest';
import { scenarioPayloads } from '../../generators/error/scenarios.js';
import { errorEnums, errorSpec } from '../../src/spec/error.js';

const spec = errorSpec();
const enums = errorEnums(spec);

describe('spec/error.json', () => {
  it('pins the published schema: 2020-12, required only inside body, open members', () => {
    expect(spec.schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(spec.schema.required).toBeUndefined();
    expect(spec.schema.properties.body.required).toEqual(['status', 'code', 'origin', 'detail']);
    expect(JSON.stringify(spec.schema)).not.toContain('additionalProperties');
    expect(spec.schema.properties.message_id.format).toBe('uuid');
    expect(enums.mechanicalCondition).toHaveLength(9);
    expect(enums.action).toHaveLength(8);
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
    for (const p of scenarioPayloads) {
      for (const se of p.body.sub_errors!) {
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
