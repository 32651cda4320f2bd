import { rejectionCheck } from './common.js';

/** VAL-ELEMENT-ORDER: The children of <UAS_Document> follow the pinned order. */
export const elementOrder = rejectionCheck({
  id: 'VAL-ELEMENT-ORDER',
  title: 'The children of <UAS_Document> follow the pinned order',
  specRef: '003 §2.1 PHASE-09 (strict child element sequence)',
  decisions: ['D-UAS-03'],
});
