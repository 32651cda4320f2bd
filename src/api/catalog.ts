import { allChecks } from '../../suites/index.js';
import type { CheckDefinition } from '../engine/check.js';
import { Catalog } from '../engine/catalog.js';
import { CHUNK_RUNS } from '../engine/chunks.js';
import type { ToolStamp } from '../engine/runner.js';
import { catalogStamp } from '../engine/stamp.js';
import { readBuildStamp } from '../io/build-stamp.js';
import { TOOL } from '../io/package.js';
import { bundledSpec, type SpecData } from '../spec/index.js';

let pack: Catalog | undefined;

/** The catalog of every check the pack ships, in catalog order. */
export function packCatalog(): Catalog {
  pack ??= new Catalog(allChecks);
  return pack;
}

/**
 * The reproducibility stamp of runs of `checks` (the whole catalog, for the CLI) drawn from `spec`,
 * by this build: what `report.run.catalogHash` holds, and what replay and fixture export compare.
 */
export function stampOf(checks: readonly CheckDefinition[] = packCatalog().checks, spec: SpecData = bundledSpec(), chunkRuns = CHUNK_RUNS): string {
  return catalogStamp({ build: readBuildStamp(), checks, chunkRuns, spec });
}

/** The tool and stamp the engine writes into a report. */
export function toolStamp(catalogHash: string): ToolStamp {
  return { tool: { ...TOOL }, catalogHash };
}
