import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../contract/errors.js';
import { REPORT_FORMAT } from '../model/report.js';
import { writeAtomic } from './atomic.js';

/** One published file of a report: its name inside the output folder and its content. */
export interface ReportFile {
  name: string;
  content: string;
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
  if (format !== REPORT_FORMAT) throw new UsageError(`${file} exists and is not a uaix-conformance report: refusing to overwrite it (choose another output folder)`);
}

/** Writes the files into `outDir` in the order given, each atomically. Returns the paths written. */
export function writeReportFiles(outDir: string, files: readonly ReportFile[]): string[] {
  return files.map((f) => {
    const path = join(outDir, f.name);
    writeAtomic(path, f.content);
    return path;
  });
}
