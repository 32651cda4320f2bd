import { verdictCheck } from '../../src/engine/kinds/verdict.js';
import { UAS_VERDICTS, uasRejections } from './verdicts.js';

/** VAL-SPAN-HASH: Each span_sha256 is the SHA-256 of the bytes of its span. */
export const spanHash = verdictCheck({
  id: 'VAL-SPAN-HASH',
  suite: 'uas',
  severity: 'MUST',
  title: 'Each span_sha256 is the SHA-256 of the bytes of its span',
  specRef: '003 §3.2 Hash-Locked Span Registry, step 2',
  decisions: ['D-UAS-02', 'D-UAS-06', 'D-UAS-09'],
  statement:
    "Every unit's `span_sha256` is the SHA-256 of exactly the source bytes its span covers, as 64 hex digits (003 §3.2 Hash-Locked Span Registry, step 2; D-UAS-06, D-UAS-09).",
  verdicts: UAS_VERDICTS,
  ...uasRejections('VAL-SPAN-HASH'),
});
