import { describe, expect, it } from 'vitest';
import { describeThrown } from '../../src/engine/harness.js';
import { MAX_STRING, STRING_HEAD, toJsonSafe } from '../../src/engine/json-safe.js';
import { guardPrototypes } from '../../src/engine/prototype-guard.js';
import { withTimeout, TimeoutError } from '../../src/engine/timeout.js';

describe('toJsonSafe never throws and keeps what the data says', () => {
  it('keeps an own __proto__ key as data (defined, never assigned through the setter)', () => {
    const value = JSON.parse('{"__proto__": {"admin": true}, "a": 1}');
    const safe = toJsonSafe(value) as Record<string, unknown>;
    expect(Object.keys(safe)).toEqual(['__proto__', 'a']);
    expect(JSON.stringify(safe)).toBe('{"__proto__":{"admin":true},"a":1}');
    expect(Object.getPrototypeOf(safe)).toBe(Object.prototype);
  });

  it('a throwing getter or Proxy trap becomes $unreadable, the rest is kept', () => {
    const getter = {
      ok: 1,
      get bad() {
        throw new Error('getter refuses');
      },
    };
    expect(toJsonSafe(getter)).toEqual({ ok: 1, bad: { $unreadable: 'the getter of "bad" threw: getter refuses' } });
    const proxy = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('trap refuses');
        },
      },
    );
    expect(toJsonSafe({ p: proxy })).toEqual({ p: { $unreadable: 'reading the value threw: trap refuses' } });
  });

  it('cuts a long string to its head, recording its length', () => {
    const long = 'x'.repeat(MAX_STRING + 1);
    expect(toJsonSafe({ s: long })).toEqual({ s: { $cut: 'x'.repeat(STRING_HEAD), length: MAX_STRING + 1 } });
    expect(toJsonSafe('y'.repeat(MAX_STRING))).toBe('y'.repeat(MAX_STRING));
  });
});

describe('describeThrown: one line whatever was thrown, never throwing itself', () => {
  it('symbols, functions, undefined and values whose toJSON, toString and toPrimitive throw', () => {
    const hostile = {
      toString() {
        throw new Error('x');
      },
      toJSON() {
        throw new Error('x');
      },
      [Symbol.toPrimitive]() {
        throw new Error('x');
      },
    };
    expect([
      describeThrown(Symbol('s')),
      describeThrown(function named() {}),
      describeThrown(undefined),
      describeThrown(hostile),
    ]).toEqual([
      'threw a symbol: Symbol(s)',
      'threw a function: named',
      'threw a non-error value: undefined',
      'threw a value that cannot be shown (its toJSON and toString throw)',
    ]);
  });

  it('an Error whose message getter throws', () => {
    const e = new Error('x');
    Object.defineProperty(e, 'message', {
      get() {
        throw new Error('no');
      },
    });
    expect(describeThrown(e)).toBe('(its message cannot be read)');
  });
});

describe('the prototype guard', () => {
  it('puts back what a call added to or changed on the built-ins, and names it', () => {
    const guard = guardPrototypes();
    (Object.prototype as Record<string, unknown>).toJSON = () => 'patched';
    const original = Array.prototype.map;
    Array.prototype.map = (() => []) as typeof Array.prototype.map;
    expect(guard.restore().sort()).toEqual(['Array.prototype.map', 'Object.prototype.toJSON']);
    expect(Object.prototype).not.toHaveProperty('toJSON');
    expect(Array.prototype.map).toBe(original);
    expect(guard.restore()).toEqual([]);
  });

  it('puts back what a call deleted, also when it added as many properties as it deleted', () => {
    const guard = guardPrototypes();
    const { map, filter } = Array.prototype;
    delete (Array.prototype as Partial<typeof Array.prototype>).map;
    expect(guard.restore()).toEqual(['Array.prototype.map']);
    expect(Array.prototype.map).toBe(map);
    // One deleted, one added: the count of keys is what it was.
    delete (Array.prototype as Partial<typeof Array.prototype>).filter;
    (Array.prototype as unknown as Record<string, unknown>).filtre = filter;
    expect(guard.restore().sort()).toEqual(['Array.prototype.filter', 'Array.prototype.filtre']);
    expect(Array.prototype.filter).toBe(filter);
    expect(Array.prototype).not.toHaveProperty('filtre');
    expect(guard.restore()).toEqual([]);
  });
});

describe('withTimeout', () => {
  it('a promise that never settles ends in a timeout: the timer keeps the process alive meanwhile', async () => {
    await expect(withTimeout(new Promise(() => {}), 50)).rejects.toBeInstanceOf(TimeoutError);
  });

  it('an abort ends a pending call at once', async () => {
    const c = new AbortController();
    const p = withTimeout(new Promise(() => {}), 60_000, c.signal);
    c.abort();
    await expect(p).rejects.toThrow('the run was interrupted');
  });
});
