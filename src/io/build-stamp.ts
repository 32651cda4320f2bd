import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, sep } from 'node:path';
import { canonicalize } from 'json-canonicalize';
import type { BuildStamp } from '../engine/stamp.js';
import { packageRoot, TOOL } from './package.js';

/** Where the build writes its stamp (and where an installed package finds it). */
export const BUILD_STAMP_FILE = join('dist', 'build-stamp.json');

/**
 * How a stamped file enters the digest: what it does, not how it is written. TypeScript is reduced
 * to its JavaScript with every comment, type and layout choice gone (esbuild, whitespace minified,
 * names kept); JSON to its canonical form (RFC 8785). A comment, a type annotation or a reformatting
 * therefore leaves the stamp, and with it every committed report, unchanged.
 */
type Reduce = (text: string, file: string) => string;

/** esbuild's `transformSync`, loaded on first use (a dev dependency: only a build or a source tree computes a digest). */
let transform: ((code: string, options: Record<string, unknown>) => { code: string }) | undefined;

const behaviourOfTs: Reduce = (text, file) => {
  transform ??= (createRequire(import.meta.url)('esbuild') as { transformSync: NonNullable<typeof transform> })
    .transformSync;
  return transform(text, {
    loader: 'ts',
    format: 'esm',
    target: 'es2022',
    minifyWhitespace: true,
    legalComments: 'none',
    sourcefile: file,
  }).code;
};

const behaviourOfJson: Reduce = (text) => canonicalize(JSON.parse(text));

/**
 * The source folders whose code makes and judges the cases: the suites, the generators, the engine,
 * the spec layer and the contract, the bundled spec data and the seeds' fixtures. A change of
 * behaviour in any of them may change the cases or the verdicts of a seed, so it changes the stamp.
 */
const CODE: readonly { dir: string; ext: string; reduce: Reduce }[] = [
  { dir: 'suites', ext: '.ts', reduce: behaviourOfTs },
  { dir: 'generators', ext: '.ts', reduce: behaviourOfTs },
  { dir: join('src', 'engine'), ext: '.ts', reduce: behaviourOfTs },
  { dir: join('src', 'spec'), ext: '.ts', reduce: behaviourOfTs },
  { dir: join('src', 'contract'), ext: '.ts', reduce: behaviourOfTs },
  { dir: 'spec', ext: '.json', reduce: behaviourOfJson },
  { dir: join('fixtures', 'seeds'), ext: '.json', reduce: behaviourOfJson },
];

/**
 * The code digest over the sources under `root`, file by file in path order, each reduced to its
 * behaviour (see `Reduce`), with the version of fast-check (which draws the cases). Computed at
 * build time by `scripts/build-stamp.mjs`.
 */
export function codeDigest(root: string = packageRoot): string {
  const h = createHash('sha256');
  const walk = (dir: string, ext: string, reduce: Reduce) => {
    if (!existsSync(dir)) return;
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    )) {
      const full = join(dir, e.name);
      if (e.isDirectory()) walk(full, ext, reduce);
      else if (e.name.endsWith(ext) && !e.name.endsWith('.d.ts')) {
        const name = relative(root, full).split(sep).join('/');
        h.update(`\n${name}\n`).update(reduce(readFileSync(full, 'utf8'), name));
      }
    }
  };
  for (const c of CODE) walk(join(root, c.dir), c.ext, c.reduce);
  const fastCheck = (createRequire(import.meta.url)('fast-check/package.json') as { version: string }).version;
  h.update(`\nfast-check@${fastCheck}`);
  return `sha256:${h.digest('hex')}`;
}

let cached: BuildStamp | undefined;

/**
 * The build stamp: read from `dist/build-stamp.json` (written at build time, shipped in the
 * package), so that a run from `dist/` and a run from the sources of the same build agree. Without a
 * build (sources only) it is computed from the sources, as the build would.
 */
export function readBuildStamp(root: string = packageRoot): BuildStamp {
  if (cached && root === packageRoot) return cached;
  const file = join(root, BUILD_STAMP_FILE);
  const stamp: BuildStamp = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as BuildStamp)
    : { version: TOOL.version, code: codeDigest(root) };
  if (root === packageRoot) cached = stamp;
  return stamp;
}
