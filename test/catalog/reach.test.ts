import { describe, expect, it } from 'vitest';
import { packCatalog } from '../../src/api/catalog.js';
import type { CheckDefinition } from '../../src/engine/check.js';
import { firstCases } from '../../src/engine/replay.js';
import { bundledSpec } from '../../src/spec/index.js';

/**
 * A family that a default run rarely draws catches nothing there. Every check that breaks its rule in
 * several ways lists the tags a run of the default 100 cases must show (`reach`), and its generators
 * weigh their draws so that each shows up, whatever the seed: here, the first 100 cases of three run
 * seeds, drawn exactly as a run draws them, show every listed tag; and no check draws a mutation
 * family it does not list.
 */
const DEFAULT_RUNS = 100;
const SEEDS = [1, 42, 2026];
const spec = bundledSpec();
const catalog = packCatalog();

const drawn = new Map<string, string[][]>();

/** The tags of the first `DEFAULT_RUNS` cases a run of `check` at `seed` draws (drawn once: both tests read them). */
function tagsOf(check: CheckDefinition, seed: number): string[][] {
  const key = `${check.id} ${seed}`;
  let tags = drawn.get(key);
  if (tags === undefined)
    drawn.set(key, (tags = firstCases(check, spec, seed, DEFAULT_RUNS).map((c) => check.tags?.(c) ?? [])));
  return tags;
}

describe('the reach of every check at the default runs', () => {
  it('every check that draws mutation families lists what it must reach', () => {
    const drawing = catalog.checks.filter((c) =>
      tagsOf(c, SEEDS[0]!).some((tags) => tags.some((t) => t.startsWith('family:'))),
    );
    expect(drawing.filter((c) => c.reach === undefined).map((c) => c.id)).toEqual([]);
  });

  for (const check of catalog.checks.filter((c) => c.reach !== undefined)) {
    it(`${check.id}: the first ${DEFAULT_RUNS} cases of every seed show every listed tag, and no family it does not list`, () => {
      const listed = check.reach!(spec);
      expect(listed.length).toBeGreaterThan(0);
      const missing: string[] = [];
      const drawn = new Set<string>();
      for (const seed of SEEDS) {
        const seen = new Set(tagsOf(check, seed).flat());
        for (const t of listed) if (!seen.has(t)) missing.push(`seed ${seed}: ${t}`);
        for (const t of seen) if (t.startsWith('family:')) drawn.add(t);
      }
      expect(missing).toEqual([]);
      // The cases of the three runs are the ones a user sees: a family none of them draws is not part of a default run.
      expect([...drawn].filter((t) => !listed.includes(t))).toEqual([]);
    });
  }
});
