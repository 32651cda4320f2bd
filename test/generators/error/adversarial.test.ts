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

  it('never draws a code the spec it is given puts in the registry', () => {
    const other = withOverrides(bundledSpec(), { error: { registry: { codes: [...spec.registry.codes, 'rate_limited', 'timeout'] } } }).error;
    const codes = new Set(fc.sample(nonRegistryCode(other), { seed: 1, numRuns: 500 }).map((c) => (c.payload as { body: { code: string } }).body.code));
    expect(codes.has('rate_limited') || codes.has('timeout')).toBe(false);
    expect(fc.sample(nonRegistryCode(spec), { seed: 1, numRuns: 500 }).some((c) => (c.payload as { body: { code: string } }).body.code === 'rate_limited')).toBe(true);
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
});

describe('mutated', () => {
  it('discards the draws a mutator cannot break', () => {
    const evenOnly: Mutator<number, number> = { breaks: 'X', families: ['x'], mutate: (n) => fc.constant(n % 2 === 0 ? n : null) };
    const drawn = fc.sample(mutated(fc.nat(), evenOnly), { seed: 1, numRuns: 100 });
    expect(drawn.every((n) => n % 2 === 0)).toBe(true);
  });
});
