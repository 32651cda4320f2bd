import * as fc from 'fast-check';
import { builtTable } from '../../src/contract/precompiled.js';

/**
 * fast-check's full grapheme unit (`fc.string({ unit: 'grapheme' })`), read from a table the build
 * wrote, so that a run does not pay for what making that unit costs.
 *
 * fast-check draws a grapheme as an index into its table of 32,808 graphemes. Whenever a string
 * arbitrary is made, it tries its list of prototype names (`constructor`, `__proto__` and the rest)
 * against the unit, and answering one try builds a map from every grapheme back to its index: about
 * 25 ms and some megabytes of heap, most of what one check, one case costs beyond loading the pack.
 * The build (`scripts/graphemes.mjs`) writes fast-check's table, in order, to
 * `dist/tables/graphemes-<fast-check version>.txt`, the graphemes separated by NUL (which is not
 * one). This unit draws the same index as fast-check's (the same `fc.nat`), maps it to the same
 * grapheme and shrinks it the same way, so seeds, values and counterexamples do not change. It
 * answers a single printable ASCII character from the table's start, and builds its own map from
 * grapheme to index only for anything else. Without the table (another fast-check version, or
 * sources with no build beside them), fast-check's own unit is used.
 */

/** The name of the build's table of a fast-check version. */
export function graphemeTableName(version: string): string {
  return `graphemes-${version}.txt`;
}

/** The separator of the table's graphemes. */
export const GRAPHEME_SEPARATOR = '\u0000';

/** The first entries of fast-check's table: the printable ASCII characters, space (32) first. */
const ASCII_FIRST = 32;
const ASCII_LAST = 126;

/** A unit drawing the graphemes of `text` (the table's entries joined by the separator) as fast-check's unit of that table does. */
export function graphemeUnitOf(text: string): fc.Arbitrary<string> {
  // Where each entry starts in `text`, the last one past its end.
  const starts: number[] = [0];
  for (let i = text.indexOf(GRAPHEME_SEPARATOR); i !== -1; i = text.indexOf(GRAPHEME_SEPARATOR, i + 1))
    starts.push(i + 1);
  starts.push(text.length + 1);
  const count = starts.length - 1;
  const at = (index: number): string => text.slice(starts[index]!, starts[index + 1]! - 1);
  let reverse: Map<string, number> | undefined;
  const indexOf = (value: unknown): number => {
    if (typeof value !== 'string') throw new Error('not a string');
    if (value.length === 1) {
      const code = value.charCodeAt(0) - ASCII_FIRST;
      if (code >= 0 && code <= ASCII_LAST - ASCII_FIRST && code < count && at(code) === value) return code;
    }
    if (reverse === undefined) {
      reverse = new Map();
      // As fast-check's: a grapheme met twice answers its last index.
      for (let i = 0; i < count; i++) reverse.set(at(i), i);
    }
    const index = reverse.get(value);
    if (index === undefined) throw new Error('not a grapheme of the table');
    return index;
  };
  return fc.nat({ max: count - 1 }).map(at, indexOf);
}

/** The unit: from the build's table when it has one for this fast-check, else fast-check's own. */
function make(): fc.Arbitrary<string> | 'grapheme' {
  const text = builtTable(graphemeTableName(fc.__version));
  return text === undefined ? 'grapheme' : graphemeUnitOf(text);
}

let unit: fc.Arbitrary<string> | 'grapheme' | undefined;

/** The full grapheme unit for `fc.string({ unit })`, made on first use and then shared (fast-check caches a unit's prototype-name slices by instance). */
export function graphemeUnit(): fc.Arbitrary<string> | 'grapheme' {
  return (unit ??= make());
}
