import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { cli, expectUsageError, tempDir } from '../helpers/cli.js';

/**
 * Inputs a user (or a hostile file) hands the commands, each one line and exit 2 (D-REL-05, issue 40's
 * low items): paths that are FIFOs or devices are opened without blocking and refused as opened, never
 * waited on or read without end; names and paths too long to be real are refused before they reach a
 * report; an adapter module whose export throws when it is read is an adapter that does not load.
 */

const QUICK = ['--check', 'ENV-SEED-FIXTURES', '--runs', '1', '--seed', '1', '--no-reports'];

describe('paths a user names are opened without blocking and checked as opened', () => {
  it('a device, or a folder whose package.json names a device or is a FIFO, is no adapter', async () => {
    expectUsageError(
      await cli(['--adapter', '/dev/zero', ...QUICK]),
      /^uaix-conformance: cannot load adapter \/dev\/zero: it is a device, not a module file or a folder$/,
    );
    const dir = tempDir();
    mkdirSync(join(dir, 'zero'));
    writeFileSync(join(dir, 'zero', 'package.json'), JSON.stringify({ main: '/dev/zero' }));
    expectUsageError(
      await cli(['--adapter', './zero', ...QUICK, '--in-process'], dir),
      /^uaix-conformance: cannot load adapter \.\/zero: its package\.json names \/dev\/zero, which is a device, not a module file$/,
    );
    mkdirSync(join(dir, 'fifo'));
    execFileSync('mkfifo', [join(dir, 'fifo', 'package.json')]);
    expectUsageError(
      await cli(['--adapter', './fifo', ...QUICK, '--in-process'], dir),
      /^uaix-conformance: cannot load adapter \.\/fifo: its package\.json is not a regular file$/,
    );
  });

  it('a FIFO where a report, a spec file or a fixture byte file is read: one line, no wait', async () => {
    const dir = tempDir();
    execFileSync('mkfifo', [join(dir, 'report.json')]);
    for (const args of [
      ['replay', 'report.json', 'ENV-EXPIRED'],
      ['diff', 'report.json', 'report.json'],
      ['merge', 'report.json'],
      ['site', 'report.json', '--out', 'site'],
    ])
      expectUsageError(await cli(args, dir), /report report\.json is not a regular file$/);
    mkdirSync(join(dir, 'spec'));
    execFileSync('mkfifo', [join(dir, 'spec', 'error.json')]);
    expectUsageError(
      await cli(['--adapter', 'reference', '--spec-dir', 'spec', ...QUICK], dir),
      /^uaix-conformance: spec file spec\/error\.json is not a regular file$/,
    );
    mkdirSync(join(dir, 'fx', 'ENV-SEED-FIXTURES'), { recursive: true });
    execFileSync('mkfifo', [join(dir, 'fx', 'ENV-SEED-FIXTURES', 'bytes')]);
    writeFileSync(
      join(dir, 'fx', 'ENV-SEED-FIXTURES.json'),
      JSON.stringify({
        format: 'uaix-conformance-fixtures/1',
        check_id: 'ENV-SEED-FIXTURES',
        description: 'x',
        spec_ref: 'x',
        cases: [
          {
            id: 'c-0123456789ab',
            description: 'x',
            check_id: 'ENV-SEED-FIXTURES',
            spec_ref: 'x',
            input: { $file: 'ENV-SEED-FIXTURES/bytes' },
            expected: null,
          },
        ],
      }),
    );
    expectUsageError(
      await cli(['fixtures', 'run', 'fx', '--adapter', 'reference'], dir),
      /^uaix-conformance: fx\/ENV-SEED-FIXTURES\.json case c-0123456789ab: \$file ENV-SEED-FIXTURES\/bytes is a FIFO, not a regular file$/,
    );
  });
});

describe('the low items of issue 40: one line and the right exit code each', () => {
  it('--replay with a step repeated past a million times is a usage error, not an internal one', async () => {
    expectUsageError(
      await cli([
        '--adapter',
        'reference',
        '--check',
        'ENV-EXPIRED',
        '--seed',
        '1',
        '--replay',
        '0*99999999999999999999',
      ]),
      /^uaix-conformance: --replay takes a fast-check path such as 12:0:3 or 12:0\*40:3 \(a step repeated at most 1000000 times\), got "0\*99999999999999999999"$/,
    );
    expectUsageError(
      await cli(['replay', 'ENV-EXPIRED', '--adapter', 'reference', '--seed', '1', '--path', '3*1000001']),
      /^uaix-conformance: --path takes a fast-check path/,
    );
  });

  it('an adapter spec longer than 4096 characters, on the command line or in a config file, is refused before it reaches a report', async () => {
    expectUsageError(
      await cli(['--adapter-cmd', `node adapter.js ${' '.repeat(5000)}`, ...QUICK]),
      /^uaix-conformance: the adapter spec is 5020 characters long, more than the 4096 an adapter spec may have$/,
    );
    const dir = tempDir();
    writeFileSync(
      join(dir, 'uaix-conformance.config.json'),
      JSON.stringify({ 'adapter-cmd': `node adapter.js ${'x'.repeat(50 * 1024 * 1024)}` }),
    );
    expectUsageError(
      await cli(QUICK, dir),
      /^uaix-conformance: config uaix-conformance\.config\.json: \/adapter-cmd: must NOT have more than 4096 characters$/,
    );
  });

  it('an adapter in process whose describe getter throws, or whose export is a Proxy with throwing traps, does not load (exit 2)', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'getter.mjs'), "export default { get describe() { throw new Error('no describe'); } };\n");
    writeFileSync(
      join(dir, 'proxy.mjs'),
      "export default new Proxy({}, { has() { throw new Error('has trap'); }, get() { throw new Error('get trap'); } });\n",
    );
    writeFileSync(
      join(dir, 'later.mjs'),
      "let n = 0;\nexport default { get describe() { if (++n > 1) throw new Error('second read'); return () => ({ name: 'x', version: '1' }); } };\n",
    );
    expectUsageError(
      await cli(['--adapter', './getter.mjs', '--in-process', ...QUICK], dir),
      /^uaix-conformance: cannot load adapter \.\/getter\.mjs: reading its describe member threw: no describe$/,
    );
    expectUsageError(
      await cli(['--adapter', './proxy.mjs', '--in-process', ...QUICK], dir),
      /^uaix-conformance: cannot load adapter \.\/proxy\.mjs: reading its default export threw: has trap$/,
    );
    expectUsageError(
      await cli(['--adapter', './later.mjs', '--in-process', ...QUICK], dir),
      /^uaix-conformance: the adapter's describe\(\) failed: second read$/,
    );
  });
});
