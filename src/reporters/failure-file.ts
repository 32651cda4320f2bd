import { compactPath } from '../engine/path.js';
import { failureFileName, type ReportFile } from '../io/report-files.js';
import type { FailedCheck, Report } from '../model/report.js';

/**
 * The failure files of a run: `failures/<CHECK-ID>.json`, one per failed check, holding the shrunk
 * counterexample with what was expected and answered and how to replay it, in a stable shape
 * (`uaix-conformance-failure/1`, `schemas/failure.schema.json`) that an adapter's own tests can load
 * and turn into a regression test. The terminal names the file below the cut counterexample.
 */

/** The failure file format id; fields are only ever added within format 1. */
export const FAILURE_FORMAT = 'uaix-conformance-failure/1';

/** One failure file. */
export interface FailureFile {
  format: typeof FAILURE_FORMAT;
  /** The check that failed, e.g. `ENV-EXPIRED`, its severity and the seed clause it enforces. */
  check: { id: string; title: string; suite: string; severity: string; specRef: string };
  /** One sentence: what went wrong. */
  message: string;
  /** The run's seed (`--seed`) and cases per check (`--runs`): with `path`, they name the case. */
  seed: number;
  runs: number;
  /** fast-check path of the shrunk case, counted from the check's first case, runs of a step written `step*count` (`--path` of replay). */
  path: string;
  /** One command line that replays exactly this case. */
  replay: string;
  /** The shrunk case, as report.json shows it. */
  counterexample: unknown;
  /** JSON Pointer into `counterexample` at the part that breaks the rule, when the check knows it. */
  focus?: string;
  /** What a conforming implementation answers, in words or as a value. */
  expected: unknown;
  /** What the implementation answered. */
  actual: unknown;
  /** The tool and catalog stamp that made it: a case replays only under the same stamp. */
  tool: { name: string; version: string };
  catalogHash: string;
}

/** The failure file of one failed check of `report`. */
export function failureFileOf(report: Readonly<Report>, c: Readonly<FailedCheck>): FailureFile {
  const f = c.failure;
  return {
    format: FAILURE_FORMAT,
    check: { id: c.id, title: c.title, suite: c.suite, severity: c.severity, specRef: c.specRef },
    message: f.message,
    seed: report.run.seed,
    runs: report.run.runs,
    path: compactPath(f.path),
    replay: f.replay,
    counterexample: f.counterexample,
    ...(f.focus !== undefined ? { focus: f.focus } : {}),
    expected: f.expected,
    actual: f.actual,
    tool: { name: report.tool.name, version: report.tool.version },
    catalogHash: report.run.catalogHash,
  };
}

/** The failure files of a report, one per failed check, in report order. */
export function renderFailureFiles(report: Readonly<Report>): ReportFile[] {
  return report.checks
    .filter((c): c is FailedCheck => c.status === 'failed')
    .map((c) => ({ name: failureFileName(c.id), content: `${JSON.stringify(failureFileOf(report, c), null, 2)}\n` }));
}
