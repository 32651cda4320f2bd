import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tempDir } from './run-cli.js';

/** Bad input to our own CLI: exit 2, one clear line on stderr, no stack trace. */
function expectUsageError(r: ReturnType<typeof cli>, pattern: RegExp) {
  expect(r.code).toBe(2);
  const lines = r.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
  expect(r.stderr).not.toMatch(/\n\s+at /);
}

describe('CLI usage errors', () => {
  it('no --adapter', () => expectUsageError(cli([]), /^uaix-conformance: missing --adapter/));
  it('an adapter file that does not exist', () => expectUsageError(cli(['--adapter', './nope.mjs']), /cannot load adapter \.\/nope\.mjs: no such file/));
  it('an unknown option', () => expectUsageError(cli(['--adapter', 'reference', '--bogus']), /Unknown option '--bogus'/));
  it('an unknown command', () => expectUsageError(cli(['frobnicate']), /unknown command "frobnicate"/));
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
  ])('bad option values %j', (args, pattern) => expectUsageError(cli(['--adapter', 'reference', ...args]), pattern));

  it('a module with a syntax error', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'broken.mjs'), 'export default {{;\n');
    expectUsageError(cli(['--adapter', './broken.mjs'], dir), /cannot load adapter \.\/broken\.mjs: /);
  });
  it('a module whose default export is not an adapter', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'plain.mjs'), 'export default { hello: 1 };\n');
    expectUsageError(cli(['--adapter', './plain.mjs'], dir), /default export is not an adapter/);
  });
  it('a factory that throws', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'factory.mjs'), 'export default async () => { throw new Error("no db"); };\n');
    expectUsageError(cli(['--adapter', './factory.mjs'], dir), /its factory failed: no db/);
  });
  it('a describe() that throws', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'nodesc.mjs'), 'export default { describe() { throw new Error("who am i"); } };\n');
    expectUsageError(cli(['--adapter', './nodesc.mjs'], dir), /describe\(\) failed: who am i/);
  });
  it('a file that is not a module', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'adapter.txt'), 'hello');
    expectUsageError(cli(['--adapter', './adapter.txt'], dir), /expected a \.js, \.mjs, \.cjs or \.ts module/);
  });
  it('a folder without an entry', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'impl'));
    expectUsageError(cli(['--adapter', './impl'], dir), /no package.json entry and no index file/);
  });
  it('never overwrites a report.json the user made', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'reports'));
    writeFileSync(join(dir, 'reports', 'report.json'), '{"mine": true}\n');
    expectUsageError(cli(['--adapter', 'reference', '--check', 'ENV-SEED-FIXTURES', '--runs', '1'], dir), /is not a uaix-conformance report: refusing to overwrite/);
    expect(readFileSync(join(dir, 'reports', 'report.json'), 'utf8')).toBe('{"mine": true}\n');
  });
});
