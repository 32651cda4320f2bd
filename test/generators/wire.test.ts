import fc from 'fast-check';
import { canonicalize } from 'json-canonicalize';
import { describe, expect, it } from 'vitest';
import { malformedWire } from '../../generators/wire/malformed.js';
import { validEnvelope } from '../../generators/envelope/envelope.js';
import { fromKeyless, toKeyless } from '../../src/reference/keyless.js';

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
      fc.property(malformedWire(), (c) => {
        expect(() => fromKeyless(c.wire), c.note).toThrow(reasons[c.family]!);
      }),
      { numRuns: 300, seed: 5 },
    );
  });

  it('reaches every family', () => {
    const families = new Set(fc.sample(malformedWire(), { seed: 1, numRuns: 200 }).map((c) => c.family));
    expect([...families].sort()).toEqual(['arity-short', 'not-an-array', 'overflow', 'required-null', 'reserved-slot', 'slot-type']);
  });

  it('is deterministic for a seed', () => {
    expect(fc.sample(malformedWire(), { seed: 3, numRuns: 10 })).toEqual(fc.sample(malformedWire(), { seed: 3, numRuns: 10 }));
  });
});

describe('the reference keyless codec on valid envelopes', () => {
  it('round-trips through JSON (member order aside)', () => {
    fc.assert(
      fc.property(validEnvelope(), (c) => {
        const wire = JSON.parse(JSON.stringify(toKeyless(c.packet)));
        expect(canonicalize(fromKeyless(wire))).toBe(canonicalize(c.packet));
      }),
      { numRuns: 200, seed: 8 },
    );
  });
});
