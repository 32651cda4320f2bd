import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mutated, type AdversarialError } from '../../../generators/error/adversarial.js';
import { conditionActionMisfit, misfitConditions } from '../../../generators/error/condition-action-misfit.js';
import { configRetry, configRetryFamilies } from '../../../generators/error/config-retry.js';
import { errorPayload } from '../../../generators/error/error-payload.js';
import { execParamFamilies, execParamViolation } from '../../../generators/error/exec-param-violation.js';
import { foreignFamilies } from '../../../generators/error/foreign-codes.js';
import { nonRegistryCode } from '../../../generators/error/non-registry-code.js';
import { numericMisalignment } from '../../../generators/error/numeric-misalignment.js';
import { nonObjectPayload, schemaFamilies, schemaViolation } from '../../../generators/error/schema-violation.js';
import { secretFamilies, secretLeak } from '../../../generators/error/secret-leak.js';
import type { Mutator } from '../../../generators/common/mutator.js';
import type { ErrorSpec } from '../../../src/spec/error.js';
import { bundledSpec, withOverrides } from '../../../src/spec/index.js';

const spec = bundledSpec().error;

/** Every adversarial generator of the error suite (each breaks one rule; the suite's claims test holds them to it). */
const GENERATORS: [string, (s: ErrorSpec) => fc.Arbitrary<AdversarialError>][] = [
  ['schemaViolation', schemaViolation],
  ['nonObjectPayload', nonObjectPayload],
  ['nonRegistryCode', nonRegistryCode],
  ['conditionActionMisfit', conditionActionMisfit],
  ['execParamViolation', execParamViolation],
  ['secretLeak', secretLeak],
  ['configRetry', configRetry],
  ['numericMisalignment', (s) => mutated(errorPayload(s), numericMisalignment(s))],
];

describe.each(GENERATORS)('%s', (_name, generator) => {
  it('is deterministic for a seed and names its family', () => {
    const a = fc.sample(generator(spec), { seed: 11, numRuns: 30 });
    expect(a).toEqual(fc.sample(generator(spec), { seed: 11, numRuns: 30 }));
    // A family name is a lower-case word (digits allowed, `base64url`), then an optional `:<what>`.
    for (const c of a) expect(c.family).toMatch(/^[a-z][a-z0-9-]*(:.+)?$/);
  });
});

describe('adversarial coverage', () => {
  const drawn = (arb: fc.Arbitrary<{ family: string }>) =>
    new Set(fc.sample(arb, { seed: 1, numRuns: 300 }).map((c) => c.family));

  it('plants every kind of break it declares, and only those', () => {
    expect(drawn(schemaViolation(spec))).toEqual(new Set(schemaFamilies(spec)));
    expect(drawn(execParamViolation(spec))).toEqual(new Set(execParamFamilies(spec)));
    expect(drawn(secretLeak(spec))).toEqual(new Set(secretFamilies(spec)));
    expect(drawn(configRetry(spec))).toEqual(new Set(configRetryFamilies(spec)));
    expect(drawn(nonRegistryCode(spec))).toEqual(new Set(foreignFamilies(spec)));
    expect(drawn(conditionActionMisfit(spec))).toEqual(new Set(misfitConditions(spec).map((c) => `misfit:${c}`)));
  });

  it('declares the breaks the bundled data allows, each a slip of its own', () => {
    expect(schemaFamilies(spec)).toEqual(
      expect.arrayContaining([
        'missing-envelope',
        'missing-member',
        'falsy',
        'null-payload',
        'null-container',
        'container-type',
        'wrong-type',
        'numeric-string',
        'non-integer',
        'enum-case',
        'enum-space',
        'enum-proto',
        'foreign-value',
        'loose-equal',
        'uri-relative',
        'uri-iri',
        'uri-malformed',
      ]),
    );
    expect(execParamFamilies(spec)).toEqual(
      expect.arrayContaining([
        'missing',
        'absent',
        'falsy',
        'wrong-type',
        'numeric-string',
        'non-integer',
        'out-of-range',
        'vocabulary',
        'url-scheme',
        'url-relative',
        'url-repair',
        'url-userinfo',
        'url-host',
        'url-suffix-key',
        'url-not-string',
        'url-review',
      ]),
    );
    expect(secretFamilies(spec)).toEqual(
      expect.arrayContaining([
        'detail',
        'message-id',
        'param-member',
        'param-value',
        'param-nested',
        'param-key',
        'url',
        'percent-encoded',
        'percent-twice',
        'base64url',
        'undeclared-member',
      ]),
    );
    expect(configRetryFamilies(spec)).toEqual([
      'retry-action:wait_for_dependency',
      ...spec.retry.parameters.map((k) => `retry-param:${k}`),
    ]);
    expect(misfitConditions(spec).sort()).toEqual(Object.keys(spec.conditionActions.table).sort());
  });

  it("draws the issue's headline misfits", () => {
    const pairs = new Set(fc.sample(conditionActionMisfit(spec), { seed: 1, numRuns: 500 }).map((c) => c.where));
    expect(pairs).toContain('unknown_outcome -> wait_for_dependency');
    expect(pairs).toContain('malformed_request -> renew_grant');
  });

  it('sends non-objects, arrays included, as payloads that are no error payload at all', () => {
    const payloads = fc.sample(nonObjectPayload(spec), { seed: 1, numRuns: 100 }).map((c) => c.payload);
    for (const p of payloads)
      expect(p === null || typeof p !== 'object' || Array.isArray(p), JSON.stringify(p)).toBe(true);
    expect(payloads.some(Array.isArray)).toBe(true);
  });

  it('never draws a code the spec it is given puts in the registry (a --spec-dir adding codes)', () => {
    const other = withOverrides(bundledSpec(), {
      error: { registry: { codes: [...spec.registry.codes, 'rate_limited', 'timeout'] } },
    }).error;
    const codes = new Set(
      fc
        .sample(nonRegistryCode(other), { seed: 1, numRuns: 500 })
        .map((c) => (c.payload as { body: { code: string } }).body.code),
    );
    expect(codes.has('rate_limited') || codes.has('timeout')).toBe(false);
    expect(
      fc
        .sample(nonRegistryCode(spec), { seed: 1, numRuns: 500 })
        .some((c) => (c.payload as { body: { code: string } }).body.code === 'rate_limited'),
    ).toBe(true);
  });
});

describe('adversarial cases under other readings of the data', () => {
  const sampled = (arb: fc.Arbitrary<AdversarialError>) => fc.sample(arb, { seed: 1, numRuns: 400 });
  const familiesOf = (cases: AdversarialError[]) => new Set(cases.map((c) => c.family));
  const families = (arb: fc.Arbitrary<AdversarialError>) => familiesOf(sampled(arb));
  /** What the cases of `family` touched (`option.human_review_url`, `body`...). */
  const wheresOf = (cases: AdversarialError[], family: string) =>
    new Set(cases.filter((c) => c.family === family).map((c) => c.where));
  const other = (error: Record<string, unknown>) => withOverrides(bundledSpec(), { error }).error;
  const URI_FAMILIES = ['uri-relative', 'uri-iri', 'uri-malformed'];

  it('plant a non-URI review URL only where uri asserts, a non-UUID id only where uuid does, an undeclared member only where members are closed', () => {
    const bundledCases = sampled(schemaViolation(spec));
    for (const f of URI_FAMILIES) expect(wheresOf(bundledCases, f)).toEqual(new Set(['option.human_review_url']));
    expect([...familiesOf(bundledCases)].filter((f) => f.startsWith('undeclared') || f === 'format-uuid')).toEqual([]);
    const annotation = families(schemaViolation(other({ formats: { asserted: [] } })));
    for (const f of URI_FAMILIES) expect(annotation).not.toContain(f);
    expect(families(schemaViolation(other({ formats: { asserted: ['uri', 'uuid'] } })))).toContain('format-uuid');
    const closedCases = sampled(schemaViolation(other({ openMembers: { additionalProperties: false } })));
    for (const f of ['undeclared', 'undeclared-proto'])
      expect(new Set([...wheresOf(closedCases, f)].map((w) => w!.split('.')[0]))).toEqual(
        new Set(['payload', 'body', 'sub_error', 'option']),
      );
  });

  it('plant a missing envelope member only where the data requires it', () => {
    const missing = (s: ErrorSpec) => [...wheresOf(sampled(schemaViolation(s)), 'missing-envelope')].sort();
    expect(missing(spec)).toEqual(['body', 'message_id', 'profile', 'uai_version']);
    expect(missing(other({ envelope: { required: ['body'] } }))).toEqual(['body']);
    expect(families(schemaViolation(other({ envelope: { required: [] } })))).not.toContain('missing-envelope');
  });

  it('break the review URL by scheme only where D-ERR-06 names it, and by case only where D-ERR-14 pins it', () => {
    // The families a generator declares are the ones it draws (held above): compare the declarations.
    expect(execParamFamilies(spec)).toContain('url-review');
    expect(execParamFamilies(other({ urls: { ...spec.urls, optionMembers: [] } }))).not.toContain('url-review');
    expect(execParamFamilies(spec)).not.toContain('url-case');
    expect(families(execParamViolation(spec))).not.toContain('url-case');
    expect(execParamFamilies(other({ urlScheme: { caseSensitive: true } }))).toContain('url-case');
    expect(families(execParamViolation(other({ urlScheme: { caseSensitive: true } })))).toContain('url-case');
  });

  it('offer the retry paths the data names under configuration, actions and parameters alike', () => {
    const retry = other({
      retry: { actions: ['wait_for_dependency', 'resume_from_checkpoint'], parameters: ['retry_after'] },
    });
    expect(configRetryFamilies(retry)).toEqual([
      'retry-action:wait_for_dependency',
      'retry-action:resume_from_checkpoint',
      'retry-param:retry_after',
    ]);
    const drawn = fc.sample(configRetry(retry), { seed: 2, numRuns: 300 });
    expect(new Set(drawn.map((c) => c.family))).toContain('retry-action:resume_from_checkpoint');
    const planted = drawn
      .filter((c) => c.family.startsWith('retry-param:'))
      .flatMap((c) =>
        (c.payload as any).body.sub_errors.flatMap((se: any) =>
          se.recovery_options.flatMap((o: any) => Object.keys(o.executable_parameters ?? {})),
        ),
      );
    expect(planted).toContain('retry_after');
    expect(planted).not.toContain('max_retries');
  });

  it('plant only the misfits the table forbids, whatever table the data holds', () => {
    const table = structuredClone(spec.conditionActions.table);
    table.stale_revision!.allowed.push('wait_for_dependency');
    table.stale_revision!.forbidden = table.stale_revision!.forbidden.filter((a) => a !== 'wait_for_dependency');
    table.unavailable_tool!.forbidden.push('negotiate_representation');
    table.unavailable_tool!.allowed = table.unavailable_tool!.allowed.filter((a) => a !== 'negotiate_representation');
    const pairs = new Set(sampled(conditionActionMisfit(other({ conditionActions: { table } }))).map((c) => c.where));
    expect(pairs).toContain('unavailable_tool -> negotiate_representation');
    expect(pairs).not.toContain('stale_revision -> wait_for_dependency');
  });
});

describe('the numeric misalignment mutator', () => {
  const mutator = numericMisalignment(spec);

  it('breaks ERR-NUMERIC-ALIGN by changing numeric_status alone, under a family it declares', () => {
    fc.assert(
      fc.property(
        errorPayload(spec).chain((base) => mutator.mutate(base).map((out) => ({ base, out }))),
        ({ base, out }) => {
          expect(mutator.breaks).toBe('ERR-NUMERIC-ALIGN');
          expect(out).not.toBeNull();
          expect(mutator.families).toContain(out!.family);
          const { numeric_status: was, ...rest } = base.body;
          const { numeric_status: now, ...after } = (out!.payload as typeof base).body;
          expect(after).toEqual(rest);
          expect(now).not.toBe(was);
        },
      ),
      { seed: 2026, numRuns: 200 },
    );
  });

  it('declares a family for every kind of contradicting status, and breaks every registry code', () => {
    expect(mutator.families).toEqual([
      'numeric:range-floor',
      'numeric:success',
      'numeric:redirect',
      'numeric:auth-4xx',
      'numeric:cross-4xx',
    ]);
    const cases = fc.sample(mutated(errorPayload(spec), mutator), { seed: 1, numRuns: 300 });
    expect(new Set(cases.map((c) => c.family))).toEqual(new Set(mutator.families));
    const coded = new Set(
      cases
        .flatMap((c) => c.variants ?? [])
        .filter((v) => v.startsWith('code:'))
        .map((v) => v.slice('code:'.length)),
    );
    expect([...coded].sort()).toEqual([...spec.registry.codes].sort());
  });

  it('leaves alone a code the table has no row for (one a user added to the registry): it is never compared', () => {
    const other = withOverrides(bundledSpec(), {
      error: { registry: { codes: [...spec.registry.codes, 'rate_limited'] } },
    }).error;
    const base = fc.sample(errorPayload(other), { seed: 1, numRuns: 300 }).find((p) => p.body.code === 'rate_limited')!;
    expect(base).toBeDefined();
    expect(
      fc.sample(numericMisalignment(other).mutate(base), { seed: 1, numRuns: 10 }).every((out) => out === null),
    ).toBe(true);
    expect(numericMisalignment(other).families.some((f) => f.includes('rate_limited'))).toBe(false);
  });
});

describe('mutated', () => {
  it('discards the draws a mutator cannot break', () => {
    const evenOnly: Mutator<number, number> = {
      breaks: 'X',
      families: ['x'],
      mutate: (n) => fc.constant(n % 2 === 0 ? n : null),
    };
    const drawn = fc.sample(mutated(fc.nat(), evenOnly), { seed: 1, numRuns: 100 });
    expect(drawn.every((n) => n % 2 === 0)).toBe(true);
  });
});
