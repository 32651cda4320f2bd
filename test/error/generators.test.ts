import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { conditionActionMisfit } from '../../generators/error/condition-action-misfit.js';
import { configRetry } from '../../generators/error/config-retry.js';
import { errorPayload } from '../../generators/error/error-payload.js';
import { execParamViolation } from '../../generators/error/exec-param-violation.js';
import { httpsUrl, nonHttpsUri } from '../../generators/error/https-url.js';
import { nonRegistryCode } from '../../generators/error/non-registry-code.js';
import { numericMisalignment } from '../../generators/error/numeric-misalignment.js';
import { scenarioPayloads, scenarios } from '../../generators/error/scenarios.js';
import { nonObjectPayload, schemaViolation } from '../../generators/error/schema-violation.js';
import { secretLeak } from '../../generators/error/secret-leak.js';
import type { AdversarialError } from '../../generators/error/adversarial.js';
import { isAbsoluteHttpsUrl } from '../../src/reference/error/https-url.js';
import { validateError } from '../../src/reference/error/index.js';
import { containsSecret } from '../../src/reference/secrets.js';

const params = { seed: 2026, numRuns: 300 };

describe('valid error payloads', () => {
  it('are the same for the same seed', () => {
    expect(fc.sample(errorPayload(), { seed: 9, numRuns: 20 })).toEqual(fc.sample(errorPayload(), { seed: 9, numRuns: 20 }));
  });

  it('are accepted by the reference, with no finding', () => {
    fc.assert(
      fc.property(errorPayload(), (p) => {
        expect(validateError(p)).toEqual({ valid: true, findings: [] });
      }),
      params,
    );
  });

  it('carry no secret anywhere', () => {
    fc.assert(fc.property(errorPayload(), (p) => !containsSecret(p)), params);
  });

  it('never offer a retry path under configuration', () => {
    fc.assert(
      fc.property(errorPayload({ origin: 'configuration' }), (p) =>
        (p.body.sub_errors ?? []).every((se) => se.recovery_options.every((o) => o.action !== 'wait_for_dependency' && !('max_retries' in (o.executable_parameters ?? {})))),
      ),
      params,
    );
  });

  it('hand out only absolute https URLs, and fast-check web URLs pass the published uri format too', () => {
    fc.assert(fc.property(httpsUrl(), (u) => isAbsoluteHttpsUrl(u)), params);
    fc.assert(fc.property(nonHttpsUri(), (u) => !isAbsoluteHttpsUrl(u)), params);
  });

  it('reach multi-byte, astral and CRLF text in detail', () => {
    const details = fc.sample(errorPayload(), { seed: 5, numRuns: 500 }).map((p) => p.body.detail);
    expect(details.some((d) => /[^\u0000-\u007f]/.test(d))).toBe(true);
    expect(details.some((d) => /[\u{10000}-\u{10ffff}]/u.test(d))).toBe(true);
    expect(details.some((d) => d.includes('\r\n'))).toBe(true);
    expect(details.some((d) => /[<&"]/.test(d))).toBe(true);
  });
});

describe('the seed scenarios fixture', () => {
  it('holds the five payloads of seed 000, in order, as published', () => {
    expect(scenarios.map((s) => s.payload.message_id)).toEqual(['err-9982-abcf', 'err-local-001', 'err-auth-9211', 'err-cap-404', 'err-timeout-777']);
    expect(scenarioPayloads.map((p) => [p.body.code, p.body.numeric_status])).toEqual([
      ['invalid_message', 422],
      ['task_not_found', 503],
      ['auth_required', 401],
      ['capability_not_supported', 415],
      ['invalid_message', 504],
    ]);
    for (const s of scenarios) expect(s.section).toMatch(/^000 §Scenario \d/);
  });
});

/** Each mutator must break its rule and only its rule: the reference's findings name that check alone. */
const MUTATORS: [string, () => fc.Arbitrary<AdversarialError>][] = [
  ['ERR-SCHEMA', schemaViolation],
  ['ERR-SCHEMA', nonObjectPayload],
  ['ERR-REGISTRY-CODE', nonRegistryCode],
  ['ERR-CONDITION-ACTION', conditionActionMisfit],
  ['ERR-EXEC-PARAMS', execParamViolation],
  ['ERR-NO-SECRETS', secretLeak],
  ['ERR-CONFIG-NO-RETRY', configRetry],
  ['ERR-NUMERIC-ALIGN', numericMisalignment],
];

describe.each(MUTATORS)('mutator for %s (%#)', (checkId, mutator) => {
  it('breaks exactly that rule', () => {
    fc.assert(
      fc.property(mutator(), ({ payload }) => {
        const v = validateError(payload);
        expect(v.valid).toBe(false);
        expect([...new Set(v.findings!.map((f) => f.checkId))]).toEqual([checkId]);
      }),
      params,
    );
  });

  it('is deterministic for a seed and names its family', () => {
    const a = fc.sample(mutator(), { seed: 11, numRuns: 30 });
    expect(a).toEqual(fc.sample(mutator(), { seed: 11, numRuns: 30 }));
    for (const c of a) expect(c.family).toMatch(/^[a-z-]+(:.+)?$/);
  });
});

describe('mutator coverage', () => {
  const families = (arb: fc.Arbitrary<AdversarialError>) => new Set(fc.sample(arb, { seed: 1, numRuns: 2000 }).map((c) => c.family.split(':')[0]));

  it('plants every kind of break', () => {
    expect(families(schemaViolation())).toEqual(new Set(['missing', 'enum', 'const', 'type', 'non-uri']));
    expect(families(execParamViolation())).toEqual(new Set(['missing', 'absent', 'type', 'not-https']));
    expect(families(secretLeak())).toEqual(new Set(['detail', 'param-member', 'param-value', 'url-query']));
    expect(families(configRetry())).toEqual(new Set(['retry-action', 'retry-params']));
  });

  it("draws the issue's headline misfits", () => {
    const fams = new Set(fc.sample(conditionActionMisfit(), { seed: 1, numRuns: 500 }).map((c) => c.family));
    expect(fams).toContain('misfit:unknown_outcome:wait_for_dependency');
    expect(fams).toContain('misfit:malformed_request:renew_grant');
  });
});
