import { describe, expect, it } from 'vitest';
import { packCatalog } from '../../src/api/catalog.js';
import { bundledSpec } from '../../src/spec/index.js';
import { cli, expectUsageError } from '../helpers/cli.js';

describe('explain', () => {
  it('prints what a check enforces: its statement, seed clause, members, and each decision with its override key', async () => {
    const check = packCatalog().checks.find((c) => (c.decisions ?? []).length > 0)!;
    const r = await cli(['explain', check.id]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`${check.id} [${check.severity}] ${check.suite}: ${check.title}`);
    expect(r.stdout).toContain(`  seed: ${check.specRef}`);
    expect(r.stdout).toContain(`  calls: ${check.requires.join(', ')}`);
    for (const d of check.decisions!)
      expect(r.stdout).toMatch(
        new RegExp(`\\n    ${d}\\b.*\\n      (override: spec/\\w+\\.json "\\w+"|not overridable)`),
      );
    if (check.statement) expect(r.stdout).toContain(`  ${check.statement}`);
  });

  it('answers JSON for machines, with every decision and its override keys', async () => {
    const check = packCatalog().checks[0]!;
    const r = await cli(['explain', check.id, '--json']);
    const e = JSON.parse(r.stdout);
    expect(e).toMatchObject({ id: check.id, title: check.title, specRef: check.specRef, requires: check.requires });
    expect(e.decisions.map((d: { id: string }) => d.id)).toEqual(check.decisions ?? []);
    for (const d of e.decisions) expect(Array.isArray(d.overrideKeys)).toBe(true);
  });

  it('lists the mutation families and variants every default run draws, for a check that has them', async () => {
    const check = packCatalog().checks.find((c) => c.reach !== undefined)!;
    const listed = check.reach!(bundledSpec());
    const text = (await cli(['explain', check.id])).stdout;
    expect(text).toContain('  every default run draws:');
    for (const tag of listed) expect(text).toContain(tag);
    expect(JSON.parse((await cli(['explain', check.id, '--json'])).stdout).reach).toEqual(listed);
  });

  it('refuses an unknown check or a missing id in one line', async () => {
    expectUsageError(await cli(['explain', 'ENV-NOPE']), /no check ENV-NOPE in this catalog/);
    expectUsageError(await cli(['explain']), /explain takes one check id/);
  });
});
