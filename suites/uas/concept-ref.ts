import { verdictCheck } from '../../src/engine/kinds/verdict.js';
import { UAS_VERDICTS, uasRejections } from './verdicts.js';

/** VAL-CONCEPT-REF: concept_refs reference concepts declared in <concept_registry>. */
export const conceptRef = verdictCheck({
  id: 'VAL-CONCEPT-REF',
  suite: 'uas',
  severity: 'MUST',
  title: 'concept_refs reference concepts declared in <concept_registry>',
  specRef: '003 §4 Dangling Concept Pointers',
  decisions: ['D-UAS-02', 'D-UAS-11'],
  statement:
    "Every id in a unit's `concept_refs` names a `<concept>` of `<concept_registry>`; an id nothing declares, or the id of a unit or an edge, is a VAL-CONCEPT-REF finding (003 §4 Dangling Concept Pointers; D-UAS-11).",
  verdicts: UAS_VERDICTS,
  ...uasRejections('VAL-CONCEPT-REF'),
});
