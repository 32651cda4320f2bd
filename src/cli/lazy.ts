/**
 * What the command line loads, and when: the one table of the machinery a command needs beyond its
 * command line (the runner, the catalog and its suites, fast-check, ajv, the reference, the adapter
 * loaders). Each is imported on its first use, once the command line is known to be good, so that
 * a usage error, `--help` and `--version` load none of it; the bundle (`scripts/bundle.mjs`) splits
 * at each of these imports. A command module imports this table, never the machinery itself: the
 * import wall test (`test/catalog/import-wall.test.ts`) walks every command's static imports and
 * fails when one reaches it. The commands themselves are the table of `src/cli/main.ts`.
 */
export const MACHINERY = {
  /** `runPack`: the runner, the selected suites, the file reporters (`run`). */
  runner: () => import('../api/run.js'),
  /** The whole catalog, every suite loaded (`replay`, expectations against the catalog's ids). */
  catalog: () => import('../api/catalog.js'),
  /** Replaying one case of a report (`replay`). */
  replay: () => import('../api/replay.js'),
  /** Fixture export and run (`fixtures`). */
  fixtures: () => import('../api/fixtures.js'),
  /** A check's explanation (`explain`). */
  explain: () => import('../api/explain.js'),
  /** The adapter loaders: modules, folders, `reference`, commands, live services (every command that loads an adapter). */
  adapters: () => import('../adapters/load.js'),
  /** The eager reference, for `doctor`'s checksum probe. */
  reference: () => import('../adapters/reference.js'),
} as const;
