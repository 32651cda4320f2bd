#!/usr/bin/env node
// `npm run coverage`: runs the tests under V8 coverage and reports it with c8, so that the CLI's child processes are
// covered too. It does what `c8 vitest run` does, plus one repair: c8 12 crashes on source-map
// cache entries whose URL is not a file (tsx registers `data:` URLs when an adapter is TypeScript),
// so those entries, which name no file of ours, are dropped before c8 reads the data. And the
// spawned CLIs run the bundle (dist/cli/, scripts/bundle.mjs), whose source maps lead back to our
// sources; a chunk of the bundle that holds only dependencies maps to none of them, and would be
// reported as a file of its own: its coverage is dropped too.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The file URLs of the bundle's chunks that map to no source of ours. */
function dependencyChunks() {
  const dir = resolve('dist/cli');
  if (!existsSync(dir)) return new Set();
  const urls = new Set();
  for (const f of readdirSync(dir)) {
    if (!f.endsWith('.js.map')) continue;
    if (JSON.parse(readFileSync(join(dir, f), 'utf8')).sources.length === 0)
      urls.add(pathToFileURL(join(dir, f.slice(0, -'.map'.length))).href);
  }
  return urls;
}

const dir = '.tmp/c8';
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const tests = spawnSync('npx', ['vitest', 'run', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, NODE_V8_COVERAGE: dir },
});
const dependencies = dependencyChunks();
for (const f of readdirSync(dir)) {
  const file = join(dir, f);
  const data = JSON.parse(readFileSync(file, 'utf8'));
  const cache = data['source-map-cache'] ?? {};
  const foreign = Object.keys(cache).filter((url) => !url.startsWith('file:'));
  for (const url of foreign) delete cache[url];
  const scripts = data.result.length;
  data.result = data.result.filter((script) => !dependencies.has(script.url));
  if (foreign.length || data.result.length !== scripts) writeFileSync(file, JSON.stringify(data));
}
const report = spawnSync('npx', ['c8', 'report'], { stdio: 'inherit' });
process.exit(tests.status !== 0 ? (tests.status ?? 1) : (report.status ?? 1));
