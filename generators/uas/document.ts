import * as fc from 'fast-check';
import type { UasSpec } from '../../src/spec/uas.js';
import { compileUas } from './compile.js';
import type { GenDoc } from './model.js';
import { serializeUas, type Serialized, type TextStyle, type XmlStyle } from './serialize.js';
import { uasSource, type UasSource } from './source.js';

/** A valid compiled document with everything a mutator needs to break it precisely. */
export interface UasValidDocument {
  /** The spec data it was compiled under: a mutation is serialized and judged under the same. */
  spec: UasSpec;
  source: UasSource;
  doc: GenDoc;
  style: XmlStyle;
  out: Serialized;
}

const TEXT_STYLES: TextStyle[] = ['minimal', 'charref', 'cdata'];

/** Serialization styles: declaration or not, indentation, quote char, comments, text escaping per unit. */
export function xmlStyle(): fc.Arbitrary<XmlStyle> {
  return fc.record({
    seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
    declaration: fc.boolean(),
    indent: fc.constantFrom('', '  ', '\t'),
    quote: fc.constantFrom('"' as const, "'" as const),
    comments: fc.boolean(),
    textStyles: fc.array(fc.constantFrom(...TEXT_STYLES), { minLength: 1, maxLength: 3 }),
  });
}

/**
 * Valid `<UAS_Document>`s under `spec`, from generated sources (seed 003 PHASE-09): a verifier must
 * accept every one, whatever its escaping (`&amp;`, character references, CDATA).
 */
export function uasValidDocument(spec: UasSpec): fc.Arbitrary<UasValidDocument> {
  return fc
    .record({
      source: uasSource(spec.legacyScanBytes),
      compileSeed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
      style: xmlStyle(),
    })
    .map(({ source, compileSeed, style }) => {
      const doc = compileUas(source, compileSeed, spec);
      return { spec, source, doc, style, out: serializeUas(doc, style, spec) };
    });
}
