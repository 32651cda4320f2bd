import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Worker threads write their V8 coverage where c8 reads it (forked workers are killed before they flush).
    pool: 'threads',
    // Many tests wait on child processes (the CLI, adapters, Chromium): more workers than cores keeps both cores busy.
    maxWorkers: 4,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
