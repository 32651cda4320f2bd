import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verifyUas } from '../../../src/reference/uas/verify.js';
import { bundledSpec } from '../../../src/spec/index.js';

/**
 * The reference's lookups never take a name every JavaScript object inherits (`constructor`,
 * `__proto__`, `toString`...) for a member of a closed vocabulary or for a declared id, and never
 * take an id of the wrong kind for a reference (D-UAS-11): each edit of the example pair below
 * breaks one rule, and the reference names that rule alone, on that element (an edge for its own
 * ends; for a `<node>`, the element it names, none when it names nothing).
 */
const at = (f: string) => join(import.meta.dirname, '..', '..', '..', 'fixtures', 'uas', f);
const spec = bundledSpec().uas;
const source = readFileSync(at('raw_input.txt'));
const compiled = readFileSync(at('compiled.xml'), 'utf8');

/** The findings of the example with `from` replaced by `to` (which must occur once). */
function findingsWith(from: string, to: string) {
  expect(compiled.split(from).length, from).toBe(2);
  return verifyUas(source, compiled.replace(from, to), spec).findings.map(({ checkId, unitId }) => ({
    checkId,
    unitId,
  }));
}

const CASES: [what: string, from: string, to: string, finding: { checkId: string; unitId: string | undefined }][] = [
  [
    'an inherited name as a weight modifier',
    'weight_modifiers="ACRONYM_COLLISION"',
    'weight_modifiers="constructor"',
    { checkId: 'VAL-WEIGHT-FORMULA', unitId: 'unit_4' },
  ],
  [
    '__proto__ as a weight modifier',
    'weight_modifiers="ACRONYM_COLLISION"',
    'weight_modifiers="__proto__"',
    { checkId: 'VAL-WEIGHT-FORMULA', unitId: 'unit_4' },
  ],
  [
    'an inherited name as a specialized role, with no overflow entry',
    'specialized_role="GUARANTEE"',
    'specialized_role="constructor"',
    { checkId: 'VAL-OVERFLOW-REGISTER', unitId: 'unit_2' },
  ],
  [
    'an inherited name as a base role',
    'base_role="CLAIM"',
    'base_role="toString"',
    { checkId: 'VAL-ROLE-ENUM', unitId: 'unit_1' },
  ],
  [
    'an inherited name as a base relation',
    'base_relation="DEPENDS_ON"',
    'base_relation="__proto__"',
    { checkId: 'VAL-RELATION-ENUM', unitId: 'edge_1' },
  ],
  [
    'an inherited name as an ambiguity type',
    'type="COLLISION"',
    'type="constructor"',
    { checkId: 'VAL-OVERFLOW-REGISTER', unitId: 'CR-001' },
  ],
  [
    'an inherited name as a concept reference',
    'concept_refs="CR-001"',
    'concept_refs="toString"',
    { checkId: 'VAL-CONCEPT-REF', unitId: 'unit_4' },
  ],
  [
    'a unit id as a concept reference',
    'concept_refs="CR-001"',
    'concept_refs="unit_1"',
    { checkId: 'VAL-CONCEPT-REF', unitId: 'unit_4' },
  ],
  [
    'an inherited name as a node',
    '<node ref="unit_1"/>',
    '<node ref="hasOwnProperty"/>',
    { checkId: 'VAL-EDGE-REF', unitId: undefined },
  ],
  [
    'an edge id as a node',
    '<node ref="unit_1"/>',
    '<node ref="edge_1"/>',
    { checkId: 'VAL-EDGE-REF', unitId: 'edge_1' },
  ],
  [
    'an edge targeting another edge',
    'target="unit_2"',
    'target="edge_2"',
    { checkId: 'VAL-EDGE-REF', unitId: 'edge_1' },
  ],
];

describe('the reference on inherited names and references of the wrong kind', () => {
  for (const [what, from, to, finding] of CASES) {
    it(`rejects ${what}, for its rule`, () => {
      expect(findingsWith(from, to)).toEqual([finding]);
    });
  }
});
