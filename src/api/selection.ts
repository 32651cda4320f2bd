import { SUITE_MODULES } from '../../suites/loaders.js';
import type { CheckDefinition } from '../engine/check.js';
import { Catalog, CatalogError, selectChecks, type CheckFilter } from '../engine/catalog.js';
import { CHUNK_RUNS } from '../engine/chunks.js';
import type { SpecData } from '../spec/index.js';
import { listedChecks } from './listing.js';
import { stampOfChecks } from './stamp.js';

/**
 * The checks a run selects, with only their suites' modules loaded: the selection is made on the
 * catalog listing (`listedChecks`: the file the build wrote, or the live catalog from the sources),
 * then the definitions come from the suites that hold them. The same checks, in the same order,
 * as `packCatalog().select(filter)`.
 */
export async function selectedChecks(filter: CheckFilter): Promise<CheckDefinition[]> {
  const listed = selectChecks(await listedChecks(), filter);
  const suites = [...new Set(listed.map((c) => c.suite))];
  const loaded = await Promise.all(
    suites.map((s) => {
      const load = Object.hasOwn(SUITE_MODULES, s) ? SUITE_MODULES[s as keyof typeof SUITE_MODULES] : undefined;
      if (load === undefined)
        throw new CatalogError(`the listing names suite ${s}, which suites/loaders.ts does not load`);
      return load();
    }),
  );
  const catalog = new Catalog(loaded.flat());
  return listed.map((c) => {
    const check = catalog.get(c.id);
    if (check === undefined)
      throw new CatalogError(`the listing names check ${c.id}, which suite ${c.suite} does not define`);
    return check;
  });
}

/** The stamp of the whole catalog by this build (`stampOfChecks`), computed from the listing: no suite is loaded. */
export async function packStamp(spec: SpecData, chunkRuns = CHUNK_RUNS): Promise<string> {
  return stampOfChecks(await listedChecks(), spec, chunkRuns);
}

/** Every check id the installed pack knows (what tells a typo in an expectations file from another selection). */
export async function packCheckIds(): Promise<string[]> {
  return (await listedChecks()).map((c) => c.id);
}
