import { rejectionCheck } from './common.js';

/** VAL-EDGE-REF: Edges, nodes and register entries reference declared ids. */
export const edgeRef = rejectionCheck({
  id: 'VAL-EDGE-REF',
  title: 'Edges, nodes and register entries reference declared ids',
  specRef: '003 §4 Topological Severing; §5.1.3',
  decisions: ['D-UAS-11'],
});
