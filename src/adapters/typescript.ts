import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire, isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, extname, isAbsolute, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * How a TypeScript adapter module is loaded, in the order they are tried:
 * - `node`: Node's own type stripping (`process.features.typescript`, Node 22.18 and later), which
 *   costs nothing, but reads only erasable syntax and does not map the `./x.js` imports of NodeNext
 *   sources to their `./x.ts` files. A module it cannot read goes to the next loader.
 * - `esbuild`: the adapter's own files bundled into one module by esbuild (installed beside the
 *   pack, usually as tsx's dependency), its packages imported from where they are installed. About
 *   a tenth of tsx's start, and it leaves every later import of the run alone.
 * - `tsx`: tsx's loader, last: its module hooks run in a thread of their own and see every import
 *   made after it, for the rest of the run. It also reads what a bundle cannot (a `require` of a
 *   package from CommonJS TypeScript).
 */
export type TypeScriptLoader = 'node' | 'esbuild' | 'tsx';

/** The oldest esbuild the `esbuild` loader uses (its plugins' `resolve`); an older one is passed over. */
const OLDEST_ESBUILD = [0, 17];

/** Where a package's entry lies, resolved from this module's own location (undefined when not installed). */
function resolveFromHere(name: string, from: string = import.meta.url): string | undefined {
  try {
    return createRequire(from).resolve(name);
  } catch {
    return undefined;
  }
}

/** What `typeScriptLoaders` looks at: which packages resolve, and what this Node can do. */
export interface LoaderProbe {
  /** The path of `tsx/package.json`, or undefined. */
  tsx: () => string | undefined;
  /** The path of esbuild's entry, or undefined. */
  esbuild: () => string | undefined;
  features: { typescript?: unknown };
}

/** esbuild beside the pack, else the one tsx depends on (a strict layout keeps it under tsx). */
function findEsbuild(): string | undefined {
  const tsx = resolveFromHere('tsx/package.json');
  return (
    resolveFromHere('esbuild') ?? (tsx === undefined ? undefined : resolveFromHere('esbuild', pathToFileURL(tsx).href))
  );
}

const PROBE: LoaderProbe = {
  tsx: () => resolveFromHere('tsx/package.json'),
  esbuild: findEsbuild,
  features: process.features as { typescript?: unknown },
};

/** The loaders this installation has, in the order they are tried (see `TypeScriptLoader`). */
export function typeScriptLoaders(probe: LoaderProbe = PROBE): TypeScriptLoader[] {
  const loaders: TypeScriptLoader[] = [];
  if (probe.features.typescript) loaders.push('node');
  if (probe.esbuild() !== undefined) loaders.push('esbuild');
  if (probe.tsx() !== undefined) loaders.push('tsx');
  return loaders;
}

/** The line for a TypeScript adapter no loader can run: what to install, or what to do instead. */
export function noTypeScriptLoader(spec: string): string {
  return `cannot load adapter ${spec}: it is TypeScript and tsx is not installed (npm i -D tsx), and this Node (${process.version}) does not strip types; or compile the adapter to JavaScript and name the .js file`;
}

/** No loader for a TypeScript adapter: its message is the whole line, never prefixed again. */
export class TypeScriptUnavailable extends Error {}

/**
 * A loader could not read this module for a reason of its own, before any of the module's code
 * ran; the next loader gets it. Any other failure (a syntax error, a missing file, the module's own
 * code throwing) is the adapter's and is reported as it is.
 */
class NotForThisLoader extends Error {}

/** Node's errors for a module its type stripping cannot read (raised while linking, before any code runs). */
const NODE_CANNOT_READ = new Set([
  'ERR_UNSUPPORTED_TYPESCRIPT_SYNTAX',
  'ERR_MODULE_NOT_FOUND',
  'ERR_UNSUPPORTED_NODE_MODULES_TYPE_STRIPPING',
  'ERR_UNKNOWN_FILE_EXTENSION',
  'ERR_INVALID_TYPESCRIPT_SYNTAX',
]);

/** How each loader imports a module; `last` says whether another loader would come after it. */
export type Importers = Record<TypeScriptLoader, (file: string, last: boolean) => Promise<Record<string, unknown>>>;

/**
 * Imports a TypeScript module through the first of `loaders` that can read it. Throws
 * `TypeScriptUnavailable` when there is no loader, and the last loader's error when none could.
 */
export async function importTypeScript(
  file: string,
  spec: string,
  loaders: TypeScriptLoader[] = typeScriptLoaders(),
  importers: Importers = TYPESCRIPT_IMPORTERS,
): Promise<Record<string, unknown>> {
  if (loaders.length === 0) throw new TypeScriptUnavailable(noTypeScriptLoader(spec));
  for (let i = 0; ; i++) {
    try {
      return await importers[loaders[i]!](file, i === loaders.length - 1);
    } catch (e) {
      const cannotRead =
        e instanceof NotForThisLoader ||
        (loaders[i] === 'node' && NODE_CANNOT_READ.has((e as { code?: unknown } | null)?.code as string));
      if (!cannotRead || i === loaders.length - 1) throw e;
    }
  }
}

/** The importers `importTypeScript` uses. */
export const TYPESCRIPT_IMPORTERS: Readonly<Importers> = {
  node: async (file) => (await import(pathToFileURL(file).href)) as Record<string, unknown>,
  esbuild: importBundled,
  tsx: async (file) => {
    const { tsImport } = await import('tsx/esm/api');
    return (await tsImport(pathToFileURL(file).href, import.meta.url)) as Record<string, unknown>;
  },
};

/** The few members of esbuild's API the `esbuild` loader uses (its types are not a dependency of the package). */
interface Esbuild {
  version: string;
  build(options: Record<string, unknown>): Promise<{ outputFiles: { text: string }[] }>;
  /** Ends esbuild's service process (it starts again on the next call, should the adapter use esbuild itself). */
  stop?(): void | Promise<void>;
}
interface PluginBuild {
  onResolve(o: { filter: RegExp }, f: (a: ResolveArgs) => Promise<unknown>): void;
  onLoad(o: { filter: RegExp }, f: (a: { path: string }) => Promise<unknown>): void;
  resolve(path: string, o: Record<string, unknown>): Promise<{ path: string; errors: unknown[] }>;
}
interface ResolveArgs {
  path: string;
  kind: string;
  importer: string;
  resolveDir: string;
  pluginData?: unknown;
}

/** Marks the resolutions the plugin asks esbuild for itself, so that it does not see them again. */
const OWN = Symbol('own resolution');

/** The esbuild loader for an extension: `.mts` and `.cts` read as `.ts`, `.mjs` and `.cjs` as `.js`. */
const loaderOf = (path: string) => extname(path).replace(/^\.[cm]?/, '');

/**
 * Resolves a module at run time from its own place: `import.meta.resolve`, or `import()` of a
 * computed name (esbuild bundles `import()` of a literal, and of a literal prefix joined to the
 * rest). In a bundle loaded from a temporary file, either would resolve from that file.
 */
const RESOLVES_AT_RUN_TIME = /\bimport\.meta\.resolve\b|\bimport\s*\(\s*(?![\s'"`])/;

/**
 * The adapter's own files as one ES module: every file it imports by a relative or absolute path
 * is bundled, with `import.meta.url`, `import.meta.filename` and `import.meta.dirname` naming that
 * file; every package and built-in module stays an import, of the file Node's resolution (as
 * esbuild follows it from the importing file) finds. What a bundle cannot keep is the next
 * loader's (`NotForThisLoader`): a `require` of a package or built-in, which an ES module has no
 * means for, and, when there is a next loader, a file that resolves modules at run time.
 */
function bundlePlugin(last: boolean) {
  return {
    name: 'uaix-adapter-bundle',
    setup(b: PluginBuild) {
      b.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData === OWN || isAbsolute(args.path)) return undefined;
        if (args.kind === 'require-call' || args.kind === 'require-resolve')
          throw new NotForThisLoader(
            `${args.importer} requires ${args.path}, which only tsx can load from TypeScript (npm i -D tsx)`,
          );
        if (isBuiltin(args.path)) return { path: args.path, external: true };
        const found = await b.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: OWN,
        });
        if (found.errors.length > 0) return { errors: found.errors };
        return { path: pathToFileURL(found.path).href, external: true };
      });
      b.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async (args) => {
        const own: Record<string, string> = {
          url: pathToFileURL(args.path).href,
          filename: args.path,
          dirname: dirname(args.path),
        };
        const text = await readFile(args.path, 'utf8');
        if (!last && RESOLVES_AT_RUN_TIME.test(text))
          throw new NotForThisLoader(`${args.path} resolves modules at run time`);
        return {
          contents: text.replace(/\bimport\.meta\.(url|filename|dirname)\b/g, (_, k: string) => JSON.stringify(own[k])),
          loader: loaderOf(args.path),
        };
      });
    },
  };
}

/**
 * The `esbuild` loader: bundles the adapter's files (`bundlePlugin`) with a source map, so that a
 * stack names the adapter's own files and lines, and imports the bundle from a temporary file,
 * removed once it is loaded.
 */
async function importBundled(file: string, last: boolean): Promise<Record<string, unknown>> {
  const where = findEsbuild();
  const loaded =
    where === undefined ? undefined : ((await import(pathToFileURL(where).href)) as { default?: Esbuild } & Esbuild);
  const esbuild = loaded?.default ?? loaded;
  const version = (esbuild?.version ?? '0').split('.').map(Number);
  if (
    !esbuild ||
    version[0]! < OLDEST_ESBUILD[0]! ||
    (version[0] === OLDEST_ESBUILD[0] && version[1]! < OLDEST_ESBUILD[1]!)
  )
    throw new NotForThisLoader('no usable esbuild');
  const dir = dirname(file);
  let text: string;
  try {
    const out = await esbuild.build({
      entryPoints: [file],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      target: `node${process.versions.node}`,
      logLevel: 'silent',
      absWorkingDir: dir,
      outdir: dir,
      sourcemap: 'inline',
      sourcesContent: false,
      sourceRoot: `${pathToFileURL(dir).href}/`,
      plugins: [bundlePlugin(last)],
    });
    text = out.outputFiles[0]!.text;
  } catch (e) {
    // A plugin's throw reaches here as the build's error, with the original as its detail.
    const detail = (e as { errors?: { detail?: unknown }[] }).errors?.find(
      (x) => x.detail instanceof NotForThisLoader,
    )?.detail;
    throw detail ?? e;
  } finally {
    await esbuild.stop?.();
  }
  process.setSourceMapsEnabled(true);
  const tmp = mkdtempSync(join(tmpdir(), 'uaix-adapter-'));
  try {
    const bundled = join(tmp, `${basename(file, extname(file))}.mjs`);
    writeFileSync(bundled, text);
    return (await import(pathToFileURL(bundled).href)) as Record<string, unknown>;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
