import { CAPABILITY_LEVELS, type CapabilityLevel } from '../contract/levels.js';

/** The pinned decisions of the recovery suite (`spec/recovery.json`), typed. */
export interface RecoverySpec {
  /** Capability levels that recover on their own (seed 000: L6 and L7); the others halt and show the human review URL. */
  recoveringLevels: CapabilityLevel[];
  /** The level an agent acts at when its `describe()` names none. */
  undeclaredLevel: CapabilityLevel;
  /** Steps a session may take before the pack calls it looping (D-REC-04). */
  maxSteps: number;
  /** D-REC-05: retry k waits at least `initialDelayMs * exponentialFactor^(k-1)` after the attempt before it. */
  backoff: { initialDelayMs: number; exponentialFactor: number };
  /** D-REC-07: the blocker packet an agent emits when it needs a human. */
  blocker: { profile: string; bodyFields: string[] };
  /** D-REC-11: values shorter than this are not treated as private when searched for in URLs. */
  privateValueMinLength: number;
}

/** The levels that do not recover on their own (they halt and show the review URL), lowest first. */
export function legacyLevels(spec: RecoverySpec): CapabilityLevel[] {
  return CAPABILITY_LEVELS.filter((l) => !spec.recoveringLevels.includes(l));
}
