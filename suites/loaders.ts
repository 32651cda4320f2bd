import type { CheckDefinition } from '../src/engine/check.js';

/**
 * The suites of the pack, in catalog order: each suite's module, imported when a run selects one of
 * its checks, so that a run of one check loads its suite's generators and judges, not the whole
 * pack's (start-up is most of a short run). The one list of suites: `suites/index.ts` loads every
 * module of it for the whole catalog.
 */
export const SUITE_MODULES: Readonly<Record<string, () => Promise<readonly CheckDefinition[]>>> = {
  envelope: async () => (await import('./envelope/index.js')).envelopeSuite,
  integrity: async () => (await import('./integrity/index.js')).integritySuite,
  wire: async () => (await import('./wire/index.js')).wireSuite,
  error: async () => (await import('./error/index.js')).errorSuite,
  recovery: async () => (await import('./recovery/index.js')).recoverySuite,
  uas: async () => (await import('./uas/index.js')).uasSuite,
};
