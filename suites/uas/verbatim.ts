import { verdictCheck } from '../../src/engine/kinds/verdict.js';
import { UAS_VERDICTS, uasRejections } from './verdicts.js';

/** VAL-VERBATIM: VERBATIM_FULL text equals the source bytes of its span exactly. */
export const verbatim = verdictCheck({
  id: 'VAL-VERBATIM',
  suite: 'uas',
  severity: 'MUST',
  title: 'VERBATIM_FULL text equals the source bytes of its span exactly',
  specRef: '003 §3.1; §3.2 steps 3-4',
  decisions: ['D-UAS-02', 'D-UAS-05', 'D-UAS-09'],
  statement:
    'The text of a VERBATIM_FULL unit, once its references and CDATA are decoded, is in UTF-8 exactly the source bytes of its span: a changed quote, space, line end, letter or word, or a summary passed off as verbatim, is a VAL-VERBATIM finding (003 §3.1, §3.2 steps 3-4; D-UAS-05, D-UAS-09).',
  verdicts: UAS_VERDICTS,
  ...uasRejections('VAL-VERBATIM'),
});
