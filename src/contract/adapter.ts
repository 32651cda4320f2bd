/**
 * The adapter contract: the public API between the pack and an implementation under test.
 * Names are stable; members are only ever added.
 */

/** Capability levels of the UAIX ladder (seed 000; reference/uaix-public-notes.md). */
export type CapabilityLevel = 'L0' | 'L1' | 'L2' | 'L3' | 'L4' | 'L5' | 'L6' | 'L7';

/** What an adapter says about the implementation it wraps. */
export interface AdapterInfo {
  name: string;
  version: string;
  capabilityLevel?: CapabilityLevel;
}

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
  /** Recovery policy of an agent runtime (see src/core/recovery-types.ts). */
  recovery?: import('./recovery.js').RecoveryPolicy;
}

/** The members of an adapter a check can require. */
export type AdapterCapability =
  | 'validateEnvelope'
  | 'computeChecksum'
  | 'toKeyless'
  | 'fromKeyless'
  | 'validateError'
  | 'verifyUas'
  | 'recovery';

/** An adapter module may export the adapter itself or a (possibly async) factory of it. */
export type AdapterExport = Adapter | (() => Adapter | Promise<Adapter>);
