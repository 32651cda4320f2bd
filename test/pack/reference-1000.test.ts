import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tempDir } from '../cli/run-cli.js';

describe('the reference adapter at depth', () => {
  it('passes the full pack at --runs 1000, through the CLI', () => {
    const dir = tempDir();
    const r = cli(['--adapter', 'reference', '--runs', '1000', '--seed', '1000', '--out', 'out', '--quiet'], dir, {}, 590_000);
    const report = JSON.parse(readFileSync(join(dir, 'out', 'report.json'), 'utf8'));
    const notPassed = report.checks.filter((c: { status: string }) => c.status !== 'passed').map((c: { id: string; status: string; failure?: unknown; error?: unknown }) => ({ id: c.id, status: c.status, failure: c.failure, error: c.error }));
    expect(report.incomplete).toBe(false);
    expect(notPassed).toEqual([]);
    expect(r.code).toBe(0);
    expect(report.checks.filter((c: { runs: number }) => c.runs !== 1000)).toEqual([]);
  }, 600_000);
});
