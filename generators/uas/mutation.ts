import type { UasCheckId } from '../../src/spec/uas.js';
import type { UasValidDocument } from './document.js';

/** A finding a mutation must produce: the check, and where exact coordinates are part of the rule, where. */
export interface ExpectedFinding {
  checkId: UasCheckId;
  unitId?: string;
  byteOffset?: number;
}

/** A valid document broken in exactly one way. */
export interface UasMutation {
  family: string;
  source: Uint8Array;
  artifact: string;
  /** Every finding listed must appear; no other check ID may (the contract tests hold the reference to this). */
  expected: ExpectedFinding[];
}

/**
 * A mutator: a family name, the one check it breaks, and a function from a valid document and
 * random picks to a mutation, or null when the document offers nothing to break this way (such
 * cases are discarded, never counted).
 */
export interface Mutator {
  family: string;
  breaks: UasCheckId;
  apply(d: UasValidDocument, picks: readonly number[]): UasMutation | null;
}

/** Picks an element of a non-empty list with a pick number; undefined for an empty list. */
export function choose<T>(xs: readonly T[], pick: number): T | undefined {
  return xs.length === 0 ? undefined : xs[pick % xs.length];
}

/** Index of the first byte where `a` and `b` differ, or -1 when equal (a shorter one differs at its end). */
export function firstDiff(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return a.length === b.length ? -1 : n;
}
