import type { UasSpec } from '../../../src/spec/uas.js';
import type { UasValidDocument } from '../document.js';
import { cloneDoc, sha256Hex, type GenDoc, type GenUnit } from '../model.js';
import type { ExpectedFinding, UasMutation } from '../mutation.js';
import { serializeUas, type XmlStyle } from '../serialize.js';

const enc = new TextEncoder();
export const utf8 = (s: string): Uint8Array => enc.encode(s);

/** Serializes a changed copy of the document (same style unless given, same spec) into a mutation. */
export function rebuild(d: UasValidDocument, change: (doc: GenDoc) => void, expected: ExpectedFinding[], style: XmlStyle = d.style): UasMutation {
  const doc = cloneDoc(d.doc);
  change(doc);
  return { source: d.source.bytes, artifact: serializeUas(doc, style, d.spec).xml, expected };
}

/** The bytes a unit's span covers. */
export const spanBytes = (d: UasValidDocument, start: number, end: number): Uint8Array => d.source.bytes.subarray(start, end);

/** Rehashes a unit's span after its range moved. */
export function rehash(d: UasValidDocument, u: GenUnit): void {
  u.spanSha256 = sha256Hex(spanBytes(d, u.start, u.end));
}

/** Units in VERBATIM_FULL mode. */
export const verbatimUnits = (d: UasValidDocument): GenUnit[] => d.doc.units.filter((u) => u.mode === 'VERBATIM_FULL');

/** Exact weight of a unit in hundredths under the pinned formula of `spec`, from the generator's own data. */
export function exactHundredths(doc: GenDoc, u: GenUnit, spec: UasSpec): number {
  const deg = (id: string) => doc.edges.filter((e) => e.source === id || e.target === id).length;
  const maxDeg = Math.max(0, ...doc.units.map((x) => deg(x.id)));
  const norm = spec.centralityNormalization === 'n-minus-1' ? doc.units.length - 1 : maxDeg;
  const sum = u.modifiers.reduce((s, t) => s + (spec.weightModifiers[t] ?? 0), 0);
  return spec.weightBase + sum + (norm > 0 ? (spec.centralityFactor * deg(u.id)) / norm : 0);
}
