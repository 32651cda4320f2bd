import * as fc from 'fast-check';
import type { Mutator } from '../common/mutator.js';

/** What a mutated value remembers, so that it can be shrunk on either side. */
interface Drawn<In, Out> {
  /** The input and the mutator, as drawn (with their shrink context). */
  source: fc.Value<[In, Mutator<In, Out>]>;
  /** The mutator's arbitrary for that input. */
  arb: fc.Arbitrary<Out | null>;
  /** The random generator as it stood when the mutation was drawn, and the bias it was drawn with. */
  at: fc.Random;
  bias: number | undefined;
  /** The mutation, with its shrink context. */
  mutation: fc.Value<Out | null>;
  /** The shrink steps the mutation took since it was drawn: an index into each successive shrink stream. */
  steps: readonly number[];
}

const isDrawn = (c: unknown): c is Drawn<unknown, unknown> =>
  typeof c === 'object' && c !== null && 'source' in c && 'steps' in c;

function* numbered<T>(items: Iterable<T>): IterableIterator<[T, number]> {
  let i = 0;
  for (const x of items) yield [x, i++];
}

function nth<T>(items: Iterable<T>, n: number): T | undefined {
  for (const [x, i] of numbered(items)) if (i === n) return x;
  return undefined;
}

/**
 * Mutations of drawn inputs: an input and a mutator are drawn from `sources`, then a mutation from
 * `mutator.mutate(input)`. Unlike `sources.chain(...)`, it shrinks as the tuple (input, mutator,
 * mutation randomness) does: first the input, then the mutator, each with the mutation's own draws
 * and shrink steps kept (they are replayed on the new mutator's arbitrary), then the mutation.
 * `chain` would redraw the mutation from other randomness at every shrink of the input, so a shrunk
 * counterexample would break the document another way. The replay is exact when a mutator's
 * arbitrary draws and shrinks the same way whatever its input, as the UAS mutators' picks do;
 * otherwise it keeps as many steps as still apply.
 */
export class MutatedArbitrary<In, Out> extends fc.Arbitrary<Out | null> {
  constructor(private readonly sources: fc.Arbitrary<[In, Mutator<In, Out>]>) {
    super();
  }

  generate(mrng: fc.Random, bias: number | undefined): fc.Value<Out | null> {
    const source = this.sources.generate(mrng, bias);
    const arb = source.value_[1].mutate(source.value_[0]);
    const at = mrng.clone();
    const mutation = arb.generate(mrng, bias);
    return this.valueHolding({ source, arb, at, bias, mutation, steps: [] });
  }

  /** A mutation alone cannot be shrunk: its input and draws are in the context. */
  canShrinkWithoutContext(_value: unknown): _value is Out | null {
    return false;
  }

  shrink(_value: Out | null, context: unknown): fc.Stream<fc.Value<Out | null>> {
    if (!isDrawn(context)) return fc.Stream.nil();
    const d = context as Drawn<In, Out>;
    const fromSource = this.sources.shrink(d.source.value_, d.source.context).map((source) => this.redrawn(source, d));
    const fromMutation = fc
      .stream(numbered(lazily(() => d.arb.shrink(d.mutation.value_, d.mutation.context))))
      .map(([mutation, i]) => this.valueHolding({ ...d, mutation, steps: [...d.steps, i] }));
    return fromSource.join(fromMutation);
  }

  /** The mutation `d` holds, drawn again for a shrunk source: same randomness, same shrink steps. */
  private redrawn(source: fc.Value<[In, Mutator<In, Out>]>, d: Drawn<In, Out>): fc.Value<Out | null> {
    const arb = source.value_[1].mutate(source.value_[0]);
    let mutation = arb.generate(d.at.clone(), d.bias);
    const steps: number[] = [];
    for (const i of d.steps) {
      const next = nth(arb.shrink(mutation.value_, mutation.context), i);
      if (next === undefined) break;
      mutation = next;
      steps.push(i);
    }
    return this.valueHolding({ source, arb, at: d.at, bias: d.bias, mutation, steps });
  }

  private valueHolding(d: Drawn<In, Out>): fc.Value<Out | null> {
    return new fc.Value(d.mutation.value_, d);
  }
}

function* lazily<T>(make: () => Iterable<T>): IterableIterator<T> {
  yield* make();
}
