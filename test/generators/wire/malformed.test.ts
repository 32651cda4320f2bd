import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MALFORMED_WIRE_FAMILIES, malformedWire, type MalformedWire } from '../../../generators/wire/malformed.js';
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
      'required-null': /required slot is null|slot 1: unknown profile null/,
      'not-an-array': /is an array/,
      'array-like': /is an array|body: expected an array/,
      'null-item': /\]: expected \w+, found null$/,
    };
    fc.assert(
      fc.property(malformedWire(data), (c) => {
        expect(() => fromKeyless(spec, c.wire), c.note).toThrow(reasons[c.family]!);
      }),
      { numRuns: 300, seed: 5 },
    );
  });

  /** The valid keyless envelope a case was made from, where its family can be undone: the one thing it broke. */
  const repaired = (c: MalformedWire): unknown => {
    const wire = structuredClone(c.wire) as Record<string, unknown>;
    const body = spec.envelopeFields.indexOf('body');
    switch (c.family) {
      case 'array-like':
        return Array.isArray(wire)
          ? ((wire[body] = Array.from(wire[body] as ArrayLike<unknown>)), wire)
          : Array.from(wire as unknown as ArrayLike<unknown>);
      case 'null-item': {
        const where = /^\/(.*) \(an item of/.exec(c.note)![1]!.split('/').map(Number);
        const k = where.pop()!;
        const items = where.reduce<unknown>((v, i) => (v as unknown[])[i], wire) as unknown[];
        items.splice(k, 1);
        return wire;
      }
      default:
        return Array.isArray(wire) ? wire.slice(0, spec.envelopeFields.length) : wire;
    }
  };

  it('array-like, null-item and a top-level overflow break only their rule: undone, the reference decodes the envelope', () => {
    const seen = { 'array-like envelope': 0, 'array-like body': 0, 'null object item': 0, 'top-level overflow': 0 };
    fc.assert(
      fc.property(malformedWire(data), (c) => {
        const topOverflow =
          c.family === 'overflow' && Array.isArray(c.wire) && c.wire.length === spec.envelopeFields.length + 1;
        if (c.family !== 'array-like' && c.family !== 'null-item' && !topOverflow) return;
        if (c.family === 'array-like') {
          const like = Array.isArray(c.wire) ? c.wire[spec.envelopeFields.indexOf('body')] : c.wire;
          expect(Array.isArray(like)).toBe(false);
          expect(typeof (like as { length: unknown }).length).toBe('number');
          seen[Array.isArray(c.wire) ? 'array-like body' : 'array-like envelope'] += 1;
        }
        if (c.family === 'null-item' && /\((an item of (corrected_fields|evidence|endpoints))\)/.test(c.note))
          seen['null object item'] += 1;
        if (topOverflow) seen['top-level overflow'] += 1;
        expect(() => fromKeyless(spec, repaired(c)), c.note).not.toThrow();
      }),
      { numRuns: 400, seed: 8 },
    );
    for (const [what, n] of Object.entries(seen)) expect(n, what).toBeGreaterThan(4);
  });

  it('draws null-item cases from envelopes holding an array of objects that travel keyed, and overflows the envelope itself in about half the overflow cases', () => {
    const cases = fc.sample(malformedWire(data), { seed: 2, numRuns: 600 });
    const nullItems = cases.filter((c) => c.family === 'null-item');
    expect(nullItems.length).toBeGreaterThan(20);
    expect(
      nullItems.every((c) => /\(an item of (corrected_fields|evidence|endpoints)\)/.test(c.note)),
      nullItems.map((c) => c.note).join('; '),
    ).toBe(true);
    const overflows = cases.filter((c) => c.family === 'overflow');
    const top = overflows.filter((c) => (c.wire as unknown[]).length === spec.envelopeFields.length + 1);
    expect(top.length / overflows.length).toBeGreaterThan(0.3);
    expect(top.length / overflows.length).toBeLessThan(0.7);
  });

  it('reaches every family', () => {
    const families = new Set(fc.sample(malformedWire(data), { seed: 1, numRuns: 200 }).map((c) => c.family));
    expect([...families].sort()).toEqual([...MALFORMED_WIRE_FAMILIES].sort());
  });

  it('is deterministic for a seed', () => {
    expect(fc.sample(malformedWire(data), { seed: 3, numRuns: 10 })).toEqual(
      fc.sample(malformedWire(data), { seed: 3, numRuns: 10 }),
    );
  });
});
