import { describe, expect, it } from 'vitest';
import { decisionSummaries, readDecisionSummaries } from '../../src/io/decisions-doc.js';
import { packCatalog } from '../../src/api/catalog.js';

describe('the decision summaries', () => {
  it('come from headings and from the question or choice cell of table rows', () => {
    const doc = [
      '### D-ENV-07: expiry boundary',
      '- text',
      '### D-ERR-01 `format` asserts for `uri` only',
      '',
      '| id | question | choice | where |',
      '| --- | --- | --- | --- |',
      '| D-PROC-02 | Shell or no shell? | No shell. | x |',
      '',
      '| id | seed text resolved | choice | checks |',
      '| --- | --- | --- | --- |',
      '| D-UAS-06 | §3.2 | `bytes:A-B` is half-open. | VAL-SPAN-BOUNDS |',
    ].join('\n');
    expect([...decisionSummaries(doc)]).toEqual([
      ['D-ENV-07', 'expiry boundary'],
      ['D-ERR-01', '`format` asserts for `uri` only'],
      ['D-PROC-02', 'Shell or no shell?'],
      ['D-UAS-06', '`bytes:A-B` is half-open.'],
    ]);
  });

  it('of the shipped document cover every decision a check cites, each with words', () => {
    const summaries = readDecisionSummaries();
    const cited = [...new Set(packCatalog().checks.flatMap((c) => c.decisions ?? []))];
    expect(cited.filter((d) => !summaries.get(d))).toEqual([]);
  });
});
