import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { UsageError } from '../contract/errors.js';
import { REPORT_FORMAT, type Report } from '../model/report.js';
import { renderJson } from './json.js';
import { renderJunit } from './junit.js';
import { badgeReport } from './badge.js';
import { htmlReport } from './html.js';
import { markdownReport } from './markdown.js';
import type { ReportRenderer } from './reporter.js';

/** Writes a file atomically: a temp file beside it, then a rename, so no reader sees half a report. */
export function writeAtomic(file: string, content: string): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = join(dirname(file), `.${process.pid}.${Date.now()}.tmp`);
  writeFileSync(tmp, content);
  renameSync(tmp, file);
}

/**
 * Refuses to replace a `report.json` that is not a report of ours: a file the user made is never
 * overwritten silently. Our own earlier reports are replaced (that is what an output folder is for).
 */
export function assertReplaceable(outDir: string): void {
  const file = join(outDir, 'report.json');
  if (!existsSync(file)) return;
  let format: unknown;
  try {
    format = (JSON.parse(readFileSync(file, 'utf8')) as { format?: unknown }).format;
  } catch {
    format = undefined;
  }
  if (format !== REPORT_FORMAT) throw new UsageError(`${file} exists and is not a uaix-conformance report: refusing to overwrite it (choose another --out)`);
}

/** The formats rendered from report.json's model, in writing order after report.json itself. */
export const PUBLISHED: readonly ReportRenderer[] = [{ file: 'junit.xml', render: renderJunit }, htmlReport, markdownReport, badgeReport];

/**
 * Writes report.json first, then junit.xml, report.html, summary.md and badge.json into `outDir`,
 * each atomically. Returns the paths written.
 */
export function writeReports(report: Report, outDir: string): string[] {
  const json = join(outDir, 'report.json');
  writeAtomic(json, renderJson(report));
  const written = [json];
  for (const r of PUBLISHED) {
    const file = join(outDir, r.file);
    writeAtomic(file, r.render(report));
    written.push(file);
  }
  return written;
}
