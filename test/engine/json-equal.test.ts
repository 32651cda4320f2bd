import fc from 'fast-check';
import { canonicalize } from 'json-canonicalize';
import { describe, expect, it } from 'vitest';
import { jsonEqual } from '../../src/engine/json-equal.js';

/** The oracle: the two canonical JSON texts (RFC 8785) are the same text. */
const canonicallyEqual = (a: unknown, b: unknown) => canonicalize(a) === canonicalize(b);

/** A copy of a JSON value with every object's members in another order (`flip` picks, per object, reversed or as is). */
function reordered(v: unknown, flip: () => boolean): unknown {
  if (Array.isArray(v)) return v.map((x) => reordered(x, flip));
  if (v === null || typeof v !== 'object') return v;
  const entries = Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, reordered(x, flip)] as const);
  return Object.fromEntries(flip() ? entries.reverse() : entries);
}

/** Member names adversarial JSON carries, which a deep-equality helper may call or walk into. */
const trapKey = fc.constantFrom('__proto__', 'constructor', 'valueOf', 'toString', 'hasOwnProperty', 'length', '0', '');
/** JSON values with those names among the keys, and -0 among the numbers. */
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', maxDepth: 4 },
    fc.constant(null),
    fc.boolean(),
    fc.constantFrom(0, -0, 1, 1.5, -2e-7, 1e21),
    fc.string({ maxLength: 3 }),
    tie('array'),
    tie('object'),
  ),
  array: fc.array(tie('value'), { maxLength: 3 }),
  object: fc
    .array(fc.tuple(fc.oneof(trapKey, fc.string({ maxLength: 2 })), tie('value')), { maxLength: 4 })
    .map((es) => Object.fromEntries(es)),
})).value;

describe('jsonEqual: the canonical texts compared, without making them', () => {
  it('answers as the canonical comparison does, on independent values', () => {
    fc.assert(
      fc.property(json, json, (a, b) => jsonEqual(a, b) === canonicallyEqual(a, b)),
      { numRuns: 3000 },
    );
  });

  it('a value equals every reordering of itself, and a copy that differs anywhere does not', () => {
    fc.assert(
      fc.property(json, fc.infiniteStream(fc.boolean()), (a, flips) => {
        const it = flips[Symbol.iterator]();
        const b = reordered(a, () => it.next().value as boolean);
        expect(jsonEqual(a, b)).toBe(true);
        expect(canonicallyEqual(a, b)).toBe(true);
      }),
      { numRuns: 1000 },
    );
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        for (const [x, y] of [
          [{ a }, { a: b }],
          [[a], [b]],
          [{ k: [a] }, { k: [b] }],
        ] as const)
          expect(jsonEqual(x, y)).toBe(canonicallyEqual(x, y));
      }),
      { numRuns: 2000 },
    );
  });

  it('the corners: -0 and 0, arrays against objects, a missing member against an undefined one, own names only', () => {
    expect(jsonEqual(-0, 0)).toBe(true);
    expect(jsonEqual([-0], [0])).toBe(true);
    expect(jsonEqual([], {})).toBe(false);
    expect(jsonEqual({ 0: 'a', length: 1 }, ['a'])).toBe(false);
    expect(jsonEqual({ a: 1, b: undefined }, { a: 1 })).toBe(false);
    expect(jsonEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(jsonEqual({}, { toString: Object.prototype.toString })).toBe(false);
    expect(jsonEqual(JSON.parse('{"__proto__":{"x":1}}'), JSON.parse('{"__proto__":{"x":1}}'))).toBe(true);
    expect(jsonEqual(JSON.parse('{"__proto__":{"x":1}}'), {})).toBe(false);
    // As many members, but one only inherited on the other side (Object.prototype has no own keys either).
    expect(jsonEqual(JSON.parse('{"__proto__":{}}'), { a: 1 })).toBe(false);
    expect(jsonEqual({ valueOf: 1, toString: 2, constructor: 3 }, { constructor: 3, toString: 2, valueOf: 1 })).toBe(
      true,
    );
    expect(jsonEqual('\ud800', '\ud800')).toBe(true);
    expect(jsonEqual('e\u0301', '\u00e9')).toBe(false);
    expect(jsonEqual(1, '1')).toBe(false);
    expect(jsonEqual(null, {})).toBe(false);
  });

  it('what JSON cannot carry is never equal, and never throws', () => {
    expect(jsonEqual(NaN, NaN)).toBe(false);
    expect(jsonEqual(Infinity, Infinity)).toBe(false);
    expect(jsonEqual([1, Infinity], [1, Infinity])).toBe(false);
    const cycle: unknown[] = [];
    cycle.push(cycle);
    expect(jsonEqual(cycle, cycle)).toBe(false);
  });
});
