import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packCatalog } from '../../../src/api/catalog.js';
import { readJson, spawnCli, tempDir } from '../../helpers/cli.js';

const RUNS = 5;

/**
 * The built CLI runs the whole catalog end to end against the bundled reference, exits 0 and writes
 * a complete report. (The depth proof, every suite at 200 runs of the same seed, is each suite's `reference.test.ts`,
 * in process, where the suites run side by side.)
 */
describe('the built CLI', () => {
  it(`runs the full pack against the reference at --runs ${RUNS}: every check passes`, () => {
    const dir = tempDir();
    const r = spawnCli(
      ['--adapter', 'reference', '--runs', String(RUNS), '--seed', '1000', '--out', 'out', '--quiet'],
      dir,
      {},
      590_000,
    );
    const report = readJson(join(dir, 'out', 'report.json'));
    const notPassed = report.checks
      .filter((c: { status: string }) => c.status !== 'passed')
      .map((c: { id: string; status: string; failure?: unknown; error?: unknown }) => ({
        id: c.id,
        status: c.status,
        failure: c.failure,
        error: c.error,
      }));
    expect(report.incomplete).toBe(false);
    expect(notPassed).toEqual([]);
    expect(r.code).toBe(0);
    expect(report.checks.map((c: { id: string }) => c.id)).toEqual(packCatalog().checks.map((c) => c.id));
    expect(report.checks.filter((c: { runs: number }) => c.runs !== RUNS)).toEqual([]);
  }, 600_000);
});
