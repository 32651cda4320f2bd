import { rejectionCheck } from './common.js';

/** VAL-SPAN-HASH: Each span_sha256 is the SHA-256 of the bytes of its span. */
export const spanHash = rejectionCheck({
  id: 'VAL-SPAN-HASH',
  title: 'Each span_sha256 is the SHA-256 of the bytes of its span',
  specRef: '003 §3.2 Hash-Locked Span Registry, step 2',
  decisions: ['D-UAS-06', 'D-UAS-09'],
  statement:
    "Every unit's `span_sha256` is the SHA-256 of exactly the source bytes its span covers, as 64 hex digits (003 §3.2 Hash-Locked Span Registry, step 2; D-UAS-06, D-UAS-09).",
});
