import { rejectionCheck } from './common.js';

/** VAL-ID-UNIQUE: Unit, concept and edge ids are unique. */
export const idUnique = rejectionCheck({
  id: 'VAL-ID-UNIQUE',
  title: 'Unit, concept and edge ids are unique',
  specRef: '003 §5.1.3 Graph Integrity Queue',
  decisions: ['D-UAS-11'],
  statement:
    'Every `<semantic_unit>`, `<concept>` and `<edge>` has a non-empty `id` that no other element of the three kinds uses (003 §5.1.3 Graph Integrity Queue; D-UAS-11).',
});
