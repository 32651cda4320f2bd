import type fc from 'fast-check';
import type { ErrorPayload, RecoveryOption } from '../../src/spec/error.js';
import type { Mutator } from '../common/mutator.js';

/**
 * A payload that breaks exactly one rule, with the mutator family that broke it (an evidence tag
 * `family:<name>`), and, where the family has variants that expose slips of their own, their
 * evidence tags (`at:later-option`, `shape:jwt`...) and what the break touched (`body.status`).
 */
export interface AdversarialError {
  family: string;
  payload: unknown;
  variants?: string[];
  where?: string;
}

/** A deep copy to mutate: generated values may share structure with the shrinker's. */
export function copy<T>(value: T): T {
  return structuredClone(value);
}

/** The option a targeted payload points at. */
export function optionAt(payload: ErrorPayload, subError: number, option: number): RecoveryOption {
  return payload.body.sub_errors![subError]!.recovery_options[option]!;
}

/** The mutations `mutator` makes of the valid inputs `valid` draws; a draw it cannot break is discarded. */
export function mutated<In, Out>(valid: fc.Arbitrary<In>, mutator: Mutator<In, Out>): fc.Arbitrary<Out> {
  return valid.chain((input) => mutator.mutate(input)).filter((out): out is Out => out !== null);
}
