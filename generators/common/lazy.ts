import * as fc from 'fast-check';
import { graphemeUnit } from './graphemes.js';

/**
 * An arbitrary built on its first use, then the built one: the same values, shrinks and random draws
 * as `build()` itself, so seeds and counterexamples do not change. For arbitraries whose construction
 * costs more than a short run uses (fast-check builds the whole grapheme table when
 * `fc.string({ unit: 'grapheme' })` is made): a run that never draws from them never pays for them.
 */
class Lazy<T> extends fc.Arbitrary<T> {
  private built: fc.Arbitrary<T> | undefined;
  constructor(private readonly build: () => fc.Arbitrary<T>) {
    super();
  }
  private get inner(): fc.Arbitrary<T> {
    return (this.built ??= this.build());
  }
  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<T> {
    return this.inner.generate(mrng, biasFactor);
  }
  canShrinkWithoutContext(value: unknown): value is T {
    return this.inner.canShrinkWithoutContext(value);
  }
  shrink(value: T, context: unknown): fc.Stream<fc.Value<T>> {
    return this.inner.shrink(value, context);
  }
}

/** `build()`, built the first time a value is drawn or shrunk. */
export function lazy<T>(build: () => fc.Arbitrary<T>): fc.Arbitrary<T> {
  return new Lazy(build);
}

/**
 * `fc.string({ unit: 'grapheme', ...constraints })`, built on first use (see `lazy`): the same values
 * and shrinks, drawn from the build's copy of fast-check's grapheme table (see `graphemeUnit`).
 */
export function graphemeString(constraints: { minLength?: number; maxLength?: number } = {}): fc.Arbitrary<string> {
  return lazy(() => fc.string({ unit: graphemeUnit(), ...constraints }));
}

/**
 * `make(key)`, made once per key and then shared: an arbitrary is immutable, so one instance draws
 * and shrinks as a fresh one would, and a generator asked for it again (every envelope field of a
 * type, every token of an alphabet) does not build it again (fast-check's string arbitraries scan
 * their unit when made).
 */
export function memoized<K, V>(make: (key: K) => V): (key: K) => V {
  const made = new Map<K, V>();
  return (key) => {
    if (!made.has(key)) made.set(key, make(key));
    return made.get(key)!;
  };
}

/** One unit per alphabet, shared by every string drawn from it (see `memoized`). */
const unitOf = memoized((alphabet: string) => fc.constantFrom(...alphabet));

/**
 * Strings of `minLength` to `maxLength` characters of `alphabet`, each drawn from it in its order;
 * built on first use (see `lazy`): many are made when their module loads, and fast-check tries its
 * list of prototype names against the unit whenever a string arbitrary is made.
 */
export function alphabetString(alphabet: string, minLength: number, maxLength = minLength): fc.Arbitrary<string> {
  return lazy(() => fc.string({ unit: unitOf(alphabet), minLength, maxLength }));
}

/** `fc.stringMatching(pattern)`, built on first use (see `lazy`): making one scans every prototype name against each character class of the pattern. */
export function lazyStringMatching(pattern: RegExp): fc.Arbitrary<string> {
  return lazy(() => fc.stringMatching(pattern));
}
