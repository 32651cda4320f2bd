/**
 * The adapter contract: the public API between the pack and an implementation under test.
 * Names are stable; members are only ever added.
 */

import type { CapabilityLevel } from './levels.js';
import type { RecoveryPolicy } from './recovery.js';

export type { CapabilityLevel } from './levels.js';

/** What an adapter says about the implementation it wraps. */
export interface AdapterInfo {
  name: string;
  version: string;
  capabilityLevel?: CapabilityLevel;
  /**
   * Whether the pack may run several instances of this adapter at once (`--workers`): `several`
   * (the default) or `single`, for an implementation that holds something only one instance can
   * (a port, a lock file, a licence seat). A `single` adapter runs serially.
   */
  instances?: AdapterInstances;
  /**
   * For an adapter that runs out of process (a command, or a module run isolated, the default): how
   * many requests it accepts at once, answered by id (default 1). With more, the pack keeps up to
   * that many (at most `MAX_PIPELINE`) in flight while it draws the next cases, for every check that
   * calls no `recovery` member; verdicts are judged in the order the cases were drawn. An adapter in
   * process is always called one request at a time, whatever it says here.
   */
  inFlight?: number;
}

/** `describe().instances`: several instances of the adapter may run side by side, or only one. */
export type AdapterInstances = 'single' | 'several';

/** Context handed to validators. */
export interface ValidationContext {
  /** The clock for expiry: a UTC instant with a trailing Z. */
  now: string;
}

/** One problem an implementation found. `path` is a JSON Pointer into the validated value. */
export interface Finding {
  checkId?: string;
  path?: string;
  code?: string;
  message?: string;
}

/** An implementation's answer to "is this valid?". */
export interface Verdict {
  valid: boolean;
  findings?: Finding[];
}

/** A UAS verifier's finding: the check it failed, and the exact coordinates of the failure. */
export interface UasFinding {
  checkId: string;
  unitId?: string;
  byteOffset?: number;
  message?: string;
  /** The `<compilation_error_intercept>` packet the implementation emitted for this finding, if any. */
  intercept?: string;
}

/** A UAS verifier's answer. */
export interface UasVerdict {
  valid: boolean;
  findings?: UasFinding[];
}

/**
 * An implementation under test, as the pack sees it. Every method but `describe` is optional:
 * the checks that need a missing method are skipped, never failed.
 *
 * `toKeyless` and `fromKeyless` reject input they cannot map by throwing (or rejecting).
 */
export interface Adapter {
  describe(): AdapterInfo | Promise<AdapterInfo>;
  validateEnvelope?(packet: unknown, context: ValidationContext): Verdict | Promise<Verdict>;
  /** `"sha256:" + 64 lowercase hex digits`. */
  computeChecksum?(packet: unknown): string | Promise<string>;
  /** Keyed envelope to keyless arrays. */
  toKeyless?(packet: unknown): unknown | Promise<unknown>;
  /** Keyless arrays to keyed envelope. */
  fromKeyless?(wire: unknown): unknown | Promise<unknown>;
  validateError?(payload: unknown, context: ValidationContext): Verdict | Promise<Verdict>;
  verifyUas?(source: Uint8Array, artifact: string): UasVerdict | Promise<UasVerdict>;
  /** Recovery policy of an agent runtime (docs/recovery-contract.md). */
  recovery?: RecoveryPolicy;
}

/** The members of an adapter a check can require (every member but `describe`). */
export type AdapterMember = Exclude<keyof Adapter, 'describe'>;

/** Every member a check can require, in the order the contract lists them. */
export const ADAPTER_MEMBERS: readonly AdapterMember[] = Object.freeze([
  'validateEnvelope',
  'computeChecksum',
  'toKeyless',
  'fromKeyless',
  'validateError',
  'verifyUas',
  'recovery',
]);

/**
 * The members of `requires` an adapter lacks: a method that is not a function, or a `recovery`
 * policy that is not an object. The one capability probe of the pack: a lacking member skips the
 * checks that need it.
 */
export function missingMembers(adapter: Adapter, requires: readonly AdapterMember[]): AdapterMember[] {
  return requires.filter((m) => {
    const v = (adapter as unknown as Record<string, unknown>)[m];
    return m === 'recovery' ? v === null || typeof v !== 'object' : typeof v !== 'function';
  });
}

/** An adapter module may export the adapter itself or a (possibly async) factory of it. */
export type AdapterExport = Adapter | (() => Adapter | Promise<Adapter>);
