#!/usr/bin/env node
// `npm run build`, last step: the two command lines as a few bundled files under dist/cli/ (esbuild),
// so that a start of `uaix-conformance` or `uas-verify` resolves, reads and compiles a handful of
// modules instead of some two hundred of ours and of the dependencies (issue 16: start-up). The
// bundle is split at the CLI's lazy imports (each command, each suite), so `--version` still loads
// only what it uses.
//
// The compiled modules stay in dist/ beside it, and some are still loaded by path: the worker
// threads and adapter processes started from the build, the precompiled validators, the package's
// data files. Code that finds such files from its own `import.meta.url` keeps finding them: in the
// bundle, each module's `import.meta.url` is the address of its compiled file in dist/, computed
// from the bundle's own address.
//
// The bundle has source maps back to the TypeScript sources (esbuild follows the maps tsc wrote), so
// that the CLI's coverage in child processes (`npm run coverage`) counts for src/, and a stack with
// --enable-source-maps names our files. The other parts of the bundle map to nothing: the
// dependencies (the package ships no copy of their sources to point at) and the JSON data inlined.
import { decode, encode } from '@jridgewell/sourcemap-codec';
import { build } from 'esbuild';
import { existsSync } from 'node:fs';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'dist', 'cli');
// The command lines, and the modules the pack starts by path in a worker thread or a child process
// (`builtModule`, src/io/package.ts, finds them through dist/cli/entries.json).
const ENTRIES = [
  'dist/src/cli/main.js',
  'dist/src/cli/io.js',
  'dist/src/cli/uas-verify.js',
  'dist/src/api/worker-thread.js',
  'dist/src/adapters/process/serve-main.js',
];
// Only the package's own dependencies go into the bundle. What loads TypeScript adapters (tsx, a
// peer dependency, and esbuild, which tsx brings) is the user's install, imported from where it
// lies: bundled, tsx would look for its loader and esbuild for its binary beside the bundle, and
// find neither.
const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
const external = [...Object.keys(pkg.peerDependencies ?? {}), 'esbuild'].flatMap((name) => [name, `${name}/*`]);

/** esbuild plugin: `import.meta.url` in a compiled module of ours names that module's file, not the bundle's. */
const ownAddress = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /[\\/]dist[\\/].*\.js$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const fromBundle = relative(outdir, args.path).split('\\').join('/');
      return {
        contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`),
        loader: 'js',
      };
    });
  },
};

await rm(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: ENTRIES,
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Chunk names carry a hash of their content: the same sources give the same files.
  entryNames: '[name]',
  chunkNames: 'chunk-[hash]',
  // The dependencies written as CommonJS (ajv) call `require`, which an ES module has not.
  banner: {
    js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
  },
  external,
  plugins: [ownAddress],
  sourcemap: 'linked',
  sourcesContent: false,
  logLevel: 'warning',
});

/** One of our TypeScript sources (a dependency's map may name a `.ts` of its own, which esbuild keeps). */
const ours = (path) =>
  path.endsWith('.ts') &&
  ['src', 'suites', 'generators'].some((d) => !relative(join(root, d), path).startsWith('..')) &&
  existsSync(path);

/** Drops from one source map every segment, and every source, that is not one of our TypeScript sources. */
async function withoutDependencies(file) {
  const map = JSON.parse(await readFile(file, 'utf8'));
  const kept = new Map();
  map.sources.forEach((source, i) => {
    if (ours(join(dirname(file), source))) kept.set(i, kept.size);
  });
  if (kept.size === map.sources.length) return;
  const lines = decode(map.mappings).map((segments) =>
    segments
      .filter((seg) => seg.length === 1 || kept.has(seg[1]))
      .map((seg) => (seg.length === 1 ? seg : [seg[0], kept.get(seg[1]), ...seg.slice(2)])),
  );
  map.sources = map.sources.filter((_, i) => kept.has(i));
  map.mappings = encode(lines);
  await writeFile(file, JSON.stringify(map));
}

for (const f of await readdir(outdir)) if (f.endsWith('.js.map')) await withoutDependencies(join(outdir, f));

// Which compiled module each entry bundles, package-relative: written last, so that a bundle cut
// short by an error is never named.
const entries = Object.fromEntries(ENTRIES.map((e) => [e, `dist/cli/${e.split('/').pop()}`]));
await writeFile(join(outdir, 'entries.json'), `${JSON.stringify(entries, null, 2)}\n`);
