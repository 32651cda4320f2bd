import { defineConfig } from 'vitest/config';

/** Every suite of the pack, each one test file of `test/mutation/`. */
const ALL_SUITES = ['envelope', 'integrity', 'wire', 'error', 'recovery', 'uas'];

/**
 * The vitest config of mutation runs only (`npm run mutation`, through Stryker): the checks of the
 * suites named by `MUTATION_SUITES` (comma-separated, set by `stryker.config.mjs` from the domain
 * being mutated; every suite when unset), one test per check, each run against the bundled
 * reference at the default run. Never part of `npm test`: the files are named `*.mutation.ts`,
 * outside the `test/**\/*.test.ts` of `vitest.config.ts`.
 */
const suites = process.env.MUTATION_SUITES ? process.env.MUTATION_SUITES.split(',') : ALL_SUITES;

export default defineConfig({
  test: {
    include: suites.map((s) => `test/mutation/${s}.mutation.ts`),
    pool: 'threads',
    // A check at 100 runs takes seconds; a mutant that hangs is bounded by Stryker's timeout.
    testTimeout: 300_000,
  },
});
