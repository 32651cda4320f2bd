import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mutated, type AdversarialError } from '../../../generators/error/adversarial.js';
import { conditionActionMisfit } from '../../../generators/error/condition-action-misfit.js';
import { configRetry } from '../../../generators/error/config-retry.js';
import { errorPayload } from '../../../generators/error/error-payload.js';
import { execParamViolation } from '../../../generators/error/exec-param-violation.js';
import { nonRegistryCode } from '../../../generators/error/non-registry-code.js';
import { numericMisalignment } from '../../../generators/error/numeric-misalignment.js';
import { nonObjectPayload, schemaViolation } from '../../../generators/error/schema-violation.js';
import { secretLeak } from '../../../generators/error/secret-leak.js';
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
    for (const c of a) expect(c.family).toMatch(/^[a-z-]+(:.+)?$/);
  });
});

describe('adversarial coverage', () => {
  const kinds = (arb: fc.Arbitrary<AdversarialError>) => new Set(fc.sample(arb, { seed: 1, numRuns: 300 }).map((c) => c.family.split(':')[0]));

  it('plants every kind of break', () => {
    expect(kinds(schemaViolation(spec))).toEqual(new Set(['missing', 'enum', 'const', 'type', 'non-uri']));
    expect(kinds(execParamViolation(spec))).toEqual(new Set(['missing', 'absent', 'type', 'not-https']));
    expect(kinds(secretLeak(spec))).toEqual(new Set(['detail', 'param-member', 'param-value', 'url-query']));
    expect(kinds(configRetry(spec))).toEqual(new Set(['retry-action', 'retry-params']));
    expect(kinds(nonRegistryCode(spec))).toEqual(new Set(['code']));
  });

  it("draws the issue's headline misfits", () => {
    const families = new Set(fc.sample(conditionActionMisfit(spec), { seed: 1, numRuns: 500 }).map((c) => c.family));
    expect(families).toContain('misfit:unknown_outcome:wait_for_dependency');
    expect(families).toContain('misfit:malformed_request:renew_grant');
  });

  it('sends non-objects, arrays included, as payloads that are no error payload at all', () => {
    const payloads = fc.sample(nonObjectPayload(spec), { seed: 1, numRuns: 100 }).map((c) => c.payload);
    for (const p of payloads) expect(p === null || typeof p !== 'object' || Array.isArray(p), JSON.stringify(p)).toBe(true);
    expect(payloads.some(Array.isArray)).toBe(true);
  });

  it('never draws a code the spec it is given puts in the registry (a --spec-dir adding codes)', () => {
    const other = withOverrides(bundledSpec(), { error: { registry: { codes: [...spec.registry.codes, 'rate_limited', 'timeout'] } } }).error;
    const codes = new Set(fc.sample(nonRegistryCode(other), { seed: 1, numRuns: 500 }).map((c) => (c.payload as { body: { code: string } }).body.code));
    expect(codes.has('rate_limited') || codes.has('timeout')).toBe(false);
    expect(fc.sample(nonRegistryCode(spec), { seed: 1, numRuns: 500 }).some((c) => (c.payload as { body: { code: string } }).body.code === 'rate_limited')).toBe(true);
  });
});

describe('adversarial cases under other readings of the data', () => {
  const families = (arb: fc.Arbitrary<AdversarialError>) => new Set(fc.sample(arb, { seed: 1, numRuns: 400 }).map((c) => c.family));
  const other = (error: Record<string, unknown>) => withOverrides(bundledSpec(), { error }).error;

  it('plant a non-URI review URL only where uri asserts, a non-UUID id only where uuid does, an undeclared member only where members are closed', () => {
    const bundledFamilies = families(schemaViolation(spec));
    expect(bundledFamilies).toContain('non-uri:human_review_url');
    expect([...bundledFamilies].filter((f) => f.startsWith('undeclared:') || f === 'format:message_id')).toEqual([]);
    expect(families(schemaViolation(other({ formats: { asserted: [] } })))).not.toContain('non-uri:human_review_url');
    expect(families(schemaViolation(other({ formats: { asserted: ['uri', 'uuid'] } })))).toContain('format:message_id');
    const closed = [...families(schemaViolation(other({ openMembers: { additionalProperties: false } })))].filter((f) => f.startsWith('undeclared:'));
    expect(new Set(closed.map((f) => f.split(':')[1]!.split('.')[0]))).toEqual(new Set(['payload', 'body', 'sub_error', 'option']));
  });

  it('plant a missing envelope member only where the data requires it', () => {
    const missing = (s: ErrorSpec) => [...families(schemaViolation(s))].filter((f) => /^missing:(uai_version|profile|message_id|body)$/.test(f)).sort();
    expect(missing(spec)).toEqual(['missing:body', 'missing:message_id', 'missing:profile', 'missing:uai_version']);
    expect(missing(other({ envelope: { required: ['body'] } }))).toEqual(['missing:body']);
  });

  it('break the review URL by scheme only where D-ERR-06 names it', () => {
    expect(families(execParamViolation(spec))).toContain('not-https:human_review_url');
    expect(families(execParamViolation(other({ urls: { ...spec.urls, optionMembers: [] } })))).not.toContain('not-https:human_review_url');
  });

  it('offer the retry paths the data names under configuration, actions and parameters alike', () => {
    const retry = other({ retry: { actions: ['wait_for_dependency', 'resume_from_checkpoint'], parameters: ['retry_after'] } });
    const drawn = fc.sample(configRetry(retry), { seed: 2, numRuns: 300 });
    expect(new Set(drawn.map((c) => c.family))).toContain('retry-action:resume_from_checkpoint');
    const planted = drawn.filter((c) => c.family.startsWith('retry-params:')).flatMap((c) => (c.payload as any).body.sub_errors.flatMap((se: any) => se.recovery_options.flatMap((o: any) => Object.keys(o.executable_parameters ?? {}))));
    expect(planted).toContain('retry_after');
    expect(planted).not.toContain('max_retries');
  });

  it('plant only the misfits the table forbids, whatever table the data holds', () => {
    const table = structuredClone(spec.conditionActions.table);
    table.stale_revision!.allowed.push('wait_for_dependency');
    table.stale_revision!.forbidden = table.stale_revision!.forbidden.filter((a) => a !== 'wait_for_dependency');
    table.unavailable_tool!.forbidden.push('negotiate_representation');
    table.unavailable_tool!.allowed = table.unavailable_tool!.allowed.filter((a) => a !== 'negotiate_representation');
    const drawn = families(conditionActionMisfit(other({ conditionActions: { table } })));
    expect(drawn).toContain('misfit:unavailable_tool:negotiate_representation');
    expect(drawn).not.toContain('misfit:stale_revision:wait_for_dependency');
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

  it('declares a family for every registry code', () => {
    const coded = new Set(mutator.families.map((f) => f.split(':')[1]));
    expect([...coded].sort()).toEqual([...spec.registry.codes].sort());
  });

  it('leaves alone a code the table has no row for (one a user added to the registry): it is never compared', () => {
    const other = withOverrides(bundledSpec(), { error: { registry: { codes: [...spec.registry.codes, 'rate_limited'] } } }).error;
    const base = fc.sample(errorPayload(other), { seed: 1, numRuns: 300 }).find((p) => p.body.code === 'rate_limited')!;
    expect(base).toBeDefined();
    expect(fc.sample(numericMisalignment(other).mutate(base), { seed: 1, numRuns: 10 }).every((out) => out === null)).toBe(true);
    expect(numericMisalignment(other).families.some((f) => f.includes('rate_limited'))).toBe(false);
  });
});

describe('mutated', () => {
  it('discards the draws a mutator cannot break', () => {
    const evenOnly: Mutator<number, number> = { breaks: 'X', families: ['x'], mutate: (n) => fc.constant(n % 2 === 0 ? n : null) };
    const drawn = fc.sample(mutated(fc.nat(), evenOnly), { seed: 1, numRuns: 100 });
    expect(drawn.every((n) => n % 2 === 0)).toBe(true);
  });
});
