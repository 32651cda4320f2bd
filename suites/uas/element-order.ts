import { verdictCheck } from '../../src/engine/kinds/verdict.js';
import { UAS_VERDICTS, uasRejections } from './verdicts.js';

/** VAL-ELEMENT-ORDER: The children of <UAS_Document> follow the pinned order. */
export const elementOrder = verdictCheck({
  id: 'VAL-ELEMENT-ORDER',
  suite: 'uas',
  severity: 'MUST',
  title: 'The children of <UAS_Document> follow the pinned order',
  specRef: '003 §2.1 PHASE-09 (strict child element sequence)',
  decisions: ['D-UAS-02', 'D-UAS-03'],
  statement:
    'The root is `<UAS_Document>` and its children appear once each in the pinned order, each container holding only its own kind of child and each unit only text; anything else is a VAL-ELEMENT-ORDER finding (003 §2.1 PHASE-09; D-UAS-03).',
  verdicts: UAS_VERDICTS,
  ...uasRejections('VAL-ELEMENT-ORDER'),
});
