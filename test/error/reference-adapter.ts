import type { Adapter } from '../../src/contract/adapter.js';
import { validateError } from '../../src/reference/error/index.js';
import { referenceAdapter } from '../../src/adapters/reference.js';

/** The reference adapter with the error validator, whether or not the lead has wired it in yet. */
export const referenceWithError: Adapter = { ...referenceAdapter, validateError };
