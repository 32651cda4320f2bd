import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { graphemeString, lazy, memoized } from '../../../generators/common/lazy.js';
import { freeText } from '../../../generators/common/text.js';
import { tokenLikeOf } from '../../../generators/common/token-like.js';

describe('lazy arbitraries', () => {
  it('build nothing until a value is drawn, then build once', () => {
    let builds = 0;
    const arb = lazy(() => {
      builds += 1;
      return fc.nat(9);
    });
    const mapped = arb.map((n) => n * 2);
    expect(builds).toBe(0);
    fc.sample(mapped, { seed: 1, numRuns: 20 });
    fc.sample(arb, { seed: 2, numRuns: 20 });
    expect(builds).toBe(1);
  });

  it('draw the same values as the arbitrary they wrap, for the same seed', () => {
    const wrapped = fc.sample(fc.tuple(graphemeString({ maxLength: 8 }), fc.nat()), { seed: 7, numRuns: 300 });
    const direct = fc.sample(fc.tuple(fc.string({ unit: 'grapheme', maxLength: 8 }), fc.nat()), {
      seed: 7,
      numRuns: 300,
    });
    expect(wrapped).toEqual(direct);
  });

  it('shrink to the same counterexample in the same number of steps', () => {
    const failing = (arb: fc.Arbitrary<string>) =>
      fc.check(
        fc.property(arb, (s) => [...s].length < 3),
        { seed: 3 },
      );
    const wrapped = failing(graphemeString({ minLength: 1, maxLength: 8 }));
    const direct = failing(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }));
    expect(wrapped.failed).toBe(true);
    expect(wrapped.counterexample).toEqual(direct.counterexample);
    expect(wrapped.numShrinks).toBe(direct.numShrinks);
  });

  it('shrink a value they did not draw, as the wrapped arbitrary would', () => {
    const arb = graphemeString({ maxLength: 8 });
    expect(arb.canShrinkWithoutContext('abc')).toBe(true);
    const shrunk = [
      ...arb
        .shrink('abc', undefined)
        .take(5)
        .map((v) => v.value),
    ];
    const direct = [
      ...fc
        .string({ unit: 'grapheme', maxLength: 8 })
        .shrink('abc', undefined)
        .take(5)
        .map((v) => v.value),
    ];
    expect(shrunk).toEqual(direct);
    expect(shrunk.length).toBeGreaterThan(0);
  });
});

describe('memoized arbitraries', () => {
  it('make one instance per key, and only when a key is first asked for', () => {
    const made: number[] = [];
    const of = memoized((n: number) => {
      made.push(n);
      return fc.nat(n);
    });
    expect(made).toEqual([]);
    const a = of(5);
    expect(of(5)).toBe(a);
    expect(of(7)).not.toBe(a);
    expect(made).toEqual([5, 7]);
  });

  it('draw as a fresh instance does, whoever else draws from the shared one', () => {
    // freeText(30) is one shared instance; a fresh one is made by a fresh key of the same shape.
    const shared = freeText(30);
    expect(freeText(30)).toBe(shared);
    for (const seed of [1, 2, 3]) {
      const alone = fc.sample(shared, { seed, numRuns: 50 });
      fc.sample(fc.tuple(shared, freeText(30)), { seed: seed + 100, numRuns: 50 });
      expect(fc.sample(shared, { seed, numRuns: 50 })).toEqual(alone);
    }
    // The idempotency key and the short reference share one alphanumeric unit.
    const ulid = tokenLikeOf('short-ref');
    const first = fc.sample(ulid, { seed: 9, numRuns: 30 });
    fc.sample(tokenLikeOf('idempotency-key'), { seed: 9, numRuns: 30 });
    expect(fc.sample(ulid, { seed: 9, numRuns: 30 })).toEqual(first);
  });
});
