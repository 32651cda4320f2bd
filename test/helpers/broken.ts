import type { Adapter } from '../../src/contract/adapter.js';

/**
 * A suite's gallery of deliberately broken adapters, in `test/suites/<suite>/broken.ts`:
 * - `broken`: for every check id of the suite, an adapter with one plausible implementer's slip that
 *   fails that check, and no other check of the catalog but those `alsoFails` names;
 * - `alsoFails` (optional): the checks an entry of `broken` cannot help failing too;
 * - `more` (optional): further slips for a check, each of which must fail it;
 * - `byFamily` (optional): for a check, per mutation family, a slip that only that family catches
 *   (the adapter answers every other case of the check rightly).
 * `test/catalog/every-check-can-fail.test.ts` finds every gallery by its file name and holds it to this.
 */
export type BrokenRegistry = Record<string, Adapter>;
export type AlsoFails = Readonly<Record<string, readonly string[]>>;
export type MoreBroken = Readonly<Record<string, readonly Adapter[]>>;

export type ByFamily = Readonly<Record<string, Readonly<Record<string, Adapter>>>>;

export interface Gallery {
  broken: BrokenRegistry;
  alsoFails?: AlsoFails;
  more?: MoreBroken;
  byFamily?: ByFamily;
}
