import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { packCatalog } from '../../src/api/catalog.js';

const checks = packCatalog().checks;
const doc = readFileSync(new URL('../../docs/spec-decisions.md', import.meta.url), 'utf8');
/** Ids written down: a heading (`### D-ENV-07: …`) or the first cell of a table row (`| D-UAS-03 | …`). */
const ids = [...doc.matchAll(/^(?:#{2,4} |\| )(D-[A-Z]+-\d+)\b/gm)].map((m) => m[1]!);
const written = new Set(ids);

describe('every check of the catalog', () => {
  it('names the seed document and section it enforces', () => {
    expect(checks.filter((c) => !/^\d{3} §\S/.test(c.specRef)).map((c) => `${c.id}: ${c.specRef}`)).toEqual([]);
  });

  it('cites only decisions docs/spec-decisions.md writes down', () => {
    const cited = checks.flatMap((c) => (c.decisions ?? []).map((decision) => ({ check: c.id, decision })));
    expect(cited.filter(({ decision }) => !written.has(decision))).toEqual([]);
  });
});

describe('docs/spec-decisions.md', () => {
  it('writes each decision down once', () => {
    expect(ids.filter((d, i) => ids.indexOf(d) !== i)).toEqual([]);
  });

  it('speaks to users: cites seeds and sections, never work items, and points into no source file', () => {
    const lines = doc.split('\n').map((line, i) => ({ line, n: i + 1 }));
    expect(lines.filter(({ line }) => /\bissues? \d+\b/i.test(line)).map(({ n, line }) => `${n}: ${line}`)).toEqual([]);
    expect(
      lines
        .filter(({ line }) => /\b(src|suites|generators|test|bench)\/[\w./-]*|\.ts\b/.test(line))
        .map(({ n, line }) => `${n}: ${line}`),
    ).toEqual([]);
  });
});
