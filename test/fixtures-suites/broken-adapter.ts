import type { Adapter } from '../../src/contract/adapter.js';
import { brokenErrorAdapters } from '../error/broken-adapters.js';
import { brokenRecoveryAdapters } from '../recovery/broken-policies.js';
import { brokenUasAdapters } from '../uas/broken-adapters.js';

/**
 * An adapter module for the CLI (`--adapter test/fixtures-suites/broken-adapter.ts`): the broken
 * adapter written for the check named by `UAIX_BROKEN_CHECK`, from the error, UAS and recovery
 * suites' own galleries.
 */
export default function brokenAdapter(): Adapter {
  const id = process.env.UAIX_BROKEN_CHECK ?? '';
  const adapter = { ...brokenErrorAdapters, ...brokenUasAdapters, ...brokenRecoveryAdapters }[id];
  if (!adapter) throw new Error(`UAIX_BROKEN_CHECK=${JSON.stringify(id)} names no broken adapter of the error, UAS or recovery suites`);
  return adapter;
}
