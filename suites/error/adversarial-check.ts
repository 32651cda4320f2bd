import type fc from 'fast-check';
import { defineCheck, type CheckDefinition, type Severity } from '../../src/engine/check.js';
import type { AdversarialError } from '../../generators/error/adversarial.js';
import { rejectedPayloadFixture } from './fixtures.js';
import { expectRejected } from './verdict.js';

/** What differs between the error suite's reject-this-payload checks. */
export interface RejectCheck {
  id: string;
  title: string;
  severity?: Severity;
  specRef: string;
  decisions: string[];
  cases: () => fc.Arbitrary<AdversarialError>;
}

/** A check that draws payloads breaking exactly one rule and expects each one rejected. */
export function rejectCheck(c: RejectCheck): CheckDefinition<AdversarialError> {
  return defineCheck<AdversarialError>({
    id: c.id,
    title: c.title,
    suite: 'error',
    severity: c.severity ?? 'MUST',
    specRef: c.specRef,
    requires: ['validateError'],
    decisions: c.decisions,
    arbitrary: c.cases,
    run: (input, h) => expectRejected(h, input.payload, c.id, input.family),
    show: (input) => ({ family: input.family, payload: input.payload }),
    tags: (input) => ['adversarial', `family:${input.family}`],
    fixture: rejectedPayloadFixture(c.id),
  });
}
