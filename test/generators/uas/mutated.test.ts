import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Mutator } from '../../../generators/common/mutator.js';
import { MutatedArbitrary } from '../../../generators/uas/mutated.js';

// A small domain: inputs are lists of numbers, a mutation is a string built from the input and
// three picks, and some draws offer nothing to break (null), as with the UAS mutators.
type Apply = (xs: number[], picks: number[]) => string | null;
const PICKS = fc.array(fc.nat({ max: 1000 }), { minLength: 3, maxLength: 3 });
const APPLIES: Apply[] = [
  (xs, p) => (xs.length === 0 ? null : `drop ${p[0]! % xs.length} of ${xs.join(',')} by ${p[1]}`),
  (xs, p) => (p[2]! % 5 === 0 ? null : `swap ${xs.join(',')} at ${p[1]} ${p[2]}`),
];
const mutators: Mutator<number[], string>[] = APPLIES.map((apply, i) => ({
  breaks: `X-${i}`,
  families: [`f${i}`],
  mutate: (xs) => PICKS.map((p) => apply(xs, p)),
}));
const inputs = fc.array(fc.integer({ min: 0, max: 100 }), { maxLength: 8 });

/** The same cases drawn as one tuple (input, mutator, picks): how the UAS suite drew them before. */
const asTuple = fc
  .tuple(inputs, fc.constantFrom(...APPLIES), PICKS)
  .map(([xs, apply, p]) => apply(xs, p))
  .filter((m): m is string => m !== null);
const asMutated = new MutatedArbitrary(fc.tuple(inputs, fc.constantFrom(...mutators))).filter(
  (m): m is string => m !== null,
);

/** Fails when the numbers add up past a bound set by the picks, so that both sides shrink, in turns. */
function property(m: string): boolean {
  const [, list = '', pick = '0'] = /(?:of|swap) ([\d,]*) (?:by|at) (\d+)/.exec(m) ?? [];
  const sum = list
    .split(',')
    .filter(Boolean)
    .reduce((s, x) => s + Number(x), 0);
  return sum < Number(pick) % 97;
}

describe('mutations of drawn inputs (MutatedArbitrary)', () => {
  it('draws what the tuple of input, mutator and picks draws', () => {
    expect(fc.sample(asMutated, { seed: 3, numRuns: 200 })).toEqual(fc.sample(asTuple, { seed: 3, numRuns: 200 }));
  });

  it('shrinks as the tuple does: the input with the mutation draws and shrink steps kept, then the mutator, then the draws', () => {
    let shrunkBothWays = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const tuple = fc.check(fc.property(asTuple, property), { seed, numRuns: 100 });
      const mutated = fc.check(fc.property(asMutated, property), { seed, numRuns: 100 });
      expect([mutated.counterexample, mutated.counterexamplePath, mutated.numShrinks], `seed ${seed}`).toEqual([
        tuple.counterexample,
        tuple.counterexamplePath,
        tuple.numShrinks,
      ]);
      if (tuple.numShrinks > 3) shrunkBothWays++;
    }
    expect(shrunkBothWays).toBeGreaterThan(0);
  });

  it('replays a counterexample from its path', () => {
    const first = fc.check(fc.property(asMutated, property), { seed: 9, numRuns: 100 });
    expect(first.failed).toBe(true);
    const again = fc.check(fc.property(asMutated, property), {
      seed: 9,
      numRuns: 100,
      path: first.counterexamplePath!,
    });
    expect(again.counterexample).toEqual(first.counterexample);
  });
});
