import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { referenceAdapter } from '../../../src/adapters/reference.js';
import { runChecks } from '../../../src/api/run.js';
import { Catalog } from '../../../src/engine/catalog.js';
import { errorEnums } from '../../../src/spec/error.js';
import { bundledSpec } from '../../../src/spec/index.js';
import { errorSuite } from '../../../suites/error/index.js';

describe('the error suite', () => {
  it('is a valid catalog of error checks with their stable ids', () => {
    const ids = new Catalog(errorSuite).checks.map((c) => c.id);
    expect(ids).toEqual([
      'ERR-VALID-ACCEPTED',
      'ERR-SEED-SCENARIOS',
      'ERR-SCHEMA',
      'ERR-REGISTRY-CODE',
      'ERR-CONDITION-ACTION',
      'ERR-EXEC-PARAMS',
      'ERR-NO-SECRETS',
      'ERR-CONFIG-NO-RETRY',
      'ERR-NUMERIC-ALIGN',
    ]);
    expect(errorSuite.every((c) => c.suite === 'error' && c.requires.join() === 'validateError')).toBe(true);
    expect(errorSuite.find((c) => c.id === 'ERR-NUMERIC-ALIGN')!.severity).toBe('SHOULD');
  });

  it('passes entirely on the reference adapter at 200 runs, its valid cases reaching every enum value and action', {
    timeout: 600_000,
  }, async () => {
    const report = await runChecks({
      checks: errorSuite,
      adapter: referenceAdapter,
      seed: 42,
      runs: 200,
      adapterSpec: 'reference',
    });
    expect(report.checks.filter((c) => c.status !== 'passed')).toEqual([]);
    for (const c of report.checks) expect(c.runs, c.id).toBe(200);
    const tags = Object.keys(report.checks.find((c) => c.id === 'ERR-VALID-ACCEPTED')!.evidence.tags);
    const enums = errorEnums(bundledSpec().error);
    const reached = (prefix: string) =>
      tags
        .filter((t) => t.startsWith(`${prefix}:`))
        .map((t) => t.slice(prefix.length + 1))
        .sort();
    expect(reached('status')).toEqual([...enums.status].sort());
    expect(reached('origin')).toEqual([...enums.origin].sort());
    expect(reached('condition')).toEqual([...enums.mechanicalCondition].sort());
    expect(reached('action')).toEqual([...enums.action].sort());
  });

  it('states, for every check, the seed clause it enforces in one English sentence citing its section and decisions', () => {
    for (const c of errorSuite) {
      expect(c.statement, c.id).toMatch(/^[A-Za-z`].*\(000 §.*\)\.$/);
      expect(c.statement, `${c.id}: one sentence`).not.toMatch(/\.\s+[A-Z]/);
      for (const d of c.decisions ?? [])
        expect(c.statement!.includes(d) || /D-ERR-\d\d to D-ERR-\d\d/.test(c.statement!), `${c.id} ${d}`).toBe(true);
    }
  });

  it('cites only decisions written down in docs/spec-decisions.md', () => {
    const doc = readFileSync(new URL('../../../docs/spec-decisions.md', import.meta.url), 'utf8');
    for (const c of errorSuite)
      for (const d of c.decisions ?? []) expect(doc, `${c.id} cites ${d}`).toContain(`## ${d} `);
  });
});
