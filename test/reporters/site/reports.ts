import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { summarize } from '../../../src/model/report.js';
import { BROKEN_EXPIRY, cli, REFERENCE_ENTRY, tempDir } from '../../helpers/cli.js';

/** The run options every report of the site tests shares: few cases, one seed. */
export const QUICK_RUN = ['--runs', '5', '--seed', '1'];

/** An adapter module named `acme` at `version`: the reference, or (`blind`) the expiry-blind one. */
function acme(version: string, blind: boolean): string {
  const validate = blind
    ? `validateEnvelope: (p) => referenceAdapter.validateEnvelope(p, { now: '1970-01-01T00:00:00Z' }),`
    : '';
  return `import { referenceAdapter } from ${JSON.stringify(REFERENCE_ENTRY)};
export default { ...referenceAdapter, describe: () => ({ name: 'acme', version: ${JSON.stringify(version)}, capabilityLevel: 'L2' }), ${validate} };
`;
}

/** The checks acme's reports hold: three envelope checks, ENV-EXPIRED among them. */
const ACME_CHECKS = ['--check', 'ENV-EXPIRED', '--check', 'ENV-VALID-ACCEPTED', '--check', 'ENV-UTC-Z'];

/** The expectations file of acme 2.0.0: ENV-EXPIRED is a known failure. */
const ACME_EXPECT = {
  format: 'uaix-conformance-expectations/1',
  expectations: [
    {
      check: 'ENV-EXPIRED',
      outcome: 'fail',
      reason: 'the clock is ignored',
      issue: 'https://example.invalid/issues/1',
    },
  ],
};

/** The reports a site test builds from, by name: each is `<dir>/<name>/report.json`. */
export interface SiteReports {
  dir: string;
  /** The reference, every check. */
  ref: string;
  /** The expiry-blind adapter, envelope and wire suites: ENV-EXPIRED fails. */
  bad: string;
  /** acme 1.0.0 (the reference), three envelope checks (`ACME_CHECKS`). */
  acme1: string;
  /** acme 2.0.0 (expiry-blind, gated on ACME_EXPECT), the same checks: ENV-EXPIRED regressed, expected. */
  acme2: string;
  /** The reference's report as an older pack wrote it a day before: format 1, pack and reference 0.0.9, another catalog stamp, its last check left out and its first check's severity changed. */
  old: string;
  /** The check `old` lacks, and the one it defines differently. */
  removedCheck: string;
  changedCheck: string;
}

/** Writes `old/report.json` from the reference's report (see `SiteReports.old`). */
function olderPackReport(dir: string): { removedCheck: string; changedCheck: string } {
  const r = JSON.parse(readFileSync(join(dir, 'ref', 'report.json'), 'utf8'));
  r.format = 'uaix-conformance-report/1';
  delete r.environment;
  r.tool.version = '0.0.9';
  r.adapter.version = '0.0.9';
  r.run.startedAt = new Date(Date.parse(r.run.startedAt) - 86_400_000).toISOString();
  r.run.catalogHash = `sha256:${'0'.repeat(64)}`;
  const removed = r.checks.pop();
  r.checks[0].severity = r.checks[0].severity === 'MUST' ? 'SHOULD' : 'MUST';
  r.summary = summarize(r.checks);
  delete r.summary.notJudged; // format 3's
  writeFileSync(join(dir, 'old.json'), `${JSON.stringify(r, null, 2)}\n`);
  return { removedCheck: removed.id, changedCheck: r.checks[0].id };
}

/** Runs the pack in-process for each report of the site tests (a few seconds in all). */
export async function makeSiteReports(): Promise<SiteReports> {
  const dir = tempDir();
  writeFileSync(join(dir, 'bad.mjs'), BROKEN_EXPIRY);
  writeFileSync(join(dir, 'acme1.mjs'), acme('1.0.0', false));
  writeFileSync(join(dir, 'acme2.mjs'), acme('2.0.0', true));
  writeFileSync(join(dir, 'acme-expect.json'), JSON.stringify(ACME_EXPECT));
  const runs: [string, string[], number][] = [
    ['ref', ['--adapter', 'reference'], 0],
    ['bad', ['--adapter', './bad.mjs', '--suite', 'envelope,wire'], 1],
    ['acme1', ['--adapter', './acme1.mjs', ...ACME_CHECKS], 0],
    ['acme2', ['--adapter', './acme2.mjs', ...ACME_CHECKS, '--expect', 'acme-expect.json'], 0],
  ];
  for (const [name, args, code] of runs) {
    const r = await cli([...args, ...QUICK_RUN, '--out', name, '--quiet'], dir);
    expect(r.code, r.stderr).toBe(code);
  }
  const { removedCheck, changedCheck } = olderPackReport(dir);
  const at = (name: string) => join(dir, name, 'report.json');
  return {
    dir,
    ref: at('ref'),
    bad: at('bad'),
    acme1: at('acme1'),
    acme2: at('acme2'),
    old: join(dir, 'old.json'),
    removedCheck,
    changedCheck,
  };
}

/** Reads a JSON file. */
export function readJsonFile(file: string): any {
  return JSON.parse(readFileSync(file, 'utf8'));
}
