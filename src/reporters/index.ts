import { writeReportFiles, type ReportFile } from '../io/report-files.js';
import type { Report } from '../model/report.js';
import { REPORT_FILES, type ReportFileKind } from '../model/report-files.js';
import { badgeReporter } from './badge.js';
import { renderFailureFiles } from './failure-file.js';
import { htmlReporter } from './html.js';
import { jsonReporter } from './json.js';
import { junitReporter } from './junit.js';
import { markdownReporter } from './markdown.js';
import type { FileReporter } from './reporter.js';

export type { FileReporter, Reporter } from './reporter.js';
export { createProgressReporter, type ProgressOptions, type ProgressReporter } from './progress.js';

/** The reporter of each file a run publishes (`REPORT_FILES`): one for each, or the build fails. */
const BY_KIND: Readonly<Record<ReportFileKind, FileReporter>> = {
  json: jsonReporter,
  junit: junitReporter,
  html: htmlReporter,
  markdown: markdownReporter,
  badge: badgeReporter,
};

/**
 * The file reporters of a run's output folder, in the writing order of `REPORT_FILES`: `report.json`
 * first (the source every other format renders from), then `junit.xml`, `report.html`, `summary.md`
 * and `badge.json`.
 */
export const FILE_REPORTERS: readonly FileReporter[] = Object.freeze(
  (Object.keys(REPORT_FILES) as ReportFileKind[]).map((kind) => BY_KIND[kind]),
);

/** The file reporters by name (`json`, `junit`, `html`, `markdown`, `badge`). */
export const REPORTERS: Readonly<Record<string, FileReporter>> = Object.freeze(
  Object.fromEntries(FILE_REPORTERS.map((r) => [r.name, r])),
);

/** The files the reporters publish for a report, in order: rendered, or as chunks to stream (report.json). */
export function renderReportFiles(
  report: Readonly<Report>,
  reporters: readonly FileReporter[] = FILE_REPORTERS,
): ReportFile[] {
  return reporters.map((r) => ({ name: r.file, content: r.chunks ? r.chunks(report) : r.render(report) }));
}

/**
 * Writes report.json, junit.xml, report.html, summary.md and badge.json, and a failure file per
 * failed check (`failures/<CHECK-ID>.json`), into `outDir` as one consistent set, or nothing (`writeReportFiles`). Returns the paths written.
 */
export function writeReports(report: Report, outDir: string): string[] {
  return writeReportFiles(outDir, [...renderReportFiles(report), ...renderFailureFiles(report)]);
}
