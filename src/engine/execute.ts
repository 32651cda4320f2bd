import { AdapterFault, type CheckDefinition, type Harness } from './check.js';
import { describeThrown } from './harness.js';

/**
 * What one case of one check came to: the one classification every path of the pack uses (a run,
 * a replay, a fixture). `failed` is a wrong answer; `errored` is an implementation that could not
 * answer (a throw where an answer was due, a timeout, a wrong shape) or a case the check could not
 * judge.
 */
export type CaseOutcome =
  | { status: 'passed' }
  | { status: 'failed'; message: string; expected: unknown; actual: unknown }
  | { status: 'errored'; message: string; evidence?: unknown };

const PASSED: CaseOutcome = Object.freeze({ status: 'passed' });

/** Runs one case of `check` through the harness and classifies the outcome. Never throws. */
export async function executeCase<T>(check: CheckDefinition<T>, input: T, h: Harness): Promise<CaseOutcome> {
  try {
    const r = await check.run(input, h);
    return r.pass ? PASSED : { status: 'failed', message: r.message, expected: r.expected, actual: r.actual };
  } catch (e) {
    if (e instanceof AdapterFault)
      return e.evidence === undefined
        ? { status: 'errored', message: e.message }
        : { status: 'errored', message: e.message, evidence: e.evidence };
    return { status: 'errored', message: `the check could not run this case: ${describeThrown(e)}` };
  }
}
