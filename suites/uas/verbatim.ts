import { rejectionCheck } from './common.js';

/** VAL-VERBATIM: VERBATIM_FULL text equals the source bytes of its span exactly. */
export const verbatim = rejectionCheck({
  id: 'VAL-VERBATIM',
  title: 'VERBATIM_FULL text equals the source bytes of its span exactly',
  specRef: '003 §3.1; §3.2 steps 3-4',
  decisions: ['D-UAS-05', 'D-UAS-09'],
});
