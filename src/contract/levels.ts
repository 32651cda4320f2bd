/** Capability levels of the UAIX ladder (seed 000; reference/uaix-public-notes.md). */
export type CapabilityLevel = 'L0' | 'L1' | 'L2' | 'L3' | 'L4' | 'L5' | 'L6' | 'L7';

/** Every level, lowest first. */
export const CAPABILITY_LEVELS: readonly CapabilityLevel[] = Object.freeze([
  'L0',
  'L1',
  'L2',
  'L3',
  'L4',
  'L5',
  'L6',
  'L7',
]);
