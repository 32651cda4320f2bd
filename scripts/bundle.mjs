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
import { build } from 'esbuild';
import { readFile, rm } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'dist', 'cli');
const ENTRIES = ['dist/src/cli/main.js', 'dist/src/cli/io.js', 'dist/src/cli/uas-verify.js'];

/** esbuild plugin: `import.meta.url` in a compiled module of ours names that module's file, not the bundle's. */
const ownAddress = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /[\\/]dist[\\/].*\.js$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const fromBundle = relative(outdir, args.path).split('\\').join('/');
      return { contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`), loader: 'js' };
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
  banner: { js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);" },
  plugins: [ownAddress],
  logLevel: 'warning',
});
