/**
 * For one spec file, an alternative value for every key of its `$decisions` manifest: a choice a
 * reasonable implementer could make instead of the pack's. Each file's alternatives live in
 * `test/spec/overrides/<name>.ts` (export `alternatives`); `test/catalog/overrides.test.ts` holds
 * every one to this: under the alternative, the generators, the judges and the reference move
 * together (the reference built for it passes the checks that rely on the decision, the bundled
 * reference fails one of them).
 */
export type Alternatives = Readonly<Record<string, { value: unknown; why: string }>>;
