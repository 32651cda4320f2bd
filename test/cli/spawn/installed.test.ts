import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, root } from '../../helpers/built.js';

/**
 * The package as a user gets it: `npm pack` (of the build `npm test` made), installed into an
 * empty folder, then the first commands of the README run from that folder with the installed
 * bins. Nothing here reads the repository's sources.
 */
let app: string;
let work: string;

const run = (bin: string, args: string[], cwd = app): SpawnSyncReturns<string> =>
  spawnSync(process.execPath, [join(app, 'node_modules', 'uaix-conformance', 'bin', `${bin}.js`), ...args], {
    cwd,
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, CI: 'true', NO_COLOR: '1' },
  });

beforeAll(() => {
  ensureBuilt();
  work = mkdtempSync(join(tmpdir(), 'uaix-installed-'));
  const pack = spawnSync('npm', ['pack', '--ignore-scripts', '--pack-destination', work], {
    cwd: root,
    encoding: 'utf8',
  });
  expect(pack.status, pack.stderr).toBe(0);
  const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'))!;
  app = join(work, 'app');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'my-impl', private: true, type: 'module' }));
  // --prefer-offline: CI has just installed the same exact versions (npm ci), so the cache has them.
  const install = spawnSync(
    'npm',
    ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', join(work, tarball)],
    { cwd: app, encoding: 'utf8' },
  );
  expect(install.status, install.stderr).toBe(0);
}, 300_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the installed package, from an empty folder', () => {
  it('installs no TypeScript toolchain (tsx is an optional peer)', () => {
    expect(existsSync(join(app, 'node_modules', 'tsx'))).toBe(false);
    expect(existsSync(join(app, 'node_modules', 'esbuild'))).toBe(false);
  });

  it('init writes a starter; doctor finds nothing wrong; a run of it judges nothing and says so (exit 4)', () => {
    const init = run('uaix-conformance', ['init', '--lang', 'js', 'adapter']);
    expect(init.status, init.stderr).toBe(0);
    const file = readdirSync(join(app, 'adapter')).find((f) => f.endsWith('.mjs'))!;
    const doctor = run('uaix-conformance', ['doctor', '--adapter', `./adapter/${file}`]);
    expect(doctor.status, doctor.stdout + doctor.stderr).toBe(0);
    const empty = run('uaix-conformance', [
      '--adapter',
      `./adapter/${file}`,
      '--runs',
      '5',
      '--seed',
      '1',
      '--no-reports',
    ]);
    expect(empty.status, empty.stderr).toBe(4);
    expect(empty.stdout).toMatch(/\d+ checks: 0 passed, 0 failed, 0 errored, \d+ skipped/);
  });

  it('runs the bundled reference and writes every report', () => {
    const r = run('uaix-conformance', [
      '--adapter',
      'reference',
      '--suite',
      'envelope,wire',
      '--runs',
      '5',
      '--seed',
      '1',
      '--out',
      'reports',
    ]);
    expect(r.status, r.stderr).toBe(0);
    for (const f of ['report.json', 'junit.xml', 'report.html', 'summary.md', 'badge.json'])
      expect(existsSync(join(app, 'reports', f)), f).toBe(true);
  });

  it('uas-verify verifies the shipped example pair, and finds the drifted one', () => {
    const fixtures = join(app, 'node_modules', 'uaix-conformance', 'fixtures', 'uas');
    const good = run('uas-verify', [
      '--source',
      join(fixtures, 'raw_input.txt'),
      '--artifact',
      join(fixtures, 'compiled.xml'),
    ]);
    expect({ status: good.status, stdout: good.stdout }).toEqual({
      status: 0,
      stdout: 'valid: the artifact is hash-locked to the source\n',
    });
    const drifted = run('uas-verify', [
      '--source',
      join(fixtures, 'raw_input.txt'),
      '--artifact',
      join(fixtures, 'drifted.xml'),
      '--json',
    ]);
    expect(drifted.status).toBe(1);
    expect(JSON.parse(drifted.stdout).findings.map((f: { checkId: string }) => f.checkId)).toEqual(['VAL-VERBATIM']);
    expect(run('uas-verify', ['--version']).stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('a TypeScript adapter without tsx is one line saying what to install (exit 2)', () => {
    writeFileSync(join(app, 'my-impl.ts'), "export default { describe: () => ({ name: 'x', version: '1' }) };\n");
    for (const extra of [[], ['--in-process']]) {
      const r = run('uaix-conformance', ['--adapter', './my-impl.ts', '--runs', '5', '--no-reports', ...extra]);
      expect(r.status, r.stderr).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(
        /^uaix-conformance: cannot load adapter \.\/my-impl\.ts: it is TypeScript and tsx is not installed \(npm i -D tsx\)/,
      );
    }
  });
});
