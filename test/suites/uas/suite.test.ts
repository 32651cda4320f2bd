import { describe, expect, it } from 'vitest';
import { uasMutators } from '../../../generators/uas/mutators/index.js';
import { referenceAdapter } from '../../../src/adapters/reference.js';
import { runChecks } from '../../../src/api/run.js';
import { Catalog } from '../../../src/engine/catalog.js';
import { UAS_CHECK_IDS } from '../../../src/spec/uas.js';
import { uasSuite } from '../../../suites/uas/index.js';

describe('the UAS suite', () => {
  it('is a valid catalog holding every check id of the issue, in order', () => {
    expect(new Catalog(uasSuite).checks.map((c) => c.id)).toEqual([...UAS_CHECK_IDS]);
  });

  it('passes entirely on the reference in a default run (100 cases), every family of mutations drawn (at depth: reference.test.ts, 500 runs)', {
    timeout: 900_000,
  }, async () => {
    const report = await runChecks({
      checks: uasSuite,
      adapter: referenceAdapter,
      seed: 42,
      runs: 100,
      adapterSpec: 'reference',
    });
    const notPassed = report.checks.filter((c) => c.status !== 'passed').map((c) => ({ id: c.id, status: c.status }));
    expect(notPassed).toEqual([]);
    for (const c of report.checks) expect(c.runs, c.id).toBe(100);
    // Every family of mutations reaches the check of the rule it breaks.
    const unseen = uasMutators.flatMap((m) =>
      m.families.filter((f) => !(`family:${f}` in report.checks.find((c) => c.id === m.breaks)!.evidence.tags)),
    );
    expect(unseen).toEqual([]);
    // VAL-INTERCEPT-PACKET draws a case of every rule (and documents that break several): packets of every rule a mutation breaks are judged.
    const interceptTags = report.checks.find((c) => c.id === 'VAL-INTERCEPT-PACKET')!.evidence.tags;
    const rulesMissed = [...new Set(uasMutators.map((m) => m.breaks))].filter(
      (id) => !(`breaks:${id}` in interceptTags),
    );
    expect(rulesMissed).toEqual([]);
  });
});
