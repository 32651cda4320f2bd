import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { UsageError } from '../core/errors.js';
import { REPORT_FORMAT, type Report } from '../core/report.js';
import { renderJson } from './json.js';
import { renderJunit } from './junit.js';

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

/** Writes report.json first, then junit.xml, into `outDir`. Returns the paths written. */
export function writeReports(report: Report, outDir: string): string[] {
  const json = join(outDir, 'report.json');
  const junit = join(outDir, 'junit.xml');
  writeAtomic(json, renderJson(report));
  writeAtomic(junit, renderJunit(report));
  return [json, junit];
}
