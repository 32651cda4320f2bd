import { describe, expect, it } from 'vitest';
import { readArtifact } from '../../../src/reference/uas/model.js';
import { bundledSpec } from '../../../src/spec/index.js';

const spec = bundledSpec().uas;

describe('reading a UAS artifact (one strict pass, no element tree)', () => {
  it('reads an artifact with every finding of the structure in the pinned order', () => {
    const r = readArtifact(
      '<UAS_Document>text<concept_registry><x/></concept_registry><source_manifest/><semantic_units><semantic_unit id="u1" source_order="1"><b/>t</semantic_unit></semantic_units></UAS_Document>',
      spec,
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.structure.map((i) => `${i.ref}:${i.token}`)).toEqual([
      'source_manifest:source_manifest', // out of order after concept_registry
      'cognitive_map:cognitive_map', // missing
      'ambiguity_register:ambiguity_register',
      'validation_report:validation_report',
      'UAS_Document:#text', // text in the root
      'concept_registry:x', // not allowed in concept_registry
      'u1:b', // element inside a unit
    ]);
    expect(r.model.units[0]!.text).toBe('t');
  });
});
