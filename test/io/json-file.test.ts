import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Adapter } from '../../src/contract/adapter.js';
import { readJsonFile, readReport } from '../../src/io/json-file.js';
import { renderJson } from '../../src/reporters/json.js';
import { acceptsAll, faultsOnLarge, rare, runSynthetic } from '../helpers/synthetic.js';

const dir = () => mkdtempSync(join(tmpdir(), 'uaix-json-'));

/** An adapter that passes one check, fails one, errors on one and lacks the member of the fourth. */
const mixed: Adapter = {
  describe: () => ({ name: 'mixed', version: '1', capabilityLevel: 'L2' }),
  validateEnvelope: (p) => ({ valid: (p as { n?: number }).n === undefined || (p as { n: number }).n % 7 !== 0 }),
  computeChecksum: () => {
    throw new Error('not today');
  },
};

describe('readReport', () => {
  it('reads back a report of every status, valid against schemas/report.schema.json', async () => {
    const skipped = { ...acceptsAll, id: 'SYN-SKIPPED', requires: ['toKeyless' as const] };
    const report = await runSynthetic({
      checks: [rare('SYN-NEVER', 1_000_003), acceptsAll, faultsOnLarge, skipped],
      adapter: mixed,
      seed: 5,
      runs: 200,
      adapterSpec: './mixed.mjs',
    });
    expect(report.checks.map((c) => c.status)).toEqual(['passed', 'failed', 'errored', 'skipped']);
    const file = join(dir(), 'report.json');
    writeFileSync(file, renderJson(report));
    expect(readReport(file)).toEqual(JSON.parse(renderJson(report)));
  });

  it('refuses, in one line naming the file as the user wrote it, what is not a report of ours', () => {
    const d = dir();
    writeFileSync(join(d, 'other.json'), '{"format":"something-else/1"}');
    writeFileSync(join(d, 'half.json'), '{"format":"uaix-conformance-report/1","checks":[]}');
    writeFileSync(join(d, 'broken.json'), '{"format":');
    expect(() => readReport(join(d, 'other.json'), 'other.json')).toThrow(
      'other.json is not a uaix-conformance report (format "something-else/1", expected uaix-conformance-report/3 or an older uaix-conformance-report/1, uaix-conformance-report/2)',
    );
    expect(() => readReport(join(d, 'half.json'), 'half.json')).toThrow(
      /^half\.json is not a valid report: \/: must have required property/,
    );
    expect(() => readReport(join(d, 'broken.json'), 'broken.json')).toThrow(/^report broken\.json is not valid JSON: /);
    expect(() => readReport(join(d, 'missing.json'), 'missing.json')).toThrow('report missing.json: no such file');
    expect(() => readJsonFile(d, 'report', 'd')).toThrow('report d is a folder, not a file');
  });
});
