import type { Adapter } from '../../src/contract/adapter.js';
import { verifyUas } from '../../src/reference/uas/index.js';

/** The reference implementation as an adapter with only the UAS member (the lead's adapter adds the rest). */
export const referenceWithUas: Adapter = {
  describe: () => ({ name: 'uaix-conformance reference (uas)', version: '0' }),
  verifyUas: (source, artifact) => verifyUas(source, artifact),
};
