import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  answerOverBudget,
  BUDGET_NAMES,
  budgetsWith,
  DEFAULT_BUDGETS,
  measureAnswer,
  measureJsonText,
} from '../../src/contract/budgets.js';

/** What the scan must find, counted the slow way on the parsed value. */
function measured(v: unknown, depth = 0): { values: number; depth: number; longestString: number } {
  if (typeof v === 'string') return { values: 0, depth, longestString: v.length };
  if (v === null || typeof v !== 'object') return { values: 0, depth, longestString: 0 };
  const entries = Array.isArray(v) ? v.map((x) => ['', x] as const) : Object.entries(v);
  let out = { values: entries.length, depth: depth + 1, longestString: 0 };
  for (const [k, x] of entries) {
    const m = measured(x, depth + 1);
    out = {
      values: out.values + m.values,
      depth: Math.max(out.depth, m.depth),
      longestString: Math.max(out.longestString, m.longestString, k.length),
    };
  }
  return out;
}

describe('the budgets (D-REL-02)', () => {
  it('the scan of a JSON text measures what the parsed value holds, from the text or from its UTF-8 bytes', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(undefined, 2), (v, indent) => {
        const text = JSON.stringify(v, null, indent);
        expect(measureJsonText(text)).toEqual(measured(JSON.parse(text)));
        expect(measureJsonText(Buffer.from(text, 'utf8'))).toEqual(measureJsonText(text));
      }),
      { numRuns: 300 },
    );
    // An escape is the one character it stands for; an astral character two code units.
    expect(measureJsonText('["\\u00e9\\n𝄞"]')).toEqual({ values: 1, depth: 1, longestString: 4 });
  });

  it('the walk of an answer in process counts the values the scan counts, and names the first budget it goes over', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const m = measureAnswer(v, DEFAULT_BUDGETS);
        expect(m).toEqual({ problem: null, values: measured(v).values });
      }),
      { numRuns: 200 },
    );
    const b = budgetsWith({ 'answer-values': 3, 'answer-depth': 2, 'answer-string': 5, findings: 1 });
    expect(answerOverBudget({ a: 1, b: 2, c: 3, d: 4 }, b)).toBe(
      'the answer holds more than 3 values (budget answer-values; raise it with --budget answer-values=<n>)',
    );
    expect(answerOverBudget([[[1]]], b)).toBe(
      'the answer is nested more than 2 levels deep (budget answer-depth; raise it with --budget answer-depth=<n>)',
    );
    expect(answerOverBudget({ long: 'abcdef' }, b)).toMatch(/^the answer holds a string of more than 5 characters/);
    expect(answerOverBudget({ abcdef: 1 }, b)).toMatch(/string of more than 5 characters/);
    expect(answerOverBudget({ valid: false, findings: [{}, {}] }, b)).toBe(
      'the verdict has more than 1 findings (budget findings; raise it with --budget findings=<n>)',
    );
    expect(answerOverBudget(new Uint8Array(6), b)).toMatch(/^the answer holds a byte array of more than 5 bytes/);
  });

  it('the walk survives what an implementation in process can hand over: cycles, depth without end, getters and traps that throw', () => {
    const cycle: Record<string, unknown> = { a: 1 };
    cycle.self = cycle;
    expect(answerOverBudget(cycle, DEFAULT_BUDGETS)).toBeNull();
    let deep: unknown = 1;
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(answerOverBudget(deep, DEFAULT_BUDGETS)).toMatch(/nested more than 256 levels deep/);
    // Whatever throws while the walk reads ends it with no verdict: the harness's copy meets it and says so.
    const getter = Object.defineProperty({}, 'x', {
      enumerable: true,
      get() {
        throw new Error('no');
      },
    });
    expect(answerOverBudget(getter, DEFAULT_BUDGETS)).toBeNull();
    const trap = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('no');
        },
      },
    );
    expect(answerOverBudget(trap, DEFAULT_BUDGETS)).toBeNull();
    // A member count over the budget is refused before a single member is read.
    let reads = 0;
    const wide = new Proxy(Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, i])), {
      get(t, k) {
        reads += 1;
        return Reflect.get(t, k);
      },
    });
    expect(answerOverBudget(wide, budgetsWith({ 'answer-values': 10 }))).toMatch(/more than 10 values/);
    expect(reads).toBe(0);
  });

  it('every budget has a default, and the defaults are those the docs name', () => {
    expect(BUDGET_NAMES).toEqual([
      'answer-bytes',
      'answer-values',
      'answer-depth',
      'answer-string',
      'findings',
      'session-calls',
      'session-values',
      'session-ms',
      'memory',
    ]);
    expect(DEFAULT_BUDGETS).toEqual({
      'answer-bytes': 8388608,
      'answer-values': 100000,
      'answer-depth': 256,
      'answer-string': 1048576,
      findings: 10000,
      'session-calls': 1000,
      'session-values': 50000,
      'session-ms': 60000,
      memory: 2048,
    });
  });
});
