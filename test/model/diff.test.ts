import { describe, expect, it } from 'vitest';
import { diffReports } from '../../src/model/diff.js';
import type { Adapter } from '../../src/contract/adapter.js';
import { renderDiffMarkdown } from '../../src/reporters/diff-markdown.js';
import { acceptsAll, faultsOnLarge, rare, runSynthetic, syntheticAdapter } from '../helpers/synthetic.js';

const refusesSevens: Adapter = {
  ...syntheticAdapter,
  validateEnvelope: (p) => ({ valid: (p as { n?: number }).n === undefined || (p as { n: number }).n % 7 !== 0 }),
};
const checks = [acceptsAll, rare('SYN-NEVER', 1_000_003), faultsOnLarge];

describe('diffReports', () => {
  it('aligns checks by id and sorts the changes: regressed, fixed, changed, new, removed', async () => {
    const good = await runSynthetic({ checks: checks.slice(0, 2), adapter: syntheticAdapter, seed: 3, runs: 100 });
    const bad = await runSynthetic({ checks: [...checks].reverse(), adapter: refusesSevens, seed: 3, runs: 100 });
    const d = diffReports(good, bad);
    expect(d.regressed.map((e) => [e.id, e.before, e.after])).toEqual([['SYN-ACCEPTS', 'passed', 'failed']]);
    expect(d.regressed[0]!.message).toMatch(/was refused/);
    expect(d.new.map((e) => [e.id, e.after])).toEqual([['SYN-FAULT', 'errored']]);
    expect(d.unchanged).toBe(1);
    const back = diffReports(bad, good);
    expect(back.fixed.map((e) => e.id)).toEqual(['SYN-ACCEPTS']);
    expect(back.removed.map((e) => e.id)).toEqual(['SYN-FAULT']);
    expect(d.catalogChanged).toBe(false);
    expect(
      diffReports(good, { ...bad, run: { ...bad.run, catalogHash: `sha256:${'1'.repeat(64)}` } }).catalogChanged,
    ).toBe(true);
  });

  it('reads as Markdown for a pull request, table cells kept to one line', async () => {
    const good = await runSynthetic({ checks: [acceptsAll], adapter: syntheticAdapter, seed: 3, runs: 100 });
    const bad = await runSynthetic({ checks: [acceptsAll], adapter: refusesSevens, seed: 3, runs: 100 });
    const md = renderDiffMarkdown(diffReports(good, bad));
    expect(md).toMatch(/\*\*1 regressed, 0 fixed, 0 changed, 0 new, 0 removed, 0 unchanged\.\*\*/);
    expect(md).toMatch(
      /## Regressed\n\n\| Check \| Severity \| Before \| After \| Message \|\n\|---\|---\|---\|---\|---\|\n\| `SYN-ACCEPTS` \| MUST \| passed \| failed \| \d+ was refused \|/,
    );
  });
});
