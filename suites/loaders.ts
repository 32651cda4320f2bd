import type { CheckDefinition } from '../src/engine/check.js';
import type { SUITES } from './index.js';

/**
 * Each suite's module, imported when a run selects one of its checks: a run of one check loads its
 * suite's generators and judges, not the whole pack's (start-up is most of a short run). One loader
 * for each suite of `SUITES` (`./index.ts`, the one list of suites), which the compiler requires.
 */
export const SUITE_MODULES: { readonly [S in keyof typeof SUITES]: () => Promise<readonly CheckDefinition[]> } = {
  envelope: async () => (await import('./envelope/index.js')).envelopeSuite,
  integrity: async () => (await import('./integrity/index.js')).integritySuite,
  wire: async () => (await import('./wire/index.js')).wireSuite,
  error: async () => (await import('./error/index.js')).errorSuite,
  recovery: async () => (await import('./recovery/index.js')).recoverySuite,
  uas: async () => (await import('./uas/index.js')).uasSuite,
};
