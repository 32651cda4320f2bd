import { describe, expect, it } from 'vitest';
import { FILE_REPORTERS, REPORTERS, renderReportFiles } from '../../src/reporters/index.js';
import { REPORT_FILE_NAMES } from '../../src/io/report-files.js';
import { renderJson } from '../../src/reporters/json.js';
import { hostileReport } from './fixture-report.js';

describe('the file reporters', () => {
  it('publish report.json first, then junit.xml, report.html, summary.md and badge.json', () => {
    expect(FILE_REPORTERS.map((r) => r.file)).toEqual([
      'report.json',
      'junit.xml',
      'report.html',
      'summary.md',
      'badge.json',
    ]);
    expect(Object.keys(REPORTERS)).toEqual(['json', 'junit', 'html', 'markdown', 'badge']);
    expect(FILE_REPORTERS.map((r) => r.file)).toEqual(REPORT_FILE_NAMES);
  });

  it('render every file from the one report model, with no I/O', () => {
    const report = hostileReport();
    const files = renderReportFiles(report);
    expect(files.map((f) => f.name)).toEqual(FILE_REPORTERS.map((r) => r.file));
    const json = files[0]!.content;
    expect(typeof json === 'string' ? json : [...json].join('')).toBe(renderJson(report));
    expect(renderJson(report)).toBe(`${JSON.stringify(report, null, 2)}\n`);
    expect(renderReportFiles(report, [REPORTERS.badge!])).toEqual([
      { name: 'badge.json', content: REPORTERS.badge!.render(report) },
    ]);
  });
});
