import { rejectionCheck } from './common.js';

/** VAL-CONCEPT-REF: concept_refs reference concepts declared in <concept_registry>. */
export const conceptRef = rejectionCheck({
  id: 'VAL-CONCEPT-REF',
  title: 'concept_refs reference concepts declared in <concept_registry>',
  specRef: '003 §4 Dangling Concept Pointers',
  decisions: ['D-UAS-11'],
});
