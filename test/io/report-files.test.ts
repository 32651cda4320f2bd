import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertReplaceable, writeReportFiles } from '../../src/io/report-files.js';

const dir = () => mkdtempSync(join(tmpdir(), 'uaix-out-'));

describe('the output folder', () => {
  it('gets the files in order, each written whole (no temp file is left)', () => {
    const out = join(dir(), 'a', 'b');
    const written = writeReportFiles(out, [{ name: 'report.json', content: '{}\n' }, { name: 'junit.xml', content: '<x/>\n' }]);
    expect(written).toEqual([join(out, 'report.json'), join(out, 'junit.xml')]);
    expect(readFileSync(join(out, 'junit.xml'), 'utf8')).toBe('<x/>\n');
    expect(readdirSync(out).sort()).toEqual(['junit.xml', 'report.json']);
  });

  it('never replaces a report.json the user made; our own reports, yes', () => {
    const out = dir();
    assertReplaceable(join(out, 'none'));
    writeFileSync(join(out, 'report.json'), '{"format":"uaix-conformance-report/1"}');
    assertReplaceable(out);
    writeFileSync(join(out, 'report.json'), '{"mine": true}\n');
    expect(() => assertReplaceable(out)).toThrow(/report\.json exists and is not a uaix-conformance report: refusing to overwrite it/);
    writeFileSync(join(out, 'report.json'), 'not json');
    expect(() => assertReplaceable(out)).toThrow(/refusing to overwrite it/);
    expect(existsSync(join(out, 'report.json'))).toBe(true);
  });
});
