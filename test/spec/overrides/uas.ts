import type { Alternatives } from '../../helpers/overrides.js';

/**
 * Another reasonable choice for every decision key of `spec/uas.json` (docs/spec-decisions.md,
 * D-UAS-*): under each, the generators, the judges and the reference move together.
 */
export const alternatives: Alternatives = {
  childOrder: {
    value: [
      { name: 'source_manifest', required: true },
      { name: 'migration_report', required: false },
      { name: 'semantic_units', required: true },
      { name: 'concept_registry', required: true },
      { name: 'cognitive_map', required: true },
      { name: 'ambiguity_register', required: true },
      { name: 'validation_report', required: false },
    ],
    why: 'the units before the concepts they use, and the validation report optional',
  },
  roleAliases: {
    value: {
      PROBLEM: 'CLAIM',
      SOLUTION: 'MECHANISM',
      GUARANTEE: 'CONSTRAINT',
      DETECTION: 'ALGORITHM',
      HYPOTHESIS: 'CLAIM',
      RISK: 'WARNING',
    },
    why: 'a registry that also resolves HYPOTHESIS (the repair of seed 003 §5.2) and RISK',
  },
  relationAliases: {
    value: {
      MANDATES: 'CONSTRAINS',
      PROVES_VIA: 'EVIDENCES',
      ENABLES: 'CAUSES',
      RESOLVES: 'DEPENDS_ON',
      REFINES: 'DEPENDS_ON',
      MOTIVATES: 'CAUSES',
    },
    why: 'a registry that also resolves REFINES and MOTIVATES',
  },
  spanEnd: {
    value: 'inclusive',
    why: 'B of bytes:A-B is the last byte of the span, as "buffer[1042 ... 1250]" may be read',
  },
  centralityNormalization: {
    value: { divideBy: 'n-minus-1', over: ['unit', 'concept'] },
    why: 'textbook degree centrality: degree / (n - 1), n the units and concepts an edge may join',
  },
  weightTolerance: {
    value: 0.01,
    why: 'a declared weight may be off by one hundredth (any rounding, truncation included)',
  },
  ambiguityRefKinds: {
    value: {
      ROLE_OVERFLOW: ['unit'],
      RELATION_OVERFLOW: ['edge'],
      NODE_ISOLATION: ['unit'],
      COLLISION: ['unit', 'concept'],
    },
    why: 'isolation recorded on units only, and a collision also on the unit whose acronym collides',
  },
  legacyScanBytes: {
    value: 24,
    why: 'a legacy container is found only when its tag opens the source (within 24 bytes)',
  },
};
