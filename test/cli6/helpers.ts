import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { cli, ENTRY, tempDir, type CliResult } from '../cli/run-cli.js';

export { cli, tempDir };

/** Bad input: exit 2, exactly one line on stderr, no stack trace. */
export function expectUsageError(r: CliResult, pattern: RegExp): void {
  expect(r.code, r.stderr).toBe(2);
  const lines = r.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
  expect(r.stderr).not.toMatch(/\n\s+at /);
}

/** An adapter that ignores expiry: fails ENV-EXPIRED, passes everything else. */
export const BROKEN_EXPIRY = `import { referenceAdapter } from ${JSON.stringify(ENTRY)};
export default { ...referenceAdapter, describe: () => ({ name: 'accepts expired', version: '1' }),
  validateEnvelope: (p, c) => referenceAdapter.validateEnvelope(p, { now: '1970-01-01T00:00:00Z' }) };
`;

/** The checks the CLI tests run: fast, one of them failing on the broken adapter. */
export const QUICK = ['--check', 'ENV-EXPIRED', '--check', 'ENV-SEED-FIXTURES', '--check', 'WIRE-ROUNDTRIP', '--seed', '4', '--runs', '20'];

/**
 * A folder holding the broken adapter and the report of a failing run of it (`bad/report.json`),
 * and of the reference adapter (`good/report.json`) over the same checks and seed.
 */
export function failingRun(): string {
  const dir = tempDir();
  writeFileSync(join(dir, 'bad.mjs'), BROKEN_EXPIRY);
  const bad = cli(['--adapter', './bad.mjs', ...QUICK, '--out', 'bad'], dir);
  expect(bad.code, bad.stderr).toBe(1);
  const good = cli(['--adapter', 'reference', ...QUICK, '--out', 'good'], dir);
  expect(good.code, good.stderr).toBe(0);
  return dir;
}

export function readJson(file: string): any {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** A report without its timing fields: what must be identical between two equal runs. */
export function withoutTiming(report: any): string {
  const copy = structuredClone(report);
  delete copy.run.startedAt;
  delete copy.run.durationMs;
  for (const c of copy.checks) delete c.durationMs;
  return JSON.stringify(copy);
}
