import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, sep } from 'node:path';
import type { BuildStamp } from '../engine/stamp.js';
import { packageRoot, TOOL } from './package.js';

/** Where the build writes its stamp (and where an installed package finds it). */
export const BUILD_STAMP_FILE = join('dist', 'build-stamp.json');

/**
 * The source folders whose code makes and judges the cases: the suites, the generators, the engine,
 * the spec layer and the contract, the bundled spec data and the seeds' fixtures. A change in any
 * of them may change the cases or the verdicts of a seed, so it changes the stamp.
 */
const CODE: readonly { dir: string; keep: (file: string) => boolean }[] = [
  { dir: 'suites', keep: (f) => f.endsWith('.ts') },
  { dir: 'generators', keep: (f) => f.endsWith('.ts') },
  { dir: join('src', 'engine'), keep: (f) => f.endsWith('.ts') },
  { dir: join('src', 'spec'), keep: (f) => f.endsWith('.ts') },
  { dir: join('src', 'contract'), keep: (f) => f.endsWith('.ts') },
  { dir: 'spec', keep: (f) => f.endsWith('.json') },
  { dir: join('fixtures', 'seeds'), keep: (f) => f.endsWith('.json') },
];

/**
 * The code digest over the sources under `root`, file by file in path order, with the version of
 * fast-check (which draws the cases). Computed at build time by `scripts/build-stamp.mjs`.
 */
export function codeDigest(root: string = packageRoot): string {
  const h = createHash('sha256');
  const walk = (dir: string, keep: (f: string) => boolean) => {
    if (!existsSync(dir)) return;
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const full = join(dir, e.name);
      if (e.isDirectory()) walk(full, keep);
      else if (keep(e.name) && !e.name.endsWith('.d.ts')) h.update(`\n${relative(root, full).split(sep).join('/')}\n`).update(readFileSync(full));
    }
  };
  for (const c of CODE) walk(join(root, c.dir), c.keep);
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
  const stamp: BuildStamp = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as BuildStamp) : { version: TOOL.version, code: codeDigest(root) };
  if (root === packageRoot) cached = stamp;
  return stamp;
}
