import { rejectionCheck } from './common.js';

/** VAL-ELEMENT-ORDER: The children of <UAS_Document> follow the pinned order. */
export const elementOrder = rejectionCheck({
  id: 'VAL-ELEMENT-ORDER',
  title: 'The children of <UAS_Document> follow the pinned order',
  specRef: '003 §2.1 PHASE-09 (strict child element sequence)',
  decisions: ['D-UAS-03'],
  statement:
    'The root is `<UAS_Document>` and its children appear once each in the pinned order, each container holding only its own kind of child and each unit only text; anything else is a VAL-ELEMENT-ORDER finding (003 §2.1 PHASE-09; D-UAS-03).',
});
