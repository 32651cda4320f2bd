import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MALFORMED_WIRE_FAMILIES, malformedWire } from '../../../generators/wire/malformed.js';
import { fromKeyless } from '../../../src/reference/envelope/keyless.js';
import { bundledSpec } from '../../../src/spec/index.js';

const data = bundledSpec();
const spec = data.envelope;

describe('malformedWire', () => {
  it('every case is refused by the reference decoder, for the reason it claims', () => {
    const reasons: Record<string, RegExp> = {
      'arity-short': /slots, found/,
      overflow: /slots, found/,
      'slot-type': /expected|unknown profile/,
      'reserved-slot': /reserved slot must be null/,
      'required-null': /required slot is null/,
      'not-an-array': /is an array/,
    };
    fc.assert(
      fc.property(malformedWire(data), (c) => {
        expect(() => fromKeyless(spec, c.wire), c.note).toThrow(reasons[c.family]!);
      }),
      { numRuns: 300, seed: 5 },
    );
  });

  it('reaches every family', () => {
    const families = new Set(fc.sample(malformedWire(data), { seed: 1, numRuns: 200 }).map((c) => c.family));
    expect([...families].sort()).toEqual([...MALFORMED_WIRE_FAMILIES].sort());
  });

  it('is deterministic for a seed', () => {
    expect(fc.sample(malformedWire(data), { seed: 3, numRuns: 10 })).toEqual(fc.sample(malformedWire(data), { seed: 3, numRuns: 10 }));
  });
});
