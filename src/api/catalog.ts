import { allChecks } from '../../suites/index.js';
import type { CheckDefinition } from '../engine/check.js';
import { Catalog } from '../engine/catalog.js';
import { CHUNK_RUNS } from '../engine/chunks.js';
import { bundledSpec, type SpecData } from '../spec/index.js';
import { stampOfChecks } from './stamp.js';

export { toolStamp } from './stamp.js';

let pack: Catalog | undefined;

/** The catalog of every check the pack ships, in catalog order (every suite loaded: see `selectedChecks` for a run's). */
export function packCatalog(): Catalog {
  pack ??= new Catalog(allChecks);
  return pack;
}

/** The reproducibility stamp of runs of `checks` (default: the whole catalog) drawn from `spec` by this build (`stampOfChecks`). */
export function stampOf(
  checks: readonly CheckDefinition[] = packCatalog().checks,
  spec: SpecData = bundledSpec(),
  chunkRuns = CHUNK_RUNS,
): string {
  return stampOfChecks(checks, spec, chunkRuns);
}
