// Writes dist/tables/graphemes-<fast-check version>.txt: fast-check's table of full graphemes, the
// one `fc.string({ unit: 'grapheme' })` draws from, in its order and separated by NUL, so that runs
// draw the same graphemes without making fast-check's unit (generators/common/graphemes.ts says
// why). The table is read out of the unit fast-check makes; the build stops if fast-check no longer
// makes it the way this script expects, or if the unit read from the table draws otherwise.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import * as fc from 'fast-check';
import { GRAPHEME_SEPARATOR, graphemeTableName, graphemeUnitOf } from '../dist/generators/common/graphemes.js';
import { builtTableFile } from '../dist/src/contract/precompiled.js';
import { packageRoot } from '../dist/src/io/package.js';

const fail = (why) => {
  console.error(`scripts/graphemes.mjs: ${why} (fast-check ${fc.__version})`);
  process.exit(1);
};

// fc.string(...) is a map of an array of the unit; the unit is a map of fc.nat({ max }) to the table.
const unit = fc.string({ unit: 'grapheme' }).arb?.arb;
const max = unit?.arb?.max;
if (typeof unit?.mapper !== 'function' || !Number.isSafeInteger(max))
  fail('the grapheme unit is not the map of a nat this script reads');
const entries = [];
for (let i = 0; i <= max; i++) entries.push(unit.mapper(i));
if (entries.some((g) => typeof g !== 'string' || g.length === 0 || g.includes(GRAPHEME_SEPARATOR)))
  fail('a grapheme is empty or holds the separator');
if (new Set(entries).size !== entries.length) fail('a grapheme is in the table twice');
for (let c = 32; c <= 126; c++)
  if (entries[c - 32] !== String.fromCharCode(c)) fail('the table does not start with printable ASCII');

const text = entries.join(GRAPHEME_SEPARATOR);
const ours = graphemeUnitOf(text);
const sample = (u, seed) => fc.sample(fc.string({ unit: u, maxLength: 12 }), { seed, numRuns: 200 });
for (const seed of [1, 2, 3]) {
  if (JSON.stringify(sample(ours, seed)) !== JSON.stringify(sample('grapheme', seed)))
    fail('the table draws otherwise than fast-check');
}
const file = builtTableFile(packageRoot, graphemeTableName(fc.__version));
mkdirSync(dirname(file), { recursive: true });
writeFileSync(file, text);
