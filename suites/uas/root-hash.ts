import { rejectionCheck } from './common.js';

/** VAL-ROOT-HASH: The root SHA-256 is the SHA-256 of the source bytes. */
export const rootHash = rejectionCheck({
  id: 'VAL-ROOT-HASH',
  title: 'The root SHA-256 is the SHA-256 of the source bytes',
  specRef: '003 §3.2 Authoritative Root SHA-256',
  decisions: ['D-UAS-09'],
});
