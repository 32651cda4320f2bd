import { verdictCheck } from '../../src/engine/kinds/verdict.js';
import { UAS_VERDICTS, uasRejections } from './verdicts.js';

/** VAL-XML-WELL-FORMED: An artifact that is not well-formed XML is rejected. */
export const xmlWellFormed = verdictCheck({
  id: 'VAL-XML-WELL-FORMED',
  suite: 'uas',
  severity: 'MUST',
  title: 'An artifact that is not well-formed XML is rejected',
  specRef: '003 §4 Structural Corruption; §5 Watcher: Lexer & Well-Formedness',
  decisions: ['D-UAS-02', 'D-UAS-03', 'D-UAS-04'],
  statement:
    'An artifact a strict XML 1.0 parser refuses (a raw `&` or `<` in text, an undeclared entity, an unbalanced or truncated tag, a DOCTYPE, a character outside the XML Char production) is rejected with a VAL-XML-WELL-FORMED finding (003 §4 Structural Corruption; D-UAS-04).',
  verdicts: UAS_VERDICTS,
  ...uasRejections('VAL-XML-WELL-FORMED'),
});
