import { describe, expect, it } from 'vitest';
import { scenarioPayloads } from '../../../generators/error/scenarios.js';
import { errorReference } from '../../../src/reference/error/index.js';
import { bundledSpec, withOverrides } from '../../../src/spec/index.js';

const ctx = { now: '2026-06-01T00:00:00Z' };
const { validateError } = errorReference(bundledSpec());
const s = (i: number) => scenarioPayloads()[i] as any;
const ids = (p: unknown) =>
  (validateError(p, ctx) as { findings: { checkId: string; path?: string }[] }).findings.map((f) => [
    f.checkId,
    f.path,
  ]);

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
    p.body.sub_errors[0].recovery_options.push({
      action: 'wait_for_dependency',
      executable_parameters: { backoff_strategy: 'exponential', max_retries: 3 },
    });
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
    expect(ids(p)).toEqual([
      ['ERR-NO-SECRETS', '/body/sub_errors/0/recovery_options/0/executable_parameters/refresh_token'],
    ]);
  });

  it('refuses retries under configuration, by action or by parameters', () => {
    const p = s(1);
    p.body.origin = 'configuration';
    expect(ids(p)).toEqual([['ERR-CONFIG-NO-RETRY', '/body/sub_errors/0/recovery_options/0/action']]);
    const q = s(0);
    q.body.origin = 'configuration';
    q.body.sub_errors[0].recovery_options[0].executable_parameters.max_retries = 3;
    expect(ids(q)).toEqual([
      ['ERR-CONFIG-NO-RETRY', '/body/sub_errors/0/recovery_options/0/executable_parameters/max_retries'],
    ]);
  });
});

describe('errorReference', () => {
  it('judges by the spec it is given, leaving the bundled reference as it was', () => {
    const p = s(0);
    p.body.code = 'rate_limited';
    expect(ids(p)).toEqual([['ERR-REGISTRY-CODE', '/body/code']]);
    const widened = errorReference(
      withOverrides(bundledSpec(), {
        error: { registry: { codes: [...bundledSpec().error.registry.codes, 'rate_limited'] } },
      }),
    );
    expect(widened.validateError(p, ctx)).toEqual({ valid: true, findings: [] });
    expect(ids(p)).toEqual([['ERR-REGISTRY-CODE', '/body/code']]);
  });

  it('compiles the schema of the spec it is given', () => {
    // The schema is seed data, never overridden: a hand-made spec stands for another one here.
    const schema = structuredClone(bundledSpec().error.schema);
    schema.properties.body.properties.status.enum.push('warning');
    const widened = errorReference({ ...bundledSpec(), error: { ...bundledSpec().error, schema } });
    const p = s(0);
    p.body.status = 'warning';
    expect(widened.validateError(p, ctx)).toEqual({ valid: true, findings: [] });
    expect(ids(p)).toEqual([['ERR-SCHEMA', '/body/status']]);
  });

  it('accepts any code under an open registry, and codes a user adds under a closed one', () => {
    const p = s(0);
    p.body.code = 'rate_limited';
    const added = errorReference(
      withOverrides(bundledSpec(), {
        error: { registry: { codes: [...bundledSpec().error.registry.codes, 'rate_limited'] } },
      }),
    );
    expect(added.validateError(p, ctx)).toEqual({ valid: true, findings: [] });
    p.body.code = 'Auth_Required';
    expect((added.validateError(p, ctx) as { valid: boolean }).valid).toBe(false);
    const open = errorReference(
      withOverrides(bundledSpec(), {
        error: { registry: { codes: bundledSpec().error.registry.codes, closed: false } },
      }),
    );
    expect(open.validateError(p, ctx)).toEqual({ valid: true, findings: [] });
  });

  it('asserts only the formats the data lists: a raw-unicode review IRI is fine when uri is an annotation', () => {
    const p = s(2);
    p.body.sub_errors[0].recovery_options[0].human_review_url = 'https://review.example.org/レビュー';
    expect(ids(p)).toEqual([['ERR-SCHEMA', '/body/sub_errors/0/recovery_options/0/human_review_url']]);
    const annotated = errorReference(withOverrides(bundledSpec(), { error: { formats: { asserted: [] } } }));
    expect(annotated.validateError(p, ctx)).toEqual({ valid: true, findings: [] });
    const uuids = errorReference(withOverrides(bundledSpec(), { error: { formats: { asserted: ['uri', 'uuid'] } } }));
    expect((uuids.validateError(s(0), ctx) as { findings: { path: string }[] }).findings.map((f) => f.path)).toEqual([
      '/message_id',
    ]);
  });

  it('leaves the envelope members to the data: without them the published schema alone judges, and a payload without a body is only scanned for secrets', () => {
    const loose = errorReference(withOverrides(bundledSpec(), { error: { envelope: { required: [] } } }));
    const p = s(0);
    delete p.message_id;
    expect(ids(p)).toEqual([['ERR-SCHEMA', '/message_id']]);
    expect(loose.validateError(p, ctx)).toEqual({ valid: true, findings: [] });
    expect(loose.validateError({ uai_version: '1.0' }, ctx)).toEqual({ valid: true, findings: [] });
    expect(
      (
        loose.validateError({ note: 'Bearer FAKEexampleToken0123456789' }, ctx) as { findings: { checkId: string }[] }
      ).findings.map((f) => f.checkId),
    ).toEqual(['ERR-NO-SECRETS']);
  });

  it('allows undeclared members while they are open, and names each one when the data closes them (never inside executable_parameters)', () => {
    const p = s(2);
    p['x-vendor'] = 1;
    p.body.sub_errors[0].locale = 'fr';
    p.body.sub_errors[0].recovery_options[0].executable_parameters.note = 'free-form';
    expect(validateError(p, ctx)).toEqual({ valid: true, findings: [] });
    const closed = errorReference(
      withOverrides(bundledSpec(), { error: { openMembers: { additionalProperties: false } } }),
    );
    expect(
      (closed.validateError(p, ctx) as { findings: { path: string }[] }).findings.map((f) => f.path).sort(),
    ).toEqual(['/body/sub_errors/0/locale', '/x-vendor']);
  });

  it('scans the whole payload for secrets, message id and undeclared members included', () => {
    const p = s(0);
    p.message_id = 'Bearer FAKEexampleToken0123456789';
    expect(ids(p)).toEqual([['ERR-NO-SECRETS', '/message_id']]);
    const q = s(0);
    q.vendor = { api_key: 'FAKEexample0apikeyValue' };
    expect(ids(q)).toEqual([['ERR-NO-SECRETS', '/vendor/api_key']]);
  });
});
