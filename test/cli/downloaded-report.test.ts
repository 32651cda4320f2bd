import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli, expectUsageError, failingRun, readJson } from '../helpers/cli.js';

/**
 * A downloaded report runs nothing (D-REL-06): a report.json can come from a site, a CI artifact or
 * an issue, and the adapter it names is a command line or a module path. Every command that reads
 * reports (replay, fixtures export, merge, site, diff, gate) is given reports whose adapter, when
 * run, leaves a mark; the mark appears only when the user names that adapter for replay, or confirms
 * it with --use-report-adapter.
 */

let dir: string;
const MARK = 'ran-the-report-adapter';

beforeAll(async () => {
  dir = await failingRun();
  const report = readJson(join(dir, 'bad', 'report.json'));
  const node = JSON.stringify(process.execPath);
  // A module that leaves the mark when it loads, and a command that does (then answers as bad.mjs would not: it exits).
  writeFileSync(
    join(dir, 'evil.mjs'),
    `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(join(dir, MARK))}, 'module');\nexport { default } from './bad.mjs';\n`,
  );
  const command = `cmd:${node} -e "require('node:fs').writeFileSync(process.argv[1], 'command')" ${join(dir, MARK)}`;
  writeFileSync(
    join(dir, 'by-command.json'),
    JSON.stringify({ ...report, adapter: { ...report.adapter, spec: command } }),
  );
  writeFileSync(
    join(dir, 'by-module.json'),
    JSON.stringify({ ...report, adapter: { ...report.adapter, spec: './evil.mjs' } }),
  );
  writeFileSync(
    join(dir, 'expect.json'),
    JSON.stringify({ format: 'uaix-conformance-expectations/1', expectations: [] }),
  );
});

describe('a downloaded report runs nothing', () => {
  it('replay refuses the adapter a report names, a command or a module, in one line saying how to run it (exit 2)', async () => {
    expectUsageError(
      await cli(['replay', 'by-command.json', 'ENV-EXPIRED'], dir),
      /^uaix-conformance: the report names its adapter as cmd:.*; replay runs no adapter a report names but reference \(a report may come from anywhere\): name it again \(--adapter-cmd ".*"\) or pass --use-report-adapter to run the report's$/,
    );
    expectUsageError(
      await cli(['replay', 'by-module.json', 'ENV-EXPIRED'], dir),
      /^uaix-conformance: the report names its adapter as \.\/evil\.mjs; .* name it again \(--adapter \.\/evil\.mjs\) or pass --use-report-adapter to run the report's$/,
    );
    expect(existsSync(join(dir, MARK))).toBe(false);
  });

  it('fixtures export, merge, site, diff and gate read such reports and run nothing', async () => {
    const runs = [
      await cli(['fixtures', 'export', 'by-command.json', '--out', 'fixtures'], dir),
      await cli(['merge', 'by-command.json', 'by-module.json', '--out', 'merged'], dir),
      await cli(['site', 'by-command.json', 'by-module.json', '--out', 'site'], dir),
      await cli(['diff', 'by-command.json', 'by-module.json'], dir),
      await cli(['gate', 'by-command.json', '--expect', 'expect.json'], dir),
    ];
    for (const r of runs) expect([0, 1, 2], r.stderr).toContain(r.code);
    expect(runs.map((r) => r.code)).not.toContain(3);
    expect(existsSync(join(dir, MARK))).toBe(false);
  });

  it('replay runs the report adapter once the user confirms it (--use-report-adapter), or names one again', async () => {
    const named = await cli(['replay', 'by-module.json', 'ENV-EXPIRED', '--adapter', 'reference'], dir);
    expect(named.code, named.stderr).toBe(0);
    expect(existsSync(join(dir, MARK))).toBe(false);
    const confirmed = await cli(['replay', 'by-module.json', 'ENV-EXPIRED', '--use-report-adapter'], dir);
    expect(confirmed.code, confirmed.stderr).toBe(1); // evil.mjs is bad.mjs: STILL FAILING
    expect(existsSync(join(dir, MARK))).toBe(true);
  });
});
