// `npm run reach [-- --cases N] [-- --seed S] [-- --check ID]`: how likely a default run (100 cases) is to draw each
// tag a check lists in `reach` (its mutation families and the variants that expose other bugs).
// Each check draws N cases (default 3000) exactly as a run draws them at seed S (default 7); a tag
// shown in a share p of them is shown at least once in 100 cases with probability 1 - (1 - p)^100.
// Prints the tags under the 0.99 the reach goal aims at, the rarest tag of each suite, and the
// overall figure. Reads the build (`npm run build` first). Not part of `npm test`: the catalog's
// reach test (test/catalog/reach.test.ts) holds every tag to showing at three seeds.
import { parseArgs } from 'node:util';
import { packCatalog } from '../dist/src/api/catalog.js';
import { firstCases } from '../dist/src/engine/replay.js';
import { bundledSpec } from '../dist/src/spec/index.js';

const DEFAULT_RUNS = 100;
const GOAL = 0.99;
/** Exits 2 with one line on stderr: what the command takes. */
function usage(line) {
  console.error(`reach: ${line}`);
  process.exit(2);
}
let values;
try {
  ({ values } = parseArgs({
    options: {
      cases: { type: 'string', default: '3000' },
      seed: { type: 'string', default: '7' },
      check: { type: 'string', multiple: true },
    },
  }));
} catch (e) {
  usage(e.message.split('\n')[0]);
}
const cases = /^\d+$/.test(values.cases) ? Number(values.cases) : NaN;
const seed = /^-?\d+$/.test(values.seed) ? Number(values.seed) : NaN;
if (!(cases >= 100) || !Number.isSafeInteger(seed))
  usage('--cases takes a whole number of at least 100, --seed a whole number');

const spec = bundledSpec();
const catalog = packCatalog().checks;
const unknown = (values.check ?? []).filter((id) => !catalog.some((c) => c.id === id));
if (unknown.length) usage(`no check ${unknown.join(', ')} in the catalog`);
const rows = [];
for (const check of catalog) {
  if (check.reach === undefined || (values.check && !values.check.includes(check.id))) continue;
  const listed = check.reach(spec);
  const counts = new Map(listed.map((t) => [t, 0]));
  for (const c of firstCases(check, spec, seed, cases)) {
    for (const t of new Set(check.tags?.(c) ?? [])) if (counts.has(t)) counts.set(t, counts.get(t) + 1);
  }
  for (const [tag, n] of counts) {
    const p = n / cases;
    rows.push({ suite: check.suite, check: check.id, tag, share: p, reach: 1 - (1 - p) ** DEFAULT_RUNS });
  }
}
rows.sort((a, b) => a.reach - b.reach);
const pct = (x) => `${(100 * x).toFixed(x > 0.9999 ? 3 : 1)}%`;
const under = rows.filter((r) => r.reach < GOAL);
console.log(
  `Reach at the default run (${DEFAULT_RUNS} cases), estimated from ${cases} cases per check at seed ${seed}: ${rows.length} listed tags over ${new Set(rows.map((r) => r.check)).size} check(s).`,
);
console.log(`\n${under.length} tag(s) under ${GOAL}${under.length ? ':' : '.'}`);
if (under.length) {
  console.log('| check | tag | share of cases | shown in a default run |\n| --- | --- | ---: | ---: |');
  for (const r of under) console.log(`| ${r.check} | ${r.tag} | ${pct(r.share)} | ${pct(r.reach)} |`);
}
console.log(
  '\nThe rarest tag of each suite:\n| suite | check | tag | share of cases | shown in a default run |\n| --- | --- | --- | ---: | ---: |',
);
for (const suite of [...new Set(rows.map((r) => r.suite))]) {
  const r = rows.find((x) => x.suite === suite);
  console.log(`| ${suite} | ${r.check} | ${r.tag} | ${pct(r.share)} | ${pct(r.reach)} |`);
}
const all = rows.reduce((s, r) => s * r.reach, 1);
console.log(
  `\nEvery listed tag of every check in one default run of the whole pack (tags taken as independent): ${pct(all)}.`,
);
