import { readFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Spec decisions live as JSON data in `spec/` at the package root, so that users can read them and
 * override them: a file of the same name in the folder named by `UAIX_SPEC_DIR` (or the CLI's
 * `--spec-dir`) replaces the bundled one, key by key at the top level.
 */
const here = dirname(fileURLToPath(import.meta.url));

/** The package root (works from `src/core` under vitest and from `dist/src/core` when built). */
export const packageRoot: string = (() => {
  let dir = here;
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'spec'))) return dir;
    dir = dirname(dir);
  }
  throw new Error('uaix-conformance: cannot find the package root (spec/ folder)');
})();

const cache = new Map<string, unknown>();
let overrideDir: string | undefined = process.env.UAIX_SPEC_DIR;

/** Sets (or clears) the folder whose JSON files override the bundled spec data. Clears the cache. */
export function setSpecOverrideDir(dir: string | undefined): void {
  overrideDir = dir === undefined ? undefined : resolve(dir);
  cache.clear();
}

/** Loads `spec/<name>.json`, merged with an override of the same name when one is set. */
export function loadSpecData<T = any>(name: string): T {
  const hit = cache.get(name);
  if (hit !== undefined) return hit as T;
  const base = JSON.parse(readFileSync(join(packageRoot, 'spec', `${name}.json`), 'utf8')) as Record<string, unknown>;
  let merged: Record<string, unknown> = base;
  if (overrideDir) {
    const file = join(overrideDir, `${name}.json`);
    if (existsSync(file)) merged = { ...base, ...(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) };
  }
  cache.set(name, merged);
  return merged as T;
}
