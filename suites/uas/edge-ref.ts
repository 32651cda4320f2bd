import { verdictCheck } from '../../src/engine/kinds/verdict.js';
import { UAS_VERDICTS, uasRejections } from './verdicts.js';

/** VAL-EDGE-REF: edges, nodes and register entries reference declared ids of the kinds they may name (D-UAS-11). */
export const edgeRef = verdictCheck({
  id: 'VAL-EDGE-REF',
  suite: 'uas',
  severity: 'MUST',
  title: 'Edges, nodes and register entries reference declared ids of the kinds they may name',
  specRef: '003 §4 Topological Severing; §5.1.3',
  decisions: ['D-UAS-02', 'D-UAS-11'],
  statement:
    "Every edge `source` and `target` and every `<node ref>` names a declared unit or concept, and every register entry's `ref` names a declared element of the kind its type allows (ROLE_OVERFLOW a unit, RELATION_OVERFLOW an edge, NODE_ISOLATION a unit or a concept, COLLISION a concept); an id nothing declares, or an element of another kind, is a VAL-EDGE-REF finding (003 §4 Topological Severing, §5.1.3; D-UAS-11).",
  verdicts: UAS_VERDICTS,
  ...uasRejections('VAL-EDGE-REF'),
});
