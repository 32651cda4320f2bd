import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const root = join(import.meta.dirname, '..', '..');

function newestSource(): number {
  let newest = 0;
  for (const dir of ['src', 'suites', 'generators']) {
    for (const f of readdirSync(join(root, dir), { recursive: true }) as string[]) {
      if (f.endsWith('.ts')) newest = Math.max(newest, statSync(join(root, dir, f)).mtimeMs);
    }
  }
  return newest;
}

/**
 * Builds dist/ when the compiled CLIs these tests start (and their bundle, dist/cli/) are missing or
 * older than the sources. `npm test` builds first, so in CI this is a no-op and two test files never
 * compile at once.
 */
export function ensureBuilt(): void {
  const outputs = [
    'dist/src/cli/main.js',
    'dist/src/cli/uas-verify.js',
    'dist/src/adapters/process/index.js',
    'dist/cli/main.js',
    'dist/cli/uas-verify.js',
  ].map((f) => join(root, f));
  const oldest = Math.min(...outputs.map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0)));
  if (oldest >= newestSource()) return;
  // Other parts of the tree may be mid-edit: emit what compiles (tsc emits despite type errors).
  spawnSync(
    process.execPath,
    [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(root, 'tsconfig.json')],
    { stdio: 'ignore' },
  );
  spawnSync(process.execPath, [join(root, 'scripts', 'bundle.mjs')], { stdio: 'ignore' });
}
