import { describe, expect, it } from 'vitest';
import { scenarioPayloads } from '../../generators/error/scenarios.js';
import { isAbsoluteHttpsUrl } from '../../src/reference/error/https-url.js';
import { validateError } from '../../src/reference/error/index.js';
import { numericAligned } from '../../src/reference/error/numeric.js';
import { errorSpec } from '../../src/spec/error.js';

const ctx = { now: '2026-06-01T00:00:00Z' };
const s = (i: number) => structuredClone(scenarioPayloads[i]!) as any;
const ids = (p: unknown) => validateError(p, ctx).findings!.map((f) => [f.checkId, f.path]);

describe('validateError (reference)', () => {
  it('accepts the five scenarios of seed 000 as published', () => {
    for (const p of scenarioPayloads) expect(validateError(p, ctx)).toEqual({ valid: true, findings: [] });
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
    expect(validateError(p, ctx).valid).toBe(true);
    p.body.sub_errors[0].recovery_options[0].executable_parameters.refresh_token = 'FAKEexample0refreshValue';
    expect(ids(p)).toEqual([['ERR-NO-SECRETS', '/body/sub_errors/0/recovery_options/0/executable_parameters/refresh_token']]);
  });

  it('refuses retries under configuration, by action or by parameters', () => {
    const p = s(1);
    p.body.origin = 'configuration';
    expect(ids(p)).toEqual([['ERR-CONFIG-NO-RETRY', '/body/sub_errors/0/recovery_options/0/action']]);
  });

  it('reads numeric_status as a transport code under any registry code (scenarios 2 and 5)', () => {
    const spec = errorSpec();
    expect(numericAligned('task_not_found', 503, spec)).toBe(true);
    expect(numericAligned('invalid_message', 504, spec)).toBe(true);
    expect(numericAligned('auth_required', 429, spec)).toBe(true);
    expect(numericAligned('auth_required', 104, spec)).toBe(true); // a system errno, not HTTP
    expect(numericAligned('auth_required', 404, spec)).toBe(false);
    expect(numericAligned('task_not_found', 200, spec)).toBe(false);
    expect(numericAligned('not_a_code', 200, spec)).toBe(true); // registry's business, not this rule's
  });

  it('holds https URLs to the strict form', () => {
    for (const u of ['https://auth.example.com/v1/renew', 'https://target.agent/x?y=1#z']) expect(isAbsoluteHttpsUrl(u), u).toBe(true);
    for (const u of ['http://a.example', 'https://', 'https:a.example', ' https://a.example', 'https://u:p@a.example/', '//a.example', 'HTTPS://a.example']) {
      expect(isAbsoluteHttpsUrl(u), u).toBe(false);
    }
  });
});
