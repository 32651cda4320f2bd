import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { builtModule, packageRoot } from '../../src/io/package.js';

/**
 * `builtModule`: which file a child process or worker thread of the pack loads. From the build, the
 * caller's neighbour; from the sources, the built counterpart when the build holds it, else none
 * (the caller then loads the sources through tsx); either way its bundle when the build has one.
 */
describe('builtModule', () => {
  const source = (rel: string) => pathToFileURL(join(packageRoot, rel)).href;

  it('from the sources, maps a module to its file in dist/ (npm test builds first)', () => {
    const built = builtModule(source('src/api/run.ts'), './catalog');
    expect(built).toBe(join(packageRoot, 'dist', 'src', 'api', 'catalog.js'));
    expect(existsSync(built!)).toBe(true);
  });

  it('from the build, names the neighbour, whatever the sources hold', () => {
    expect(builtModule(source('dist/src/api/run.js'), './catalog')).toBe(
      join(packageRoot, 'dist', 'src', 'api', 'catalog.js'),
    );
  });

  it('names the bundle of a module the build bundled, from the sources and from the build alike', () => {
    const entries = JSON.parse(readFileSync(join(packageRoot, 'dist', 'cli', 'entries.json'), 'utf8')) as Record<
      string,
      string
    >;
    expect(entries['dist/src/adapters/process/serve-main.js']).toBe('dist/cli/serve-main.js');
    const bundled = join(packageRoot, 'dist', 'cli', 'worker-thread.js');
    expect(builtModule(source('src/api/workers.ts'), './worker-thread')).toBe(bundled);
    expect(builtModule(source('dist/src/api/workers.js'), './worker-thread')).toBe(bundled);
    expect(builtModule(source('src/adapters/isolated.ts'), './process/serve-main')).toBe(
      join(packageRoot, 'dist', 'cli', 'serve-main.js'),
    );
  });

  it('names nothing for a module the build does not hold, or one outside the package', () => {
    expect(builtModule(source('src/api/workers.ts'), './no-such-module')).toBeUndefined();
    expect(builtModule(pathToFileURL(join(packageRoot, '..', 'elsewhere', 'x.ts')).href, './y')).toBeUndefined();
  });
});
