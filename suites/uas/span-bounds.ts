import { rejectionCheck } from './common.js';

/** VAL-SPAN-BOUNDS: source_span is bytes:A-B inside the source. */
export const spanBounds = rejectionCheck({
  id: 'VAL-SPAN-BOUNDS',
  title: 'source_span is bytes:A-B inside the source',
  specRef: '003 §2.1 PHASE-03; §3.2 Span Resolution',
  decisions: ['D-UAS-06'],
});
