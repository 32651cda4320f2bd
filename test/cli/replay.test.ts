import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli, expectUsageError, failingRun, readJson } from '../helpers/cli.js';

let dir: string;
let failure: any;
beforeAll(async () => {
  dir = await failingRun();
  failure = readJson(join(dir, 'bad', 'report.json')).checks.find((c: any) => c.id === 'ENV-EXPIRED').failure;
});

describe('replay <report.json> <check-id>', () => {
  it('says STILL FAILING (exit 1) against the adapter that failed, with the same expected and actual', async () => {
    const r = await cli(['replay', 'bad/report.json', 'ENV-EXPIRED', '--use-report-adapter'], dir);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toMatch(/^STILL FAILING ENV-EXPIRED \(seed 4, path /);
    expect(r.stdout).toContain(failure.message);
    expect(r.stdout).toContain(`actual:   ${JSON.stringify(failure.actual)}`);
  });

  it('prints the case as the run showed it: the same lines, the failure file beside the report, the changed member marked', async () => {
    const run = await cli(
      ['--adapter', './bad.mjs', '--check', 'ENV-EXPIRED', '--seed', '4', '--runs', '20', '--out', 'again'],
      dir,
    );
    const r = await cli(['replay', 'again/report.json', 'ENV-EXPIRED', '--adapter', './bad.mjs'], dir);
    expect(r.code, r.stderr).toBe(1);
    const file = join('again', 'failures', 'ENV-EXPIRED.json');
    expect(r.stdout).toContain(`  counterexample (whole case: ${file}), > /packet/delivery/expires_at changed:\n`);
    /** The block from its first line to `actual:`, the margin of each command taken off. */
    const block = (text: string, margin: string) => {
      const lines = text.split('\n');
      const from = lines.findIndex((l) => l.startsWith(`${margin}counterexample`));
      const to = lines.findIndex((l) => l.startsWith(`${margin}actual:`));
      return lines.slice(from, to + 1).map((l) => l.slice(margin.length));
    };
    expect(block(r.stdout, '  ').length).toBeGreaterThan(3);
    expect(block(r.stdout, '  ')).toEqual(block(run.stdout, '     '));
    expect(block(r.stdout, '  ').filter((l) => l.startsWith('  > '))).toHaveLength(1);
  });

  it('says FIXED (exit 0) against a fixed adapter', async () => {
    const r = await cli(['replay', 'bad/report.json', 'ENV-EXPIRED', '--adapter', 'reference'], dir);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^FIXED ENV-EXPIRED: the case \(seed 4, path .*\) now passes/);
  });

  it('replays a case named by --seed and --path without a report', async () => {
    const r = await cli(
      ['replay', 'ENV-EXPIRED', '--adapter', './bad.mjs', '--seed', '4', '--runs', '20', '--path', failure.path],
      dir,
    );
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toMatch(/^STILL FAILING ENV-EXPIRED/);
  });

  it('refuses bad input with one line and exit 2', async () => {
    expectUsageError(await cli(['replay', 'missing.json', 'ENV-EXPIRED'], dir), /report missing\.json: no such file/);
    writeFileSync(join(dir, 'other.json'), '{"format":"something-else/1"}');
    expectUsageError(
      await cli(['replay', 'other.json', 'ENV-EXPIRED'], dir),
      /other\.json is not a uaix-conformance report/,
    );
    writeFileSync(join(dir, 'broken.json'), '{"format":');
    expectUsageError(await cli(['replay', 'broken.json', 'ENV-EXPIRED'], dir), /broken\.json is not valid JSON/);
    expectUsageError(await cli(['replay', 'bad/report.json', 'ENV-NOPE'], dir), /no check ENV-NOPE in this catalog/);
    expectUsageError(
      await cli(['replay', 'bad/report.json', 'INT-CHECKSUM'], dir),
      /INT-CHECKSUM is not in bad\/report\.json/,
    );
    expectUsageError(
      await cli(['replay', 'bad/report.json', 'ENV-SEED-FIXTURES'], dir),
      /ENV-SEED-FIXTURES did not fail in this report \(it passed\); give --path/,
    );
    expectUsageError(await cli(['replay', 'ENV-EXPIRED', '--adapter', 'reference'], dir), /needs --seed/);
  });

  it('refuses, with a clear message, a report made by a different catalog', async () => {
    const report = readJson(join(dir, 'bad', 'report.json'));
    report.run.catalogHash = `sha256:${'0'.repeat(64)}`;
    writeFileSync(join(dir, 'foreign.json'), JSON.stringify(report));
    expectUsageError(
      await cli(['replay', 'foreign.json', 'ENV-EXPIRED'], dir),
      /replay refuses this report: the report was made by another check catalog, other generators or other spec data/,
    );
  });
});
