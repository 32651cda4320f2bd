import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { uasMutatedCase, uasValidCase, type UasCase } from '../../../generators/uas/cases.js';
import { uasMutators } from '../../../generators/uas/mutators/index.js';
import { structureFindings } from '../../../generators/uas/mutators/findings.js';
import { blankId, blankRef, markupInId, severalRules } from '../../../generators/uas/mutators/several.js';
import { readArtifact } from '../../../src/reference/uas/model.js';
import { validVariants } from '../../../generators/uas/mutators/valid.js';
import { verifyUas } from '../../../src/reference/uas/index.js';
import { bundledSpec } from '../../../src/spec/index.js';
import { uasClaim } from '../../../suites/uas/verdicts.js';
import { claimViolation } from '../../suites/uas/claim-contract.js';

const spec = bundledSpec();

/** Throws with the difference when the reference does not judge the case as it claims. */
function holdsItsClaim(c: UasCase): void {
  const problem = claimViolation(uasClaim(c), verifyUas(c.source, c.artifact, spec.uas));
  if (problem) throw new Error(`${c.family}: ${problem}`);
}

describe('UAS generators, judged by the reference verifier', () => {
  it('make valid documents that are accepted', () => {
    fc.assert(fc.property(uasValidCase(spec.uas), holdsItsClaim), { seed: 7, numRuns: 150 });
  });

  for (const v of validVariants) {
    it(`${v.families.join(', ')}: a valid document written otherwise is accepted`, () => {
      fc.assert(
        fc.property(uasMutatedCase([v], spec.uas), (c) => {
          expect(c.expected).toEqual([]);
          holdsItsClaim(c);
        }),
        { seed: 11, numRuns: 40 },
      );
    });
  }

  it('several-rules: breaks two to four rules at once, each claimed, findings about one unit only', () => {
    fc.assert(
      fc.property(uasMutatedCase([severalRules], spec.uas), (c) => {
        const ids = new Set(c.expected.map((e) => e.checkId));
        expect(ids.size).toBeGreaterThanOrEqual(2);
        expect(new Set(c.expected.flatMap((e) => (e.unitId === undefined ? [] : [e.unitId]))).size).toBeLessThanOrEqual(
          1,
        );
        holdsItsClaim(c);
      }),
      { seed: 11, numRuns: 80 },
    );
  });

  it('markup-in-id: breaks one rule on a unit whose id holds &, <, > and a CR, the finding naming that id', () => {
    fc.assert(
      fc.property(uasMutatedCase([markupInId], spec.uas), (c) => {
        expect(c.expected).toHaveLength(1);
        for (const ch of ['&', '<', '>', '\r']) expect(c.expected[0]!.unitId).toContain(ch);
        holdsItsClaim(c);
      }),
      { seed: 11, numRuns: 60 },
    );
  });

  it('blank-ref: a <node> or register entry whose ref is blank or padded breaks VAL-EDGE-REF alone', () => {
    fc.assert(
      fc.property(uasMutatedCase([blankRef], spec.uas), (c) => {
        expect(c.expected).toEqual([{ checkId: 'VAL-EDGE-REF' }]);
        holdsItsClaim(c);
      }),
      { seed: 11, numRuns: 60 },
    );
  });

  it('blank-id: breaks one rule on a unit whose id is white space only, the finding naming no unit (no packet could name it)', () => {
    fc.assert(
      fc.property(uasMutatedCase([blankId], spec.uas), (c) => {
        expect(c.expected).toHaveLength(1);
        expect(c.expected[0]!.unitId).toBeUndefined();
        const x = readArtifact(c.artifact, spec.uas);
        expect(x.ok && x.model.units.some((u) => u.id !== '' && u.id.trim() === '')).toBe(true);
        holdsItsClaim(c);
        for (const f of verifyUas(c.source, c.artifact, spec.uas).findings) expect(f.unitId).toBeUndefined();
      }),
      { seed: 11, numRuns: 60 },
    );
  });

  it('structure-findings: a root of another name alone, or the shape broken in one to six ways at once, every rule claimed', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(uasMutatedCase([structureFindings], spec.uas), (c) => {
        const ids = new Set(c.expected.map((e) => e.checkId));
        expect(
          [...ids].every((id) => ['VAL-ELEMENT-ORDER', 'VAL-ROOT-HASH', 'VAL-ID-UNIQUE', 'VAL-VERBATIM'].includes(id)),
        ).toBe(true);
        // A missing root hash comes only with the missing manifest, which is an order finding too.
        if (ids.has('VAL-ROOT-HASH')) expect(ids.has('VAL-ELEMENT-ORDER')).toBe(true);
        holdsItsClaim(c);
        const messages = verifyUas(c.source, c.artifact, spec.uas).findings.map((f) => f.message);
        if (messages.some((m) => / is not allowed in </.test(m))) seen.add('misplaced');
        if (messages.some((m) => /inside a <semantic_unit>/.test(m))) seen.add('in-unit');
        if (messages.some((m) => /^the root element is /.test(m))) seen.add('root');
        if (messages.some((m) => /required child <source_manifest>/.test(m))) seen.add('manifest');
        if (messages.some((m) => /preservation_mode/.test(m))) seen.add('mode');
        if (messages.some((m) => /character data/.test(m))) seen.add('text');
        if (messages.some((m) => /have no id/.test(m))) seen.add('id');
      }),
      { seed: 11, numRuns: 80 },
    );
    expect([...seen].sort()).toEqual(['id', 'in-unit', 'manifest', 'misplaced', 'mode', 'root', 'text']);
  });

  it('single-id: a lone unit and a lone concept sharing one id, no edge, the finding naming that id', () => {
    const m = uasMutators.find((x) => x.families.includes('single-id'))!;
    fc.assert(
      fc.property(uasMutatedCase([m], spec.uas), (c) => {
        const x = readArtifact(c.artifact, spec.uas);
        if (!x.ok) throw new Error('not well-formed');
        expect([x.model.units.length, x.model.concepts.length, x.model.edges.length, x.model.concepts[0]!.id]).toEqual([
          1,
          1,
          0,
          x.model.units[0]!.id,
        ]);
        expect(c.expected).toEqual([{ checkId: 'VAL-ID-UNIQUE', unitId: x.model.units[0]!.id }]);
        holdsItsClaim(c);
      }),
      { seed: 11, numRuns: 40 },
    );
  });

  it('empty-id: now and then the only element with an id, a unit, has an empty id or none', () => {
    const m = uasMutators.find((x) => x.families.includes('empty-id'))!;
    let lone = 0;
    fc.assert(
      fc.property(uasMutatedCase([m], spec.uas), (c) => {
        const x = readArtifact(c.artifact, spec.uas);
        if (!x.ok) throw new Error('not well-formed');
        if (x.model.units.length + x.model.concepts.length + x.model.edges.length === 1) {
          lone += 1;
          expect(x.model.units[0]!.id).toBe('');
        }
        holdsItsClaim(c);
      }),
      { seed: 11, numRuns: 80 },
    );
    expect(lone).toBeGreaterThan(5);
  });

  it('legacy-after-space: a legacy source that opens with white space, its report gone', () => {
    const m = uasMutators.find((x) => x.families.includes('legacy-after-space'))!;
    fc.assert(
      fc.property(uasMutatedCase([m], spec.uas), (c) => {
        expect(/^\uFEFF?[ \t\r\n]/.test(Buffer.from(c.source).toString('utf8'))).toBe(true);
        expect(c.artifact).not.toContain('<migration_report');
        holdsItsClaim(c);
      }),
      { seed: 11, numRuns: 40 },
    );
  });

  it('element-in-manifest: <source_manifest> opened to hold one element (a migration record among them), nothing else broken', () => {
    const m = uasMutators.find((x) => x.families.includes('element-in-manifest'))!;
    fc.assert(
      fc.property(uasMutatedCase([m], spec.uas), (c) => {
        expect(c.artifact).toMatch(/<source_manifest\b[^>]*[^/]><[a-z_]+ [^>]*\/><\/source_manifest>/);
        holdsItsClaim(c);
      }),
      { seed: 11, numRuns: 40 },
    );
  });

  for (const m of uasMutators) {
    it(`${m.families.join(', ')}: breaks ${m.breaks} and nothing else, at the coordinates it names`, () => {
      fc.assert(
        fc.property(uasMutatedCase([m], spec.uas), (c) => {
          expect(m.families).toContain(c.family);
          expect(c.expected.every((e) => e.checkId === m.breaks)).toBe(true);
          holdsItsClaim(c);
        }),
        // Each mutator alone: its cases are also held to their claims by test/catalog/claims.test.ts
        // and the family proofs, through the checks that draw them.
        { seed: 11, numRuns: 40 },
      );
    });
  }
});
