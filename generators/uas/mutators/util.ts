import type { UasSpec } from '../../../src/spec/uas.js';
import type { UasValidDocument } from '../document.js';
import { cloneDoc, sha256Hex, type GenDoc, type GenUnit } from '../model.js';
import type { ExpectedFinding, UasMutation } from '../mutation.js';
import { serializeUas, type Serialized, type XmlStyle } from '../serialize.js';
import { centralityDivisor, exactHundredths } from '../weights.js';

const enc = new TextEncoder();
export const utf8 = (s: string): Uint8Array => enc.encode(s);

/** Serializes a changed copy of the document (same style unless given, same spec) into a mutation. */
export function rebuild(
  d: UasValidDocument,
  change: (doc: GenDoc) => void,
  expected: ExpectedFinding[],
  style: XmlStyle = d.style,
): UasMutation {
  const doc = cloneDoc(d.doc);
  change(doc);
  return { source: d.source.bytes, artifact: serializeUas(doc, style, d.spec).xml, expected };
}

/** The bytes a unit's span covers. */
export const spanBytes = (d: UasValidDocument, start: number, end: number): Uint8Array =>
  d.source.bytes.subarray(start, end);

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

/** A valid document serialized again after `change` (same style unless given): the text and where each unit's content sits. */
export function reserialize(d: UasValidDocument, change: (doc: GenDoc) => void, style: XmlStyle = d.style): Serialized {
  const doc = cloneDoc(d.doc);
  change(doc);
  return serializeUas(doc, style, d.spec);
}

/** A start tag with its attributes (values in either quote, which XML never lets hold `<`). */
const START_TAG = (name: string) => new RegExp(`<${name}(?:\\s+[\\w:.-]+\\s*=\\s*(?:"[^"<]*"|'[^'<]*'))*\\s*/?>`, 'g');
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `xml` with the attribute `attr` of the element `name` whose id is `id` written as `raw` (as it
 * stands between the quotes, references and all), or removed when `raw` is undefined; undefined
 * when there is no such element. For what the model cannot say: a missing attribute, a value
 * spelled as the serializer never spells it.
 */
export function withAttribute(
  xml: string,
  name: string,
  id: string,
  attr: string,
  raw: string | undefined,
): string | undefined {
  const m = startTag(xml, name, id);
  if (!m) return undefined;
  const own = new RegExp(`(\\s+)${escapeRe(attr)}\\s*=\\s*(["'])[^<]*?\\2`);
  const tag = m.tag;
  let next: string;
  if (own.test(tag))
    next =
      raw === undefined
        ? tag.replace(own, '')
        : tag.replace(own, (_all, sp: string, q: string) => `${sp}${attr}=${q}${raw}${q}`);
  else if (raw === undefined) next = tag;
  else next = tag.replace(new RegExp(`^<${name}`), `<${name} ${attr}="${raw}"`);
  return xml.slice(0, m.at) + next + xml.slice(m.at + tag.length);
}

/** The start tag of the element `name` whose id is `id`, and where it is in `xml`; undefined when there is none. */
export function startTag(xml: string, name: string, id: string): { at: number; tag: string } | undefined {
  const idAttr = new RegExp(`\\sid\\s*=\\s*(["'])${escapeRe(id)}\\1`);
  for (const m of xml.matchAll(START_TAG(name))) if (idAttr.test(m[0])) return { at: m.index!, tag: m[0] };
  return undefined;
}

/** `xml` with the content of unit `unitId` (as `serialized` placed it) replaced by `body`. */
export function withUnitBody(serialized: Serialized, unitId: string, body: string): string | undefined {
  const at = Object.hasOwn(serialized.text, unitId) ? serialized.text[unitId] : undefined;
  return at ? serialized.xml.slice(0, at.from) + body + serialized.xml.slice(at.to) : undefined;
}

/** A hex digest changed in exactly one digit (never just its case, which the pin treats as equal). */
export function flipNibble(hex: string, pick: number): string {
  const i = pick % hex.length;
  const v = (Number.parseInt(hex[i], 16) + 1 + (pick % 15)) % 16;
  return hex.slice(0, i) + v.toString(16) + hex.slice(i + 1);
}
