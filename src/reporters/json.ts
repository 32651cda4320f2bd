import type { Report } from '../model/report.js';
import type { FileReporter } from './reporter.js';

/** `report.json`: the report model as stable, pretty JSON (the source every other format renders from). */
export function renderJson(report: Report): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

/** `report.json` as a file reporter: written first, the source of every other format. */
export const jsonReporter: FileReporter = { name: 'json', file: 'report.json', render: renderJson };
