import type { Report } from '../model/report.js';

/** `report.json`: the report model as stable, pretty JSON (the source every other format renders from). */
export function renderJson(report: Report): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
