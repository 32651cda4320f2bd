import type fc from 'fast-check';
import { defineCheck, type CheckDefinition, type Severity } from '../../src/engine/check.js';
import type { ErrorSpec } from '../../src/spec/error.js';
import type { AdversarialError } from '../../generators/error/adversarial.js';
import { rejectedPayloadFixture } from './fixtures.js';
import { claimOf, expectRejected } from './verdict.js';

/** What differs between the error suite's reject-this-payload checks. */
export interface RejectionCheck {
  id: string;
  title: string;
  severity?: Severity;
  specRef: string;
  /** The seed clause the check enforces, in one English sentence (see `CheckDefinition.statement`). */
  statement: string;
  decisions: string[];
  /** Payloads that break this check's rule, drawn from the run's error spec. */
  cases: (spec: ErrorSpec) => fc.Arbitrary<AdversarialError>;
  /** The families (and the variant tags) a default run of 100 cases must show under the run's error spec. */
  reach: (spec: ErrorSpec) => readonly string[];
}

/** The `family:` tags of `families`, then the variant tags `variants` as they are. */
export function reachOf(families: readonly string[], variants: readonly string[] = []): string[] {
  return [...families.map((f) => `family:${f}`), ...variants];
}

/** A check that draws payloads breaking exactly one rule and expects each one rejected. */
export function rejectionCheck(c: RejectionCheck): CheckDefinition<AdversarialError> {
  return defineCheck<AdversarialError>({
    id: c.id,
    title: c.title,
    suite: 'error',
    severity: c.severity ?? 'MUST',
    specRef: c.specRef,
    statement: c.statement,
    requires: ['validateError'],
    decisions: c.decisions,
    arbitrary: (spec) => c.cases(spec.error),
    run: (input, h) => expectRejected(h, input.payload, c.id, input.family),
    show: (input) => ({
      family: input.family,
      ...(input.where !== undefined ? { where: input.where } : {}),
      ...(input.variants ? { variants: input.variants } : {}),
      payload: input.payload,
    }),
    tags: (input) => ['adversarial', `family:${input.family}`, ...(input.variants ?? [])],
    reach: (spec) => c.reach(spec.error),
    claim: (input) => ({ ...claimOf(input.payload), valid: false, breaks: [c.id] }),
    fixture: rejectedPayloadFixture(c.id),
  });
}
