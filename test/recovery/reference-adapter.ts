import type { Adapter } from '../../src/contract/adapter.js';
import { createRecoveryPolicy } from '../../src/reference/recovery/index.js';

/** The reference recovery policy behind a minimal adapter (the full reference adapter is assembled by the lead). */
export const referenceRecoveryAdapter: Adapter = {
  describe: () => ({ name: 'reference recovery', version: '0', capabilityLevel: 'L7' }),
  recovery: createRecoveryPolicy(),
};
