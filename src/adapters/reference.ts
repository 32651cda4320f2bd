import type { Adapter } from '../contract/adapter.js';
import { TOOL } from '../io/package.js';
import { createReferenceAdapter } from '../reference/index.js';
import { bundledSpec, type SpecData } from '../spec/index.js';

/** The reference implementation for the given spec data (`--adapter reference`). */
export function referenceFor(spec: SpecData): Adapter {
  return spec === bundledSpec() ? referenceAdapter : createReferenceAdapter(spec, { version: TOOL.version });
}

/** The bundled reference implementation, with the bundled spec data. */
export const referenceAdapter: Adapter = createReferenceAdapter(bundledSpec(), { version: TOOL.version });
