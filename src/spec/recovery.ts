import { CAPABILITY_LEVELS, type CapabilityLevel } from '../contract/levels.js';

/**
 * The spec data of the recovery suite (`spec/recovery.json`), typed. `recoveringLevels` and
 * `blockerProfile` state what seed 000 says (not overridable); `backoff` and
 * `isolatedNoopBlockerType` are decisions of the pack (its `$decisions` manifest).
 */
export interface RecoverySpec {
  /** Capability levels that recover on their own (seed 000: L6 and L7); the others halt and show the human review URL. */
  recoveringLevels: CapabilityLevel[];
  /** The profile of the blocker packet an agent emits for an isolated no-op (seed 000: `uai.agent.blocker.v1`). */
  blockerProfile: string;
  /** D-REC-05: retry k waits at least `initialDelayMs * exponentialFactor^(k-1)` after the attempt before it. */
  backoff: { initialDelayMs: number; exponentialFactor: number };
  /** D-REC-19: the `blocker_type` of the blocker an agent emits for an isolated no-op. */
  isolatedNoopBlockerType: string;
}

/** The levels that do not recover on their own (they halt and show the review URL), lowest first. */
export function legacyLevels(spec: RecoverySpec): CapabilityLevel[] {
  return CAPABILITY_LEVELS.filter((l) => !spec.recoveringLevels.includes(l));
}
