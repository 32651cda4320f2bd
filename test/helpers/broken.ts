import type { Adapter } from '../../src/contract/adapter.js';

/**
 * A suite's gallery of deliberately broken adapters, in `test/suites/<suite>/broken.ts`:
 * - `broken`: for every check id of the suite, an adapter with one plausible implementer's slip that
 *   fails that check, and no other check of the catalog but those `alsoFails` names;
 * - `alsoFails` (optional): the checks an entry of `broken` cannot help failing too;
 * - `more` (optional): further slips for a check, each of which must fail it.
 * `test/catalog/every-check-can-fail.test.ts` finds every gallery by its file name and holds it to this.
 */
export type BrokenRegistry = Record<string, Adapter>;
export type AlsoFails = Readonly<Record<string, readonly string[]>>;
export type MoreBroken = Readonly<Record<string, readonly Adapter[]>>;

export interface Gallery {
  broken: BrokenRegistry;
  alsoFails?: AlsoFails;
  more?: MoreBroken;
}
