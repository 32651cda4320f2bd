import type { GateResult } from '../model/gate.js';
import type { Report } from '../model/report.js';

/**
 * The one table from outcome to exit code (README "Exit codes" says the same):
 * 0: no MUST check failed or errored and at least one check was judged (with a gate: the run
 *    matches its expectations);
 * 1: some MUST check failed or errored, the run was interrupted, or the gate failed;
 * 2: a usage error (a bad option, a file that cannot be read or written, an adapter that cannot be
 *    loaded, an output folder that cannot take the reports);
 * 3: an internal error, a bug of uaix-conformance (never reported as the user's mistake);
 * 4: nothing was judged: every selected check was skipped (say, misspelt adapter members) or ran
 *    and judged nothing (not-judged), which is not a success unless `--allow-empty` says so.
 */
export const EXIT = Object.freeze({ ok: 0, failed: 1, usage: 2, internal: 3, empty: 4 });

/** How the exit code of a finished run is decided beyond its report. */
export interface ExitPolicy {
  /** A run in which every check was skipped exits 0 instead of `EXIT.empty`. */
  allowEmpty?: boolean;
}

/** True when a finished, uninterrupted report judged no check at all (every one skipped or not judged, or none selected). */
export function judgedNothing(report: Report): boolean {
  const s = report.summary;
  return !report.incomplete && s.total - s.skipped - (s.notJudged ?? 0) === 0;
}

/**
 * The exit code of a finished run (or merge), gated or not. A gate decides alone (its expectations
 * name every skip it accepts); without one, a run that judged nothing is `EXIT.empty`.
 */
export function exitCodeOf(report: Report, gate?: GateResult, policy: ExitPolicy = {}): number {
  if (gate) return gate.ok ? EXIT.ok : EXIT.failed;
  if (report.incomplete) return EXIT.failed;
  if (report.summary.mustFailed > 0) return EXIT.failed;
  return judgedNothing(report) && policy.allowEmpty !== true ? EXIT.empty : EXIT.ok;
}

/**
 * The one line a run that judged nothing prints on stderr, naming why the checks were skipped
 * (the most common skip reason first) and the way out.
 */
export function emptyRunLine(report: Report): string {
  const reasons = new Map<string, number>();
  for (const c of report.checks)
    if (c.status === 'skipped') reasons.set(c.skipReason, (reasons.get(c.skipReason) ?? 0) + 1);
  const top = [...reasons].sort((a, b) => b[1] - a[1])[0];
  const why = top ? `: ${top[1]} of them because the ${top[0]}` : '';
  const s = report.summary;
  const vacuous = s.notJudged ?? 0;
  const what =
    vacuous === 0
      ? `${s.total === 1 ? 'the one selected check was' : `all ${s.total} selected checks were`} skipped${why}`
      : `${s.total === 1 ? 'the one selected check' : `of ${s.total} selected checks, ${s.skipped} were skipped${why}, and ${vacuous}`} ran and judged nothing (not judged)`;
  return `uaix-conformance: nothing was judged: ${what}; exit ${EXIT.empty} (pass --allow-empty to accept a run that judges nothing)\n`;
}
