import type { AdapterMember } from '../../contract/adapter.js';

/**
 * `--read-only` (D-HTTP-07): the contract members a run against a production service may call,
 * those that change nothing on the service: validation, the checksum, the keyless mapping and UAS
 * verification. A recovery session (`recovery.start`, `recovery.observe`) is state the service
 * keeps, so it is left out, as is any member the contract adds later until it is listed here.
 */
export const READ_ONLY_MEMBERS: readonly AdapterMember[] = Object.freeze([
  'validateEnvelope',
  'computeChecksum',
  'toKeyless',
  'fromKeyless',
  'validateError',
  'verifyUas',
]);

/** The requests per second a `--read-only` run sends at most when `--max-rate` does not say. */
export const READ_ONLY_DEFAULT_RATE = 10;

/** True when a protocol method (a member path, `recovery.start`) may be called by a read-only run. */
export function isReadOnlyMethod(method: string): boolean {
  return (READ_ONLY_MEMBERS as readonly string[]).includes(method);
}

/** Why a check that needs `member` is skipped in a read-only run: what the report says instead of "does not implement". */
export function readOnlySkipReason(members: readonly string[]): string {
  return `--read-only leaves out ${members.join(', ')}: it changes the service's state, so it is not called`;
}
