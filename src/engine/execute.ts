import { AdapterFault, type CheckDefinition, type FailureParams, type Harness, messageOf } from './check.js';
import { describeThrown } from './harness.js';

/**
 * What one case of one check came to: the one classification every path of the pack uses (a run,
 * a replay, a fixture). `failed` is a wrong answer, its message derived from its reason and params;
 * `errored` is an implementation that could not answer (a throw where an answer was due, a
 * timeout, a wrong shape) or a case the check could not judge, with what its run was `seen` to
 * do up to the fault; `not-judged` is a case that says nothing about the rule for this
 * implementation.
 */
export type CaseOutcome =
  | { status: 'passed' }
  | {
      status: 'failed';
      reason: string;
      params: FailureParams;
      message: string;
      expected: unknown;
      actual: unknown;
    }
  | { status: 'not-judged'; reason: string; params: FailureParams; message: string }
  | { status: 'errored'; message: string; evidence?: unknown; seen?: unknown };

const PASSED: CaseOutcome = Object.freeze({ status: 'passed' });

/** Runs one case of `check` through the harness and classifies the outcome. Never throws. */
export async function executeCase<T>(check: CheckDefinition<T>, input: T, h: Harness): Promise<CaseOutcome> {
  try {
    const r = await check.run(input, h);
    if (r.status === 'passed') return PASSED;
    const message = messageOf(check, r.reason, r.params);
    if (r.status === 'not-judged') return { status: 'not-judged', reason: r.reason, params: r.params, message };
    return { status: 'failed', reason: r.reason, params: r.params, message, expected: r.expected, actual: r.actual };
  } catch (e) {
    if (e instanceof AdapterFault) {
      return {
        status: 'errored',
        message: e.message,
        ...(e.evidence === undefined ? {} : { evidence: e.evidence }),
        ...(e.seen === undefined ? {} : { seen: e.seen }),
      };
    }
    return { status: 'errored', message: `the check could not run this case: ${describeThrown(e)}` };
  }
}
