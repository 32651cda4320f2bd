import { verdictCheck } from '../../src/engine/kinds/verdict.js';
import { UAS_VERDICTS, uasRejections } from './verdicts.js';

/** VAL-SPAN-BOUNDS: source_span is bytes:A-B inside the source. */
export const spanBounds = verdictCheck({
  id: 'VAL-SPAN-BOUNDS',
  suite: 'uas',
  severity: 'MUST',
  title: 'source_span is bytes:A-B inside the source',
  specRef: '003 §2.1 PHASE-03; §3.2 Span Resolution',
  decisions: ['D-UAS-02', 'D-UAS-06'],
  statement:
    "Every `source_span` is `bytes:A-B` with A and B unsigned decimals, B exclusive, and 0 <= A < B <= the source's length in bytes; another form (`chars:`, a missing end) or range (reversed, empty, past the end) is a VAL-SPAN-BOUNDS finding (003 §2.1 PHASE-03, §3.2 Span Resolution; D-UAS-06).",
  verdicts: UAS_VERDICTS,
  ...uasRejections('VAL-SPAN-BOUNDS'),
});
