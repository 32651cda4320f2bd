import type { RunListener } from '../engine/runner.js';
import type { Report } from '../model/report.js';

/**
 * A reporter, as in vitest: told as a run goes (the optional hooks of `RunListener`: a check starts,
 * a case runs, a check ends) and when it ends. A file reporter publishes one file of the output
 * folder, rendered from the finished report model with no I/O of its own (`file` and `render`); a
 * live reporter (the progress line) uses the hooks. `REPORTERS` in `./index.ts` names them all.
 */
export interface Reporter extends RunListener {
  /** The reporter's name in `REPORTERS`, e.g. `junit`. */
  readonly name: string;
  /** The file this reporter publishes inside the output folder, e.g. `report.html`. */
  readonly file?: string;
  /** The file's content, from the read-only report model. */
  render?(report: Readonly<Report>): string;
  /** The same content as `render`, in chunks, for a file that may be large (written without ever being one string). */
  chunks?(report: Readonly<Report>): Iterable<string>;
  /** The run is over (finished, interrupted or failed): clear what was drawn, release what was held. */
  onRunEnd?(report: Readonly<Report> | undefined): void;
}

/** A reporter that publishes a file. */
export type FileReporter = Reporter & Required<Pick<Reporter, 'file' | 'render'>>;
