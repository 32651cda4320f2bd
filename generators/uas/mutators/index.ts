import type { UasMutator } from '../mutation.js';
import { entityMutators } from './entities.js';
import { graphMutators } from './graph.js';
import { hashMutators } from './hashes.js';
import { migrationMutators } from './migration.js';
import { spanMutators } from './spans.js';
import { identityMutators, structureMutators } from './structure.js';
import { taxonomyMutators } from './taxonomy.js';
import { modeMutators, verbatimDriftMutators } from './verbatim-drift.js';
import { weightMutators } from './weights.js';

/** Every mutator of the UAS suite; each breaks one rule, named by `breaks`. */
export const uasMutators: readonly UasMutator[] = [
  ...verbatimDriftMutators,
  ...modeMutators,
  ...spanMutators,
  ...hashMutators,
  ...entityMutators,
  ...taxonomyMutators,
  ...graphMutators,
  ...structureMutators,
  ...identityMutators,
  ...weightMutators,
  ...migrationMutators,
];
