import { ensureBuilt } from './helpers/built.js';

/**
 * Once before any test file: the build in dist/ is current. Runs from the sources start their
 * adapter processes and worker threads from it (`builtModule`, src/io/package.ts), and the spawned
 * CLIs are the build; `npm test` builds first, so this is a no-op there, and a test run alone after
 * an edit rebuilds instead of judging a stale build.
 */
export default function setup(): void {
  ensureBuilt();
}
