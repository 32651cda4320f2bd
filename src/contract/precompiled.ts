import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Validators compiled at build time. Compiling a JSON Schema with ajv costs tens to hundreds of
 * milliseconds each (the fifteen envelope profiles take more than a second together), which is
 * most of a short run's start-up and a large part of every test file's. The build
 * (`scripts/validators.mjs`) writes ajv's standalone code of the schemas the bundled spec makes
 * into `dist/validators/<key>.cjs`, the key a digest of the schema and of how it is compiled.
 * At run time a validator whose key has a file is loaded from it; any other (a `--spec-dir`
 * override changes the schema, so its key) is compiled as before. A stale file cannot be used:
 * its key would name another schema.
 */

/** The build's folder: `dist` of this package, from the build or from the sources. */
const DIST: string | undefined = (() => {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++, dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return join(dir, 'dist');
  }
  return undefined;
})();

/** The folder of precompiled validators: `dist/validators` of this package. */
const FOLDER: string | undefined = DIST === undefined ? undefined : join(DIST, 'validators');

const load = createRequire(import.meta.url);

/** The key of a schema compiled one way (`flavour` names the ajv options and formats): a digest of both. */
export function validatorKey(flavour: string, schema: unknown): string {
  return createHash('sha256')
    .update(`${flavour}\n${JSON.stringify(schema)}`)
    .digest('hex')
    .slice(0, 32);
}

/** The precompiled module of `key` (a validate function, or an object of named ones), when the build wrote it. */
export function precompiled<T>(key: string): T | undefined {
  if (FOLDER === undefined) return undefined;
  const file = join(FOLDER, `${key}.cjs`);
  return existsSync(file) ? (load(file) as T) : undefined;
}

/** Where the build writes a precompiled module (the build script's half of the contract). */
export function precompiledFile(root: string, key: string): string {
  return join(root, 'dist', 'validators', `${key}.cjs`);
}

/**
 * The validators of schemas compiled together into one precompiled module (`key`, one export per
 * name): the build's, else `compile(name)`'s, asked for on first use. Each name is looked up once,
 * and the module read once, on the first name asked for.
 */
export function precompiledSet<V>(key: string, compile: (name: string) => V): (name: string) => V {
  let built: Record<string, V> | null | undefined;
  const known = new Map<string, V>();
  return (name) => {
    let v = known.get(name);
    if (v !== undefined) return v;
    if (built === undefined) built = precompiled<Record<string, V>>(key) ?? null;
    v = (built !== null && Object.hasOwn(built, name) ? built[name] : undefined) ?? compile(name);
    known.set(name, v);
    return v;
  };
}

/** Where the build writes a table of data (`name`, a file name) that runs read instead of computing it. */
export function builtTableFile(root: string, name: string): string {
  return join(root, 'dist', 'tables', name);
}

/** The text of the build's table `name`, when the build wrote it. */
export function builtTable(name: string): string | undefined {
  if (DIST === undefined) return undefined;
  const file = join(DIST, 'tables', name);
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}
