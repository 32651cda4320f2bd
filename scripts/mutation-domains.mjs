// The domains of the reference implementation that `npm run mutation` mutates, one Stryker run each:
// the reference files a domain's run mutates, and the suites whose checks judge them. Read by
// `stryker.config.mjs` (what to mutate, and which checks run: `MUTATION_SUITES` for
// `vitest.mutation.config.ts`) and by `scripts/mutation.mjs` (the loop and the summaries).

/**
 * @typedef {object} MutationDomain
 * @property {string[]} mutate the reference files to mutate (globs, `!` excludes)
 * @property {string[]} suites the suites whose checks judge those files, each `test/mutation/<suite>.mutation.ts`
 * @property {string} note what the run leaves out, and why
 */

/** @type {Record<string, MutationDomain>} in the order a full run takes them (fastest first). */
export const MUTATION_DOMAINS = {
  error: {
    mutate: ['src/reference/error/**/*.ts'],
    suites: ['error'],
    note: 'the extended uai.error.v1 validator',
  },
  envelope: {
    mutate: ['src/reference/envelope/**/*.ts', 'src/reference/secrets.ts'],
    // The error validator's no-secrets rule calls secrets.ts, and the recovery blockers are sealed
    // with envelope/checksum.ts: those checks judge these files too, and per-test coverage runs
    // them only on the mutants they reach.
    suites: ['envelope', 'integrity', 'wire', 'error', 'recovery'],
    note: 'the envelope validator, the checksum, the keyless codec and the secret detector',
  },
  recovery: {
    mutate: ['src/reference/recovery/**/*.ts'],
    suites: ['recovery'],
    note: 'the recovery policy',
  },
  uas: {
    mutate: [
      'src/reference/uas/**/*.ts',
      // The file verifier of the `uas-verify` CLI (sources read by position, spans hashed on a helper
      // thread): no check calls it (the adapter's verifyUas verifies in memory), the reference tests do.
      '!src/reference/uas/verify-file.ts',
      '!src/reference/uas/file-source.ts',
      '!src/reference/uas/span-helper.ts',
      '!src/reference/uas/span-hash-worker.ts',
      '!src/reference/uas/span-jobs.ts',
    ],
    suites: ['uas'],
    note: 'the UAS verifier (verifyUas), without the file verifier of the uas-verify CLI',
  },
};

/** The domain a run is for (`MUTATION_DOMAIN`), refused when it names none. */
export function mutationDomain(name = process.env.MUTATION_DOMAIN ?? '') {
  const domain = MUTATION_DOMAINS[name];
  if (!domain)
    throw new Error(`MUTATION_DOMAIN must be one of ${Object.keys(MUTATION_DOMAINS).join(', ')} (got "${name}")`);
  return { name, ...domain };
}
