import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Catalog } from '../../../src/engine/catalog.js';
import { bundledSpec, decisionKeys } from '../../../src/spec/index.js';
import { recoverySuite } from '../../../suites/recovery/index.js';

const doc = readFileSync(new URL('../../../docs/spec-decisions.md', import.meta.url), 'utf8');
const part = doc.slice(doc.indexOf('## Recovery behaviour'), doc.indexOf('## UAS hash-lock'));
const sections = new Map(
  part
    .split(/^### /m)
    .slice(1)
    .map((s) => [s.split(' ')[0]!, s] as const),
);
const written = new Set([...sections.keys()].filter((k) => k.startsWith('D-REC-')));

describe('recovery suite catalog and decisions', () => {
  it('is a valid catalog of REC-* checks', () => {
    expect(() => new Catalog(recoverySuite)).not.toThrow();
    expect(
      recoverySuite.every((c) => c.id.startsWith('REC-') && c.suite === 'recovery' && c.requires.includes('recovery')),
    ).toBe(true);
    expect(recoverySuite.map((c) => c.id).sort()).toEqual(
      [
        'REC-ANCHOR-CONFLICT',
        'REC-CONFIG-ESCALATE',
        'REC-CORRECT-FIELD',
        'REC-EXACTLY-ONCE',
        'REC-ISOLATED-NOOP',
        'REC-LEGACY-HALT',
        'REC-NEGOTIATE',
        'REC-NO-CREDENTIAL-SYNTHESIS',
        'REC-READBACK-BEFORE-REPLAY',
        'REC-RENEW-GRANT',
        'REC-WAIT-DEPENDENCY',
      ].sort(),
    );
  });

  it('writes down every decision a check cites, and every written decision is cited or named in the data', () => {
    const cited = new Set(recoverySuite.flatMap((c) => c.decisions ?? []));
    expect([...cited].filter((d) => !written.has(d))).toEqual([]);
    expect([...written].filter((d) => !cited.has(d))).toEqual([]);
    for (const c of recoverySuite) {
      for (const d of c.decisions ?? []) {
        const checks = /Checks: ([^]*)$/.exec(sections.get(d) ?? '')?.[1] ?? '';
        expect(checks.includes(c.id) || checks.includes('all `REC-*`'), `${d} lists ${c.id}`).toBe(true);
      }
    }
  });

  it('classifies every key of spec/recovery.json in writing: an override key in $decisions, or seed data', () => {
    const data = bundledSpec().recovery as unknown as Record<string, unknown>;
    const overridable = decisionKeys('recovery');
    for (const key of Object.keys(data).filter((k) => !k.startsWith('$'))) {
      const kind = Object.hasOwn(overridable, key) ? 'override key' : 'seed data';
      expect(part, key).toMatch(new RegExp(`^\\| \`${key}\` \\| ${kind} \\|`, 'm'));
    }
    for (const [key, ids] of Object.entries(overridable)) {
      for (const id of ids)
        expect(sections.get(id), `${id} names its override key ${key}`).toContain(`Override key: \`${key}\``);
    }
  });

  it('cites seeds and sections, never work items, and points into no source file', () => {
    expect(part).not.toMatch(/\bissue \d/i);
    expect(part).not.toMatch(/\b(?:src|suites|generators|test)\/[\w/.-]+\.ts\b/);
  });
});
