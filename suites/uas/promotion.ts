import { verdictCheck } from '../../src/engine/kinds/verdict.js';
import { UAS_VERDICTS, uasRejections } from './verdicts.js';

/** VAL-PROMOTION: Promotion rules PM-01 and PM-02 hold. */
export const promotion = verdictCheck({
  id: 'VAL-PROMOTION',
  suite: 'uas',
  severity: 'MUST',
  title: 'Promotion rules PM-01 and PM-02 hold',
  specRef: '003 §2.3 Promotion Rules',
  decisions: ['D-UAS-02', 'D-UAS-10'],
  statement:
    'A unit whose formula weight is at least 0.85 is a `<node>` of `<cognitive_map>` or joined by an edge to one (PM-01), and a unit of at least 0.95 with no edge has a NODE_ISOLATION entry naming it (PM-02) (003 §2.3 Promotion Rules; D-UAS-10).',
  verdicts: UAS_VERDICTS,
  ...uasRejections('VAL-PROMOTION'),
});
