import type { AdapterMember } from '../../contract/adapter.js';
import type { AnswerShape } from '../../contract/shapes.js';
import type { SpecData } from '../../spec/index.js';
import { type CaseClaim, type CheckDefinition, failed, type FailureParams, type Messages, PASS } from '../check.js';
import { type CaseSet, type CheckMeta, fromMetaAndCases } from './common.js';

/**
 * What a member's call came to: its answer, or, for a step that takes a thrown error as the
 * implementation's refusal (`refusal: 'rejects'`), the refusal and its message.
 */
export type Answer<A = unknown> = { rejected: false; value: A } | { rejected: true; message: string };

/** What a judged step found wrong: a reason of the check's `messages`, its params, and the report's pair. */
export interface Wrong {
  reason: string;
  params: FailureParams;
  expected: unknown;
  actual: unknown;
}

/**
 * One call of an exchange: the member, its arguments (from the case and the answers of the steps
 * before), and the judgement of its answer (null when right).
 *
 * `refusal` says what a thrown error is: `fault` (the default: the implementation could not answer,
 * the check errors) or `rejects` (a codec's refusal of its input, judged like any answer).
 */
export interface ExchangeStep<T> {
  member: AdapterMember;
  /** The answer's shape, checked before judging (a wrong shape errors the check). */
  shape?: AnswerShape;
  refusal?: 'fault' | 'rejects';
  args(c: T, before: readonly Answer[], spec: SpecData): unknown[];
  judge(answer: Answer, c: T, before: readonly Answer[], spec: SpecData): Wrong | null;
}

/**
 * A check whose case is a short exchange with the implementation: calls made in order, each answer
 * judged on its own (a codec's round trip, a checksum against the pack's own, the packets a
 * verifier attaches to its findings). The first wrong answer fails the case.
 */
export interface ExchangeCheckDefinition<T> extends CheckMeta {
  cases: CaseSet<T>;
  steps: readonly ExchangeStep<T>[];
  messages: Messages;
  /** What a case says of itself for the pack's contract tests (`CheckDefinition.claim`), when it has a verdict to claim. */
  claim?(c: T, spec: SpecData): CaseClaim;
}

/** The exchange kind: the engine makes the calls in order and stops at the first wrong answer. */
export function exchangeCheck<T>(def: ExchangeCheckDefinition<T>): CheckDefinition<T> {
  return {
    ...fromMetaAndCases(def, def.cases),
    requires: [...new Set(def.steps.map((s) => s.member))],
    messages: def.messages,
    async run(c, h) {
      const answers: Answer[] = [];
      for (const step of def.steps) {
        const args = step.args(c, answers, h.spec);
        const answer: Answer =
          step.refusal === 'rejects'
            ? await h.invokeOrReject(step.member, args)
            : { rejected: false, value: await h.invoke(step.member, args, step.shape) };
        const wrong = step.judge(answer, c, answers, h.spec);
        if (wrong) return failed(wrong.reason, wrong.params, wrong.expected, wrong.actual);
        answers.push(answer);
      }
      return PASS;
    },
    ...(def.claim ? { claim: def.claim } : {}),
  };
}
