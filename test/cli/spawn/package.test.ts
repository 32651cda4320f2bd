import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, root } from '../../helpers/built.js';

/** Every file below `dir`, relative to the package root, with forward slashes. */
const filesUnder = (dir: string): string[] =>
  (
    readdirSync(join(root, dir), { recursive: true, withFileTypes: true }) as {
      name: string;
      parentPath: string;
      isFile(): boolean;
    }[]
  )
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join('/'));

let packed: Set<string>;

beforeAll(() => {
  ensureBuilt();
  // --ignore-scripts: no `prepare` rebuild while other test files run the built CLI.
  const r = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  packed = new Set((JSON.parse(r.stdout) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path));
}, 120_000);

describe('the published package', () => {
  it('holds everything the two commands read at run time', () => {
    // The compiled code (the span helper's worker included), the spec data users override, the
    // schemas the harness validates with, and the seed fixtures the suites replay.
    for (const dir of [
      'bin',
      'dist/src',
      'dist/suites',
      'dist/generators',
      'dist/spec',
      'dist/schemas',
      'dist/fixtures',
      'spec',
      'schemas',
      'fixtures/seeds',
    ]) {
      const missing = filesUnder(dir).filter((f) => !packed.has(f));
      expect(missing, dir).toEqual([]);
    }
    expect(packed.has('dist/src/reference/uas/span-hash-worker.js')).toBe(true);
    expect(packed.has('dist/build-stamp.json')).toBe(true);
    expect(packed.has('dist/catalog-listing.json')).toBe(true);
  });

  it('leaves out tests, benchmarks and sources of our own tooling', () => {
    const stray = [...packed].filter((f) => /^(test|bench|dist\/bench|dist\/test|scripts|reports|\.ci)\//.test(f));
    expect(stray).toEqual([]);
  });
});
