import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
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

/**
 * The built file of one of this package's modules (`sibling`, a path without extension relative to
 * `importer`, the caller's `import.meta.url`), for a child process or worker thread that the caller
 * starts. From the build, the caller's neighbour. From the sources (tests, tsx), the file the build
 * made of it (`src/adapters/process/serve-main.ts` gives `dist/src/adapters/process/serve-main.js`)
 * when it exists: a child that loads the build starts in a fraction of the time a TypeScript loader
 * takes to compile the sources again, and its V8 coverage maps back to the sources as a spawned
 * CLI's does. Either way, the bundle of that file in dist/cli/ when the build bundled it (see
 * `bundledEntry`). Undefined when the sources have no build beside them: the caller loads the
 * sources. (`npm test` builds first, and vitest's global setup rebuilds a stale build: `test/helpers/built.ts`.)
 */
export function builtModule(importer: string, sibling: string): string | undefined {
  const from = fileURLToPath(importer);
  const built = from.endsWith('.js')
    ? fileURLToPath(new URL(`${sibling}.js`, importer))
    : compiledFromSources(fileURLToPath(new URL(`${sibling}.ts`, importer)));
  return built === undefined ? undefined : (bundledEntry(built) ?? built);
}

/** The file the build compiled a source into, when the build holds it. */
function compiledFromSources(source: string): string | undefined {
  const rel = relative(packageRoot, source);
  if (rel.startsWith('..')) return undefined;
  const built = join(packageRoot, 'dist', `${rel.slice(0, -'.ts'.length)}.js`);
  return existsSync(built) ? built : undefined;
}

let entries: Record<string, string> | null | undefined;

/**
 * The bundle of a compiled module (`dist/cli/entries.json`, written by scripts/bundle.mjs) when it
 * has one: a thread or child that loads it compiles a few files instead of some two hundred.
 */
function bundledEntry(built: string): string | undefined {
  if (entries === undefined) {
    const file = join(packageRoot, 'dist', 'cli', 'entries.json');
    entries = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : null;
  }
  const bundled = entries?.[relative(packageRoot, built).split('\\').join('/')];
  return bundled !== undefined && existsSync(join(packageRoot, bundled)) ? join(packageRoot, bundled) : undefined;
}
