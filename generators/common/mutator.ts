import type fc from 'fast-check';

/**
 * A way to break one rule: the one shape every suite's mutators share. `mutate` turns one valid
 * input into the arbitrary of its mutations; each mutation breaks the rule `breaks` and nothing
 * else, and names its family (an evidence tag `family:<name>`, one of `families`). `null` means the
 * input offers nothing to break this way: the draw is discarded, never counted.
 */
export interface Mutator<In, Out> {
  /** The check id of the rule every mutation breaks. */
  readonly breaks: string;
  /** Every family name the mutations carry. */
  readonly families: readonly string[];
  mutate(input: In): fc.Arbitrary<Out | null>;
}
