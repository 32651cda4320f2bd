import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Worker threads write their V8 coverage where c8 reads it (forked workers are killed before they flush).
    pool: 'threads',
    // Many tests wait on child processes (the CLI, adapters, Chromium): more workers than cores keeps both cores busy.
    maxWorkers: 4,
    isolate: false,
    // The built package (dist/) is loaded by Node itself, as a spawned CLI loads it: one form of each
    // file for V8 coverage to merge (a file transformed twice, differently, would merge to nonsense).
    server: { deps: { external: [/\/dist\//] } },
    // Commands tested in-process load module adapters in-process too (a child per run would cost
    // seconds each); the isolation tests clear it to test the default path. Runs are serial (one
    // adapter instance) unless a test asks for --workers: a worker thread per run would cost seconds.
    env: { UAIX_CONFORMANCE_IN_PROCESS: '1', UAIX_CONFORMANCE_WORKERS: '1' },
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
