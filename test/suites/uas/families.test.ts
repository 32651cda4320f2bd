import { describe, expect, it } from 'vitest';
import type { UasCase } from '../../../generators/uas/cases.js';
import { runChecks } from '../../../src/api/run.js';
import type { CheckDefinition } from '../../../src/engine/check.js';
import { readArtifact } from '../../../src/reference/uas/model.js';
import { bundledSpec } from '../../../src/spec/index.js';
import { uasSuite } from '../../../suites/uas/index.js';
import { describeGalleryFamilies } from '../../helpers/suite-proofs.js';
import * as gallery from './broken.js';
import { byFamily as graph } from './by-family-graph.js';
import { byFamily as text } from './by-family-text.js';

describeGalleryFamilies('uas', { ...gallery, byFamily: { ...text, ...graph } });

/**
 * A variant inside a family, proven as the intercept families are: the slip of `more` that only the
 * variant's cases show fails a default run (seed 1, 100 cases), and passes a run of 100 cases of
 * everything else the check draws.
 */
describe('the lone unit of the empty-id family', () => {
  const spec = bundledSpec().uas;
  const check = uasSuite.find((c) => c.id === 'VAL-ID-UNIQUE') as CheckDefinition<UasCase>;
  const lone = (c: UasCase) => {
    const x = readArtifact(c.artifact, spec);
    return x.ok && x.model.units.length + x.model.concepts.length + x.model.edges.length === 1;
  };
  const slip = gallery.more['VAL-ID-UNIQUE']![0]!;
  it(`alone catches an adapter that ${(slip.describe() as { name: string }).name}`, async () => {
    const [r] = (
      await runChecks({
        checks: [check],
        adapter: slip,
        seed: 1,
        runs: 100,
        adapterSpec: './broken',
        verdictOnly: true,
      })
    ).checks;
    expect(r!.status).toBe('failed');
    const others: CheckDefinition<UasCase> = { ...check, arbitrary: (s) => check.arbitrary(s).filter((c) => !lone(c)) };
    const [rest] = (
      await runChecks({
        checks: [others],
        adapter: slip,
        seed: 1,
        runs: 100,
        adapterSpec: './broken',
        verdictOnly: true,
      })
    ).checks;
    expect(rest!.status).toBe('passed');
  });
});
