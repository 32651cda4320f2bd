import type { Adapter } from '../../src/contract/adapter.js';

/**
 * A suite's gallery of deliberately broken adapters: for every check id of the suite, at least one
 * adapter that makes a plausible slip of an implementer and must fail exactly that check. Each suite
 * keeps one in `test/suites/<suite>/broken.ts` (export `broken`); the catalog-wide test finds them all.
 */
export type BrokenRegistry = Record<string, Adapter>;
