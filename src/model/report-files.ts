/**
 * The files a run publishes into its output folder, by the name of the reporter that writes each,
 * in writing order: `report.json` first (the source every other format renders from), then
 * `junit.xml`, `report.html`, `summary.md` and `badge.json`. The one list of them: the file layer
 * (`src/io/report-files.ts`) keeps and retires these names, and `FILE_REPORTERS` has one reporter
 * for each, which the compiler holds it to.
 */
export const REPORT_FILES = Object.freeze({
  json: 'report.json',
  junit: 'junit.xml',
  html: 'report.html',
  markdown: 'summary.md',
  badge: 'badge.json',
} as const);

/** The name of a file reporter: a key of `REPORT_FILES`. */
export type ReportFileKind = keyof typeof REPORT_FILES;

/** The published file names, in writing order. */
export const REPORT_FILE_NAMES: readonly string[] = Object.freeze(Object.values(REPORT_FILES));
