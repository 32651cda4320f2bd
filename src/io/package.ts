import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package root: the folder holding package.json and spec/ (from `src/io` under vitest, `dist/src/io` when built). */
export const packageRoot: string = (() => {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'spec'))) return dir;
    dir = dirname(dir);
  }
  throw new Error('uaix-conformance: cannot find the package root (spec/ folder)');
})();

/** This package's name and version, from its package.json. */
export const TOOL: { name: string; version: string } = (() => {
  const pkg = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { name: string; version: string };
  return Object.freeze({ name: pkg.name, version: pkg.version });
})();
