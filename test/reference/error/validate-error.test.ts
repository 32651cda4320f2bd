import { describe, expect, it } from 'vitest';
import { scenarioPayloads } from '../../../generators/error/scenarios.js';
import { errorReference } from '../../../src/reference/error/index.js';
import { bundledSpec, withOverrides } from '../../../src/spec/index.js';

const ctx = { now: '2026-06-01T00:00:00Z' };
const { validateError } = errorReference(bundledSpec());
const s = (i: number) => scenarioPayloads()[i] as any;
const ids = (p: unknown) => (validateError(p, ctx) as { findings: { checkId: string; path?: string }[] }).findings.map((f) => [f.checkId, f.path]);

describe('validateError (reference)', () => {
  it('accepts the five scenarios of seed 000 as published', () => {
    for (const p of scenarioPayloads()) expect(validateError(p, ctx)).toEqual({ valid: true, findings: [] });
  });

  it('does not assert uuid on message_id, but asserts uri on human_review_url', () => {
    const p = s(2);
    p.body.sub_errors[0].recovery_options[0].human_review_url = 'auth.example.com/v1/login';
    expect(ids(p)).toEqual([['ERR-SCHEMA', '/body/sub_errors/0/recovery_options/0/human_review_url']]);
  });

  it('requires the envelope members the published schema leaves optional', () => {
    const p = s(0);
    delete p.body;
    expect(ids(p)).toEqual([['ERR-SCHEMA', '/body']]);
    expect(ids([])).toEqual([['ERR-SCHEMA', '']]);
  });

  it('rejects a plain retry on an unknown outcome, and a grant renewal on a malformed request', () => {
    const p = s(4);
    p.body.sub_errors[0].recovery_options.push({ action: 'wait_for_dependency', executable_parameters: { backoff_strategy: 'exponential', max_retries: 3 } });
    expect(ids(p)).toEqual([['ERR-CONDITION-ACTION', '/body/sub_errors/0/recovery_options/1/action']]);
    const q = s(0);
    q.body.sub_errors[0].recovery_options[0] = s(2).body.sub_errors[0].recovery_options[0];
    expect(ids(q)).toEqual([['ERR-CONDITION-ACTION', '/body/sub_errors/0/recovery_options/0/action']]);
  });

  it('reports a missing parameter and an http URL at their pointers', () => {
    const p = s(2);
    delete p.body.sub_errors[0].recovery_options[0].executable_parameters.grant_type;
    p.body.sub_errors[0].recovery_options[0].human_review_url = 'http://auth.example.com/v1/login';
    expect(ids(p)).toEqual([
      ['ERR-EXEC-PARAMS', '/body/sub_errors/0/recovery_options/0/executable_parameters/grant_type'],
      ['ERR-EXEC-PARAMS', '/body/sub_errors/0/recovery_options/0/human_review_url'],
    ]);
  });

  it('finds a token riding in a parameter, and does not mistake grant_type refresh_token for one', () => {
    const p = s(2);
    expect(validateError(p, ctx)).toEqual({ valid: true, findings: [] });
    p.body.sub_errors[0].recovery_options[0].executable_parameters.refresh_token = 'FAKEexample0refreshValue';
    expect(ids(p)).toEqual([['ERR-NO-SECRETS', '/body/sub_errors/0/recovery_options/0/executable_parameters/refresh_token']]);
  });

  it('refuses retries under configuration, by action or by parameters', () => {
    const p = s(1);
    p.body.origin = 'configuration';
    expect(ids(p)).toEqual([['ERR-CONFIG-NO-RETRY', '/body/sub_errors/0/recovery_options/0/action']]);
    const q = s(0);
    q.body.origin = 'configuration';
    q.body.sub_errors[0].recovery_options[0].executable_parameters.max_retries = 3;
    expect(ids(q)).toEqual([['ERR-CONFIG-NO-RETRY', '/body/sub_errors/0/recovery_options/0/executable_parameters/max_retries']]);
  });
});

describe('errorReference', () => {
  it('judges by the spec it is given, leaving the bundled reference as it was', () => {
    const p = s(0);
    p.body.code = 'rate_limited';
    expect(ids(p)).toEqual([['ERR-REGISTRY-CODE', '/body/code']]);
    const widened = errorReference(withOverrides(bundledSpec(), { error: { registry: { codes: [...bundledSpec().error.registry.codes, 'rate_limited'] } } }));
    expect(widened.validateError(p, ctx)).toEqual({ valid: true, findings: [] });
    expect(ids(p)).toEqual([['ERR-REGISTRY-CODE', '/body/code']]);
  });

  it('compiles the schema of the spec it is given', () => {
    const schema = structuredClone(bundledSpec().error.schema);
    schema.properties.body.properties.status.enum.push('warning');
    const widened = errorReference(withOverrides(bundledSpec(), { error: { schema } }));
    const p = s(0);
    p.body.status = 'warning';
    expect(widened.validateError(p, ctx)).toEqual({ valid: true, findings: [] });
    expect(ids(p)).toEqual([['ERR-SCHEMA', '/body/status']]);
  });
});
