import * as fc from 'fast-check';
import type { UasCheckId } from '../../src/spec/uas.js';
import type { Mutator } from '../common/mutator.js';
import type { UasValidDocument } from './document.js';

/** A finding a mutation must produce: the check, and where exact coordinates are part of the rule, where. */
export interface ExpectedFinding {
  checkId: UasCheckId;
  unitId?: string;
  byteOffset?: number;
}

/** One case of the UAS suite: a source, an artifact, and what a verifier must find (nothing when valid). */
export interface UasCase {
  /** `valid`, or the family of the mutation that made it. */
  family: string;
  source: Uint8Array;
  artifact: string;
  /** Every finding listed must appear; no other check ID may (the case's claim says so). */
  expected: ExpectedFinding[];
}

/** A valid document broken in exactly one way: a case before the mutator names its family. */
export type UasMutation = Omit<UasCase, 'family'>;

/**
 * A UAS mutator: the pack's one mutator shape, on valid documents, with one family each and the
 * check it breaks among the suite's ids.
 */
export interface UasMutator extends Mutator<UasValidDocument, UasCase> {
  readonly breaks: UasCheckId;
  /**
   * How often a check draws this mutator, relative to the others it draws (default 1). A mutator
   * that applies to few documents is drawn more often, so that every family shows up in a default
   * run of 100 cases (a draw that does not apply is discarded and drawn again).
   */
  readonly weight?: number;
}

/**
 * The randomness of every UAS mutation: three picks, which the mutator turns into its choices
 * (which unit, which variant, which token). The same draws whatever the document, so that a
 * shrinking document keeps its mutation (see `mutated.ts`).
 */
const PICKS = fc.array(fc.nat({ max: 1 << 20 }), { minLength: 3, maxLength: 3 });

/**
 * A mutator of one family from a function of a valid document and three picks to a mutation, or
 * null when the document offers nothing to break this way.
 */
export function uasMutator(
  family: string,
  breaks: UasCheckId,
  apply: (d: UasValidDocument, picks: readonly number[]) => UasMutation | null,
  weight = 1,
): UasMutator {
  return {
    breaks,
    weight,
    families: [family],
    mutate: (d) =>
      PICKS.map((picks) => {
        const m = apply(d, picks);
        return m === null ? null : { family, ...m };
      }),
  };
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
