import type { UasSpec } from '../../../src/spec/uas.js';
import type { UasValidDocument } from '../document.js';
import { cloneDoc, sha256Hex, type GenDoc, type GenUnit } from '../model.js';
import type { ExpectedFinding, UasMutation } from '../mutation.js';
import { serializeUas, type XmlStyle } from '../serialize.js';
import { centralityDivisor, exactHundredths } from '../weights.js';

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

/** Every unit's exact weight in hundredths, by id, under the formula of `spec`. */
export function exactWeights(doc: GenDoc, spec: UasSpec): Map<string, number> {
  const divisor = centralityDivisor(doc, spec);
  return new Map(doc.units.map((u) => [u.id, exactHundredths(doc, u, spec, divisor)]));
}

/**
 * True when a change leaves every unit's exact weight as it was: a mutation that adds or removes
 * an element can move the centrality's divisor (n - 1 counts elements), and so break a weight too.
 */
export function weightsKept(before: GenDoc, after: GenDoc, spec: UasSpec): boolean {
  const a = exactWeights(before, spec);
  const b = exactWeights(after, spec);
  return [...a].every(([id, w]) => b.get(id) === w);
}

/** The root's children with `name` added at its pinned place (D-UAS-03). */
export function withChild(children: readonly string[], name: string, spec: UasSpec): string[] {
  const order = spec.childOrder.map((c) => c.name);
  return order.filter((n) => n === name || children.includes(n)).concat(children.filter((n) => !order.includes(n)));
}
