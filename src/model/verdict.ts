import { expectedCounts } from './gate.js';
import type { Report } from './report.js';

/** The one-word outcome every published format shows the same way. */
export type VerdictState = 'pass' | 'warn' | 'fail' | 'incomplete' | 'empty';

/** A report's overall outcome, as every published format shows it (not an adapter's `Verdict`). */
export interface RunVerdict {
  state: VerdictState;
  /** Checks that ran (not skipped), those that judged nothing included. */
  ran: number;
  passed: number;
  /** `passed / ran`, 0 when nothing ran. */
  ratio: number;
  /** One short sentence, e.g. `2 MUST checks failed or errored`. */
  text: string;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * The verdict of a report. Skipped checks (capabilities the adapter does not claim) are left out of
 * the pass ratio: they say nothing about the implementation's correctness. A check that ran and
 * judged nothing (`not-judged`) stays in it, unpassed, and warns: the pack could not tell whether
 * the implementation keeps that rule. A SHOULD failure is a warning, a MUST failure or error fails
 * (as the exit code does), an interrupted run is incomplete, a run that judged nothing is empty.
 */
export function verdictOf(report: Readonly<Report>): RunVerdict {
  const s = report.summary;
  const notJudged = s.notJudged ?? 0;
  const ran = s.total - s.skipped;
  const base = { ran, passed: s.passed, ratio: ran === 0 ? 0 : s.passed / ran };
  if (report.incomplete) return { ...base, state: 'incomplete', text: `interrupted after ${plural(s.total, 'check')}` };
  if (s.mustFailed > 0)
    return { ...base, state: 'fail', text: `${plural(s.mustFailed, 'MUST check')} failed or errored` };
  if (s.failed + s.errored > 0)
    return { ...base, state: 'warn', text: `${plural(s.failed + s.errored, 'SHOULD check')} failed or errored` };
  if (ran === 0) return { ...base, state: 'empty', text: 'no check ran' };
  if (ran === notJudged) return { ...base, state: 'empty', text: 'no check judged anything' };
  if (notJudged > 0)
    return {
      ...base,
      state: 'warn',
      text: `${plural(notJudged, 'check')} judged nothing; the other ${plural(ran - notJudged, 'check')} passed`,
    };
  return { ...base, state: 'pass', text: `all ${plural(ran, 'check')} that ran passed` };
}

/** `passed/ran passed` plus not-judged and skipped when any, e.g. `20/22 passed, 1 not judged, 40 skipped`. */
export function ratioText(report: Readonly<Report>): string {
  const v = verdictOf(report);
  const { skipped, notJudged } = report.summary;
  return `${v.passed}/${v.ran} passed${notJudged > 0 ? `, ${notJudged} not judged` : ''}${skipped > 0 ? `, ${skipped} skipped` : ''}`;
}

/**
 * The status counts in words, with how many of them the gate expected:
 * `2 passed, 3 failed (1 expected), 0 errored, 4 skipped (4 expected)`.
 */
export function statusCountsText(report: Readonly<Report>): string {
  const s = report.summary;
  const x = expectedCounts(report);
  const part = (n: number, word: string, expected: number) =>
    `${n} ${word}${expected > 0 ? ` (${expected} expected)` : ''}`;
  return [
    part(s.passed, 'passed', 0),
    part(s.failed, 'failed', x.failed),
    part(s.errored, 'errored', x.errored),
    part(s.skipped, 'skipped', x.skipped),
    ...(s.notJudged > 0 ? [part(s.notJudged, 'not judged', x['not-judged'])] : []),
  ].join(', ');
}
