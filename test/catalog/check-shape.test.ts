import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/io/package.js';
import { allChecks } from '../../suites/index.js';

/**
 * One shape for a check: a check is one file of its suite, `suites/<suite>/<name>.ts`, named after
 * its id, that makes it with one of the engine's check kinds (`src/engine/kinds/`) from data alone.
 * CONTRIBUTING.md ("Add a check") describes the shape this test holds.
 */
const PREFIX: Readonly<Record<string, string>> = {
  envelope: 'ENV',
  integrity: 'INT',
  wire: 'WIRE',
  error: 'ERR',
  recovery: 'REC',
  uas: 'VAL',
};
const KINDS = ['verdictCheck', 'exchangeCheck', 'sessionCheck'] as const;

/** Every TypeScript file under `suites/`, by repo-relative path, with its text. */
function suiteFiles(): { path: string; text: string }[] {
  const dir = join(packageRoot, 'suites');
  return (readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.ts'))
    .map((f) => ({ path: `suites/${f.split('\\').join('/')}`, text: readFileSync(join(dir, f), 'utf8') }));
}

/** The check ids a file defines: `id: '<ID>'`, or a `const ID = '<ID>'` its `id: ID` names. */
const definedIds = (text: string): string[] =>
  [...text.matchAll(/\bid: '([A-Z][A-Z0-9-]+)'|\bconst ID = '([A-Z][A-Z0-9-]+)'/g)].map((m) => (m[1] ?? m[2])!);

/** The file a check must live in: its id without the suite's prefix, in lower case. */
const fileOf = (id: string, suite: string) => `suites/${suite}/${id.slice(PREFIX[suite]!.length + 1).toLowerCase()}.ts`;

describe('the shape of a check', () => {
  const files = suiteFiles();
  const byPath = new Map(files.map((f) => [f.path, f.text]));

  it('every suite has its id prefix', () => {
    expect([...new Set(allChecks.map((c) => c.suite))].sort()).toEqual(Object.keys(PREFIX).sort());
    for (const c of allChecks) expect(c.id.startsWith(`${PREFIX[c.suite]}-`), c.id).toBe(true);
  });

  it('one file per check, named after its id, holding its id and nothing else of the catalog', () => {
    const ids = new Set(allChecks.map((c) => c.id));
    for (const c of allChecks) {
      const text = byPath.get(fileOf(c.id, c.suite));
      expect(text, `${c.id} belongs in ${fileOf(c.id, c.suite)}`).toBeDefined();
      const named = definedIds(text!);
      expect(named, fileOf(c.id, c.suite)).toEqual([c.id]);
    }
    // No other file defines a check of the catalog.
    const checkFiles = new Set(allChecks.map((c) => fileOf(c.id, c.suite)));
    for (const f of files.filter((x) => !checkFiles.has(x.path))) {
      const named = definedIds(f.text).filter((id) => ids.has(id));
      expect(named, `${f.path} defines a check; a check has a file of its own`).toEqual([]);
    }
  });

  it('every check file makes its one check with one of the engine kinds, and exports that check alone', () => {
    for (const c of allChecks) {
      const path = fileOf(c.id, c.suite);
      const text = byPath.get(path)!;
      const calls = KINDS.flatMap((k) => [...text.matchAll(new RegExp(`\\b${k}(<[^(]*>)?\\(`, 'g'))].map(() => k));
      expect(calls, `${path}: one call of ${KINDS.join(', ')}`).toHaveLength(1);
      const exported = [...text.matchAll(/^export const (\w+) = (\w+)/gm)].filter((m) =>
        (KINDS as readonly string[]).includes(m[2]!),
      );
      expect(exported, `${path}: exports its check`).toHaveLength(1);
    }
  });

  it('no suite defines a check shape of its own: no defineCheck, no function that returns a check', () => {
    for (const f of files) {
      expect(f.text, `${f.path} calls defineCheck: use a kind of src/engine/kinds/`).not.toMatch(/\bdefineCheck\b/);
      expect(
        f.text,
        `${f.path} returns a CheckDefinition from a function: a suite supplies data, the engine the check`,
      ).not.toMatch(/\)\s*:\s*CheckDefinition\b/);
    }
  });

  it('each suite lists every check of its folder, in its index', () => {
    for (const suite of Object.keys(PREFIX)) {
      const index = byPath.get(`suites/${suite}/index.ts`)!;
      for (const c of allChecks.filter((x) => x.suite === suite)) {
        const file = fileOf(c.id, suite).split('/').pop()!.replace(/\.ts$/, '.js');
        expect(index, `suites/${suite}/index.ts imports ./${file}`).toContain(`from './${file}'`);
      }
    }
  });
});
