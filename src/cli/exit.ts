import type { GateResult } from '../model/gate.js';
import type { Report } from '../model/report.js';

/**
 * The one table from outcome to exit code:
 * 0: no MUST check failed or errored (with a gate: the run matches its expectations);
 * 1: some did, the run was interrupted, or the gate failed;
 * 2: a usage error (a bad option, a file that cannot be read, an adapter that cannot be loaded);
 * 3: an internal error, a bug of uaix-conformance.
 */
export const EXIT = Object.freeze({ ok: 0, failed: 1, usage: 2, internal: 3 });

/** The exit code of a finished run (or merge), gated or not. */
export function exitCodeOf(report: Report, gate?: GateResult): number {
  if (gate) return gate.ok ? EXIT.ok : EXIT.failed;
  if (report.incomplete) return EXIT.failed;
  return report.summary.mustFailed > 0 ? EXIT.failed : EXIT.ok;
}
