import { CHUNK_RUNS } from '../engine/chunks.js';
import type { ToolStamp } from '../engine/runner.js';
import { catalogStamp } from '../engine/stamp.js';
import { readBuildStamp } from '../io/build-stamp.js';
import { TOOL } from '../io/package.js';
import type { SpecData } from '../spec/index.js';

/**
 * The reproducibility stamp of runs of `checks` (the whole catalog, for the CLI) drawn from `spec`,
 * by this build: what `report.run.catalogHash` holds, and what replay and fixture export compare.
 */
export function stampOfChecks(
  checks: readonly { id: string; severity: string; specRef: string; requires: readonly string[] }[],
  spec: SpecData,
  chunkRuns = CHUNK_RUNS,
): string {
  return catalogStamp({ build: readBuildStamp(), checks, chunkRuns, spec });
}

/** The tool and stamp the engine writes into a report. */
export function toolStamp(catalogHash: string): ToolStamp {
  return { tool: { ...TOOL }, catalogHash };
}
