import { createHash } from 'node:crypto';
import { canonicalize } from 'json-canonicalize';
import type { SpecData } from '../spec/index.js';

/**
 * What the build knows of the code that makes and judges the cases: the tool version and a digest
 * of the suites, the generators, the engine and the spec layer (computed once, at build time, over
 * the sources; see `src/io/build-stamp.ts`). The same code gives the same build stamp whether it
 * runs from `dist/` or from the sources.
 */
export interface BuildStamp {
  version: string;
  /** `sha256:` + hex over the code's source files, by relative path. */
  code: string;
}

/** A digest of spec data: the canonical JSON (RFC 8785) of every file's merged content, hashed. */
export function specDigest(spec: SpecData): string {
  return `sha256:${createHash('sha256').update(canonicalize(spec)).digest('hex')}`;
}

/**
 * The reproducibility stamp of a run (`report.run.catalogHash`): sha256 over what makes two runs
 * comparable: the build stamp, the chunk size, each check's id, severity, spec reference and
 * required members, and the spec data the cases were drawn from (which catches a user's overrides).
 * Two reports with the same stamp and seed hold the same cases. Cheap: nothing is sampled.
 */
export function catalogStamp(input: {
  build: BuildStamp;
  checks: readonly { id: string; severity: string; specRef: string; requires: readonly string[] }[];
  chunkRuns: number;
  spec: SpecData;
}): string {
  const h = createHash('sha256').update(
    `uaix-conformance stamp 2\nversion=${input.build.version}\ncode=${input.build.code}\nchunk=${input.chunkRuns}\nspec=${specDigest(input.spec)}`,
  );
  for (const c of input.checks) h.update(`\n${c.id}|${c.severity}|${c.specRef}|${c.requires.join(',')}`);
  return `sha256:${h.digest('hex')}`;
}
