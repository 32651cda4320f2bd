import type fc from 'fast-check';
import type { AdversarialError } from '../../generators/error/adversarial.js';
import type { CaseSet } from '../../src/engine/kinds/common.js';
import type { VerdictExpectation, VerdictVocabulary } from '../../src/engine/kinds/verdict.js';
import type { ErrorSpec } from '../../src/spec/error.js';
import { rejectedPayloadFixture } from './fixtures.js';

/**
 * How `validateError`'s verdicts read in the error suite: a failure shows the verdict's validity and
 * its findings. Which finding a rejection gives does not matter (implementations need not use the
 * pack's check ids); the findings are kept for the report.
 */
export const ERROR_VERDICTS: VerdictVocabulary = {
  member: 'validateError',
  messages: {
    accepted: (p: { rule: string; family: string }) =>
      `an error payload that breaks ${p.rule} (${p.family}) was accepted`,
    rejected: (p: { why: string }) => `a valid error payload was rejected (${p.why})`,
  },
  answer: (v) => ({ valid: v.valid, findings: v.findings ?? [] }),
};

/** The arguments of `validateError` for a case: its payload, judged with the run's clock (no error rule reads it). */
export const payloadArgs = (c: { payload: unknown }, now: string): unknown[] => [c.payload, { now }];

/** What a conforming validator answers to a payload that is valid by the seed and spec/error.json, and why it is. */
export const accepted = (why: string): VerdictExpectation => ({
  valid: true,
  params: { why },
  expected: { valid: true },
});

/** What a conforming validator answers to a payload that breaks rule `id` in `family`. */
export const rejected = (id: string, family: string): VerdictExpectation => ({
  valid: false,
  params: { rule: id, family },
  expected: { valid: false, rule: id, family },
  breaks: [id],
});

/** The `family:` tags of `families`, then the variant tags `variants` as they are. */
export function reachOf(families: readonly string[], variants: readonly string[] = []): string[] {
  return [...families.map((f) => `family:${f}`), ...variants];
}

/**
 * The cases of a check that draws payloads breaking exactly one rule, `id` (`make`, from the run's
 * error spec), each to be rejected; `reach` lists the families and variant tags a default run must show.
 */
export function errorRejections(
  id: string,
  make: (spec: ErrorSpec) => fc.Arbitrary<AdversarialError>,
  reach: (spec: ErrorSpec) => readonly string[],
): {
  cases: CaseSet<AdversarialError>;
  args: typeof payloadArgs;
  expect: (c: AdversarialError) => VerdictExpectation;
} {
  return {
    cases: {
      arbitrary: (spec) => make(spec.error),
      reach: (spec) => reach(spec.error),
      tags: (c) => ['adversarial', `family:${c.family}`, ...(c.variants ?? [])],
      show: (c) => ({
        family: c.family,
        ...(c.where !== undefined ? { where: c.where } : {}),
        ...(c.variants ? { variants: c.variants } : {}),
        payload: c.payload,
      }),
      fixture: rejectedPayloadFixture(id),
    },
    args: payloadArgs,
    expect: (c) => rejected(id, c.family),
  };
}
