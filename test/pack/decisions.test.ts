import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allChecks } from '../../suites/index.js';

const doc = readFileSync(new URL('../../docs/spec-decisions.md', import.meta.url), 'utf8');
/** Ids written down: a heading (`### D-ENV-07: …`) or the first cell of a table row (`| D-UAS-03 | …`). */
const written = new Set([...doc.matchAll(/^(?:#{2,4} |\| )(D-[A-Z]+-\d+)\b/gm)].map((m) => m[1]!));

describe('docs/spec-decisions.md', () => {
  it('writes down every decision a check cites', () => {
    const cited = allChecks.flatMap((c) => (c.decisions ?? []).map((d) => ({ check: c.id, decision: d })));
    expect(cited.length).toBeGreaterThan(50);
    expect(cited.filter(({ decision }) => !written.has(decision))).toEqual([]);
  });

  it('writes each decision down once', () => {
    const all = [...doc.matchAll(/^(?:#{2,4} |\| )(D-[A-Z]+-\d+)\b/gm)].map((m) => m[1]!);
    expect(all.filter((d, i) => all.indexOf(d) !== i)).toEqual([]);
  });
});
