import type { AdapterInfo } from '../contract/adapter.js';

/** What the reference's `describe()` answers: one text for the eager and the lazily loaded reference. */
export function referenceInfo(version: string): AdapterInfo {
  return { name: 'uaix-conformance reference', version, capabilityLevel: 'L7' };
}
