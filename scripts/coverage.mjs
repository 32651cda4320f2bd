#!/usr/bin/env node
// `npm run coverage`: runs the tests under V8 coverage and reports it with c8, so that the CLI's child processes are
// covered too. It does what `c8 vitest run` does, plus one repair: c8 12 crashes on source-map
// cache entries whose URL is not a file (tsx registers `data:` URLs when an adapter is TypeScript),
// so those entries, which name no file of ours, are dropped before c8 reads the data.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = '.tmp/c8';
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const tests = spawnSync('npx', ['vitest', 'run', ...process.argv.slice(2)], { stdio: 'inherit', env: { ...process.env, NODE_V8_COVERAGE: dir } });
for (const f of readdirSync(dir)) {
  const file = join(dir, f);
  const data = JSON.parse(readFileSync(file, 'utf8'));
  const cache = data['source-map-cache'];
  if (!cache) continue;
  const foreign = Object.keys(cache).filter((url) => !url.startsWith('file:'));
  for (const url of foreign) delete cache[url];
  if (foreign.length) writeFileSync(file, JSON.stringify(data));
}
const report = spawnSync('npx', ['c8', 'report'], { stdio: 'inherit' });
process.exit(tests.status !== 0 ? (tests.status ?? 1) : (report.status ?? 1));
