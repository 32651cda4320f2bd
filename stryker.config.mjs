// @ts-check
// StrykerJS config of `npm run mutation` (scripts/mutation.mjs runs it once per domain, with
// MUTATION_DOMAIN set): mutate one domain of the reference implementation, run the pack's checks of
// that domain against each mutant (vitest.mutation.config.ts), the oracle (suites, generators,
// engine) never mutated. A mutant no check fails is a survivor: a bug class the pack misses, or an
// equivalent mutant.
import { mutationDomain } from './scripts/mutation-domains.mjs';

const domain = mutationDomain();
// The checks that judge the domain (vitest.mutation.config.ts reads it in each test runner process).
process.env.MUTATION_SUITES = domain.suites.join(',');
const out = `reports/mutation/stryker/${domain.name}`;

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  // Every test file is one suite's checks, named by the domain: no need for vitest's import graph.
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  mutate: domain.mutate,
  // One test per check: each mutant runs only the checks that reach it.
  coverageAnalysis: 'perTest',
  // A 2-core machine that other jobs share: two test runner processes, one vitest thread each.
  concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 2),
  // A mutant may run its checks at most 2× as long as they took unmutated, plus 20 s of slack for a
  // busy machine; past that it counts as timed out (an infinite loop, detected).
  timeoutFactor: 2,
  timeoutMS: 20_000,
  dryRunTimeoutMinutes: 20,
  // Static mutants (module-level constants of the reference) run every check of the domain after a
  // reload: few enough here to keep (see reports/mutation/README.md for their count).
  ignoreStatic: false,
  reporters: ['json', 'html', 'clear-text', 'progress-append-only'],
  jsonReporter: { fileName: `${out}/mutation.json` },
  htmlReporter: { fileName: `${out}/index.html` },
  clearTextReporter: { allowColor: false, logTests: false, reportMutants: false, reportTests: false },
  // The sandbox needs the sources, the spec data, the schemas and fixtures; not the build, coverage or reports.
  ignorePatterns: ['dist', 'coverage', 'reports', '.tmp', 'bench', 'examples', 'docs', '*.log'],
  tempDirName: '.stryker-tmp',
  // Stryker rewrites the paths of a tsconfig.json it copies with the TypeScript 5 API, which
  // TypeScript 7 does not have; ours has no \`extends\` or \`references\` to rewrite, so name none.
  tsconfigFile: 'no-tsconfig-to-rewrite.json',
  incremental: false,
  thresholds: { high: 90, low: 80, break: null },
};
