import { existsSync, readFileSync } from 'node:fs';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  GRAPHEME_SEPARATOR,
  graphemeTableName,
  graphemeUnit,
  graphemeUnitOf,
} from '../../../generators/common/graphemes.js';
import { builtTableFile } from '../../../src/contract/precompiled.js';
import { packageRoot } from '../../../src/io/package.js';

// fast-check's own unit, reached the only public way: through a string of one grapheme.
const theirs = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 });

describe("the build's copy of fast-check's grapheme table", () => {
  const file = builtTableFile(packageRoot, graphemeTableName(fc.__version));

  it('is written by the build for the installed fast-check, and used', () => {
    expect(existsSync(file)).toBe(true);
    expect(graphemeUnit()).not.toBe('grapheme');
  });

  it('draws the same strings as fast-check, for every length bound and seed tried', () => {
    const unit = graphemeUnit();
    for (const constraints of [
      {},
      { maxLength: 1 },
      { minLength: 1, maxLength: 16 },
      { minLength: 3, maxLength: 40 },
    ]) {
      for (const seed of [1, 42, 2026]) {
        const ours = fc.sample(fc.string({ unit, ...constraints }), { seed, numRuns: 300 });
        expect(ours).toEqual(fc.sample(fc.string({ unit: 'grapheme', ...constraints }), { seed, numRuns: 300 }));
      }
    }
  });

  it('shrinks a failure to the same counterexample, in the same steps', () => {
    const failing = (u: fc.Arbitrary<string> | 'grapheme', seed: number) =>
      fc.check(
        fc.property(fc.string({ unit: u, maxLength: 30 }), (s) => !/[^\x00-\x7f]{2}/.test(s)),
        { seed },
      );
    for (const seed of [3, 4, 5]) {
      const ours = failing(graphemeUnit(), seed);
      const direct = failing('grapheme', seed);
      expect(ours.failed).toBe(true);
      expect([ours.counterexample, ours.numShrinks, ours.counterexamplePath]).toEqual([
        direct.counterexample,
        direct.numShrinks,
        direct.counterexamplePath,
      ]);
    }
  });

  it('knows exactly the graphemes fast-check knows, as strings it did not draw', () => {
    const ours = fc.string({ unit: graphemeUnit(), minLength: 1, maxLength: 1 });
    const table = readFileSync(file, 'utf8').split(GRAPHEME_SEPARATOR);
    expect(table.length).toBe(32_808);
    for (const g of table) expect(ours.canShrinkWithoutContext(g)).toBe(true);
    const others = [
      '',
      'ab',
      '\u0000',
      '\u001f',
      '\u007f',
      'e\u0301',
      '\u00e9',
      '\ud800',
      '\udc00',
      '\u{1f600}',
      'Ω',
      '\u212a',
      ' ',
      '~',
      '~~',
    ];
    for (const v of others)
      expect([v, ours.canShrinkWithoutContext(v)]).toEqual([v, theirs.canShrinkWithoutContext(v)]);
    // Not strings at all.
    for (const v of [undefined, null, 65, ['a']]) expect(ours.canShrinkWithoutContext(v)).toBe(false);
  });

  it('shrinks a string it did not draw as fast-check does, ASCII or not', () => {
    for (const value of ['constructor', 'añ\u{1f600}e\u0301x', '\u00e9\u00e9\u00e9']) {
      const shrinks = (u: fc.Arbitrary<string> | 'grapheme') => [
        ...fc
          .string({ unit: u, maxLength: 12 })
          .shrink(value, undefined)
          .take(12)
          .map((v) => v.value),
      ];
      const ours = shrinks(graphemeUnit());
      expect(ours.length).toBeGreaterThan(0);
      expect(ours).toEqual(shrinks('grapheme'));
    }
  });

  it('answers a grapheme met twice by its last place, as fast-check maps it back', () => {
    const unit = graphemeUnitOf(['a', 'b', 'x', 'b', 'c'].join(GRAPHEME_SEPARATOR));
    expect(fc.sample(unit, { seed: 1, numRuns: 50 }).every((s) => ['a', 'b', 'x', 'c'].includes(s))).toBe(true);
    expect(unit.canShrinkWithoutContext('b')).toBe(true);
    expect(unit.canShrinkWithoutContext('d')).toBe(false);
    // 'b' is index 3, not 1: it shrinks as the index 3 does.
    const table = ['a', 'b', 'x', 'b', 'c'];
    const asIndex = [
      ...fc
        .nat({ max: 4 })
        .shrink(3, undefined)
        .map((v) => table[v.value]),
    ];
    expect(asIndex).toEqual(['a', 'x']);
    expect([...unit.shrink('b', undefined).map((v) => v.value)]).toEqual(asIndex);
  });

  it('finds a printable ASCII character wherever a table holds it', () => {
    // '!' would be index 1 of a table that starts with printable ASCII; here it is index 2.
    const unit = graphemeUnitOf(['x', 'y', '!'].join(GRAPHEME_SEPARATOR));
    expect([...unit.shrink('!', undefined).map((v) => v.value)]).toEqual([
      ...fc
        .nat({ max: 2 })
        .shrink(2, undefined)
        .map((v) => ['x', 'y', '!'][v.value]),
    ]);
    expect(unit.canShrinkWithoutContext(' ')).toBe(false);
  });
});

describe('the pack draws full graphemes', () => {
  it("only through the build's table: no generator or suite makes fast-check's unit itself", async () => {
    const { readdirSync } = await import('node:fs');
    const { join } = await import('node:path');
    const offenders: string[] = [];
    for (const top of ['generators', 'suites', 'src']) {
      for (const f of readdirSync(join(packageRoot, top), { recursive: true, encoding: 'utf8' })) {
        if (!f.endsWith('.ts') || f === join('common', 'graphemes.ts')) continue;
        const code = readFileSync(join(packageRoot, top, f), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
        if (/unit:\s*['"]grapheme['"]/.test(code)) offenders.push(join(top, f));
      }
    }
    expect(offenders).toEqual([]);
  });
});
