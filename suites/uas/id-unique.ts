import { verdictCheck } from '../../src/engine/kinds/verdict.js';
import { UAS_VERDICTS, uasRejections } from './verdicts.js';

/** VAL-ID-UNIQUE: Unit, concept and edge ids are unique. */
export const idUnique = verdictCheck({
  id: 'VAL-ID-UNIQUE',
  suite: 'uas',
  severity: 'MUST',
  title: 'Unit, concept and edge ids are unique',
  specRef: '003 §5.1.3 Graph Integrity Queue',
  decisions: ['D-UAS-02', 'D-UAS-11'],
  statement:
    'Every `<semantic_unit>`, `<concept>` and `<edge>` has a non-empty `id` that no other element of the three kinds uses (003 §5.1.3 Graph Integrity Queue; D-UAS-11).',
  verdicts: UAS_VERDICTS,
  ...uasRejections('VAL-ID-UNIQUE'),
});
