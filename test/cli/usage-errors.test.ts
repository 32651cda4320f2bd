import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { cli, expectUsageError, tempDir } from '../helpers/cli.js';

/** Bad input to a run: exit 2, one clear line on stderr, no stack trace, before anything runs. */
describe('run: usage errors', () => {
  it('no --adapter', async () => expectUsageError(await cli([]), /^uaix-conformance: missing --adapter/));
  it('an adapter file that does not exist', async () =>
    expectUsageError(await cli(['--adapter', './nope.mjs']), /cannot load adapter \.\/nope\.mjs: no such file/));
  it('an unknown option', async () =>
    expectUsageError(await cli(['--adapter', 'reference', '--bogus']), /Unknown option '--bogus'/));
  it('more than one adapter', async () =>
    expectUsageError(
      await cli(['--adapter', 'reference', '--adapter-cmd', 'python3 x.py']),
      /give one of --adapter, --adapter-cmd, --adapter-url and --uas-verify-cmd/,
    ));
  it('a module path that looks like a command line gets a hint', async () =>
    expectUsageError(
      await cli(['--adapter', 'python3 my_impl.py']),
      /no such file or folder \(to run a command, use --adapter-cmd "python3 my_impl\.py" or --adapter "cmd:python3 my_impl\.py"\)/,
    ));
  it.each([
    [['--seed', 'abc'], /--seed must be an integer/],
    [['--seed', '99999999999'], /--seed must be between/],
    [['--runs', '0'], /--runs must be between 1 and/],
    [['--runs', '1.5'], /--runs must be an integer/],
    [['--timeout=-3'], /--timeout must be between/],
    [['--timeout', '-3'], /Option '--timeout' argument is ambiguous/],
    [['--now', '2026-01-01T00:00:00+02:00'], /--now must be a UTC instant/],
    [['--suite', 'nosuch'], /unknown suite "nosuch"/],
    [['--check', 'NOPE-*'], /no check matches "NOPE-\*"/],
    [['--replay', '1:2'], /--replay needs exactly one check/],
    [['--check', 'ENV-EXPIRED', '--replay', '1:2'], /--replay needs the --seed/],
    [['--check', 'ENV-EXPIRED', '--seed', '1', '--replay', 'x'], /--replay takes a fast-check path/],
    [['--spec-dir', './missing'], /--spec-dir .* is not a folder/],
  ])('bad option values %j', async (args, pattern) =>
    expectUsageError(await cli(['--adapter', 'reference', ...args]), pattern),
  );

  describe('an adapter that cannot be loaded', () => {
    const cases: [string, (dir: string) => string, RegExp][] = [
      [
        'a module with a syntax error',
        (d) => (writeFileSync(join(d, 'broken.mjs'), 'export default {{;\n'), './broken.mjs'),
        /cannot load adapter \.\/broken\.mjs: /,
      ],
      [
        'a module whose default export is not an adapter',
        (d) => (writeFileSync(join(d, 'plain.mjs'), 'export default { hello: 1 };\n'), './plain.mjs'),
        /default export is not an adapter/,
      ],
      [
        'a factory that throws',
        (d) => (
          writeFileSync(join(d, 'factory.mjs'), 'export default async () => { throw new Error("no db"); };\n'),
          './factory.mjs'
        ),
        /its factory failed: no db/,
      ],
      [
        'a describe() that throws',
        (d) => (
          writeFileSync(join(d, 'nodesc.mjs'), 'export default { describe() { throw new Error("who am i"); } };\n'),
          './nodesc.mjs'
        ),
        /describe\(\) failed: who am i/,
      ],
      [
        'a file that is not a module',
        (d) => (writeFileSync(join(d, 'adapter.txt'), 'hello'), './adapter.txt'),
        /expected a \.js, \.mjs, \.cjs or \.ts module/,
      ],
      [
        'a folder without an entry',
        (d) => (mkdirSync(join(d, 'impl')), './impl'),
        /no package.json entry and no index file/,
      ],
    ];
    for (const [name, make, pattern] of cases) {
      it(name, async () => {
        const dir = tempDir();
        expectUsageError(await cli(['--adapter', make(dir)], dir), pattern);
      });
    }
  });
});
