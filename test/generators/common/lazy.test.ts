import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { graphemeString, lazy } from '../../../generators/common/lazy.js';

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
    const direct = fc.sample(fc.tuple(fc.string({ unit: 'grapheme', maxLength: 8 }), fc.nat()), { seed: 7, numRuns: 300 });
    expect(wrapped).toEqual(direct);
  });

  it('shrink to the same counterexample in the same number of steps', () => {
    const failing = (arb: fc.Arbitrary<string>) => fc.check(fc.property(arb, (s) => [...s].length < 3), { seed: 3 });
    const wrapped = failing(graphemeString({ minLength: 1, maxLength: 8 }));
    const direct = failing(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }));
    expect(wrapped.failed).toBe(true);
    expect(wrapped.counterexample).toEqual(direct.counterexample);
    expect(wrapped.numShrinks).toBe(direct.numShrinks);
  });

  it('shrink a value they did not draw, as the wrapped arbitrary would', () => {
    const arb = graphemeString({ maxLength: 8 });
    expect(arb.canShrinkWithoutContext('abc')).toBe(true);
    const shrunk = [...arb.shrink('abc', undefined).take(5).map((v) => v.value)];
    const direct = [...fc.string({ unit: 'grapheme', maxLength: 8 }).shrink('abc', undefined).take(5).map((v) => v.value)];
    expect(shrunk).toEqual(direct);
    expect(shrunk.length).toBeGreaterThan(0);
  });
});
