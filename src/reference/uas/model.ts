import type { UasSpec } from './spec.js';
import type { IssueList } from './issues.js';
import { elements, textOf, type XElement } from './xml.js';

/** A semantic unit as read from the artifact: raw tokens plus what parsed cleanly. */
export interface UnitInfo {
  id: string;
  /** Position among the units in document order, 0-based. */
  index: number;
  sourceOrder: string | undefined;
  spanRaw: string | undefined;
  /** Half-open byte range, present when `source_span` parsed (bounds are checked later). */
  span?: { start: number; end: number };
  spanSha256: string | undefined;
  baseRole: string | undefined;
  specializedRole: string | undefined;
  mode: string | undefined;
  /** Decoded inline text (text and CDATA children). */
  text: string;
  weight: string | undefined;
  modifiers: string[];
  conceptRefs: string[];
}

export interface EdgeInfo {
  id: string;
  source: string | undefined;
  target: string | undefined;
  baseRelation: string | undefined;
  specializedRelation: string | undefined;
}

export interface AmbiguityInfo {
  type: string | undefined;
  ref: string | undefined;
  token: string | undefined;
}

/** Everything the verifier reads from a `<UAS_Document>`. */
export interface UasModel {
  rootSha256: string | undefined;
  byteLength: string | undefined;
  migratedContainers: string[] | undefined;
  concepts: { id: string }[];
  units: UnitInfo[];
  nodes: string[];
  edges: EdgeInfo[];
  ambiguities: AmbiguityInfo[];
}

const SPAN = /^bytes:(0|[1-9][0-9]{0,15})-(0|[1-9][0-9]{0,15})$/;

/** Parses `bytes:A-B` into a half-open range, honouring the pinned end convention (D-UAS-06). */
export function parseSpan(raw: string | undefined, spec: UasSpec): { start: number; end: number } | undefined {
  const m = raw === undefined ? null : SPAN.exec(raw);
  if (!m) return undefined;
  const start = Number(m[1]);
  const end = Number(m[2]) + (spec.spanEnd === 'inclusive' ? 1 : 0);
  return Number.isSafeInteger(start) && Number.isSafeInteger(end) ? { start, end } : undefined;
}

const tokens = (s: string | undefined): string[] => (s === undefined ? [] : s.split(' ').filter((t) => t !== ''));

/**
 * Checks the root's children against the pinned order (VAL-ELEMENT-ORDER) and reads the model.
 * Unknown elements and stray text are order violations; containers that are missing read as empty.
 */
export function readModel(root: XElement, spec: UasSpec, issues: IssueList): UasModel {
  const kids = elements(root);
  const order = spec.childOrder.map((c) => c.name);
  let pos = 0;
  const seen = new Map<string, XElement>();
  for (const k of kids) {
    const at = order.indexOf(k.name, pos);
    if (at < 0) {
      const why = order.includes(k.name) ? (seen.has(k.name) ? 'repeated' : 'out of order') : 'not allowed here';
      issues.add({ checkId: 'VAL-ELEMENT-ORDER', ref: k.name, token: k.name, message: `<${k.name}> is ${why} in <${spec.rootElement}>`, instruction: `Emit the children of <${spec.rootElement}> in the order ${order.join(', ')}.` });
      // Still read a known child out of place, so that one misplaced element is one finding.
      if (why === 'out of order') seen.set(k.name, k);
      continue;
    }
    pos = at + 1;
    seen.set(k.name, k);
  }
  for (const c of spec.childOrder) {
    if (c.required && !seen.has(c.name)) issues.add({ checkId: 'VAL-ELEMENT-ORDER', ref: c.name, token: c.name, message: `required child <${c.name}> is missing`, instruction: `Emit <${c.name}> in its place.` });
  }
  if (root.children.some((n) => !('name' in n) && /\S/.test(n.text))) {
    issues.add({ checkId: 'VAL-ELEMENT-ORDER', ref: spec.rootElement, token: '#text', message: `character data directly inside <${spec.rootElement}>` });
  }
  for (const [name, el] of seen) {
    const allowed = spec.containerChildren[name] ?? [];
    for (const k of elements(el)) {
      if (!allowed.includes(k.name)) issues.add({ checkId: 'VAL-ELEMENT-ORDER', ref: name, token: k.name, message: `<${k.name}> is not allowed in <${name}>` });
    }
    if (allowed.length > 0 && el.children.some((n) => !('name' in n) && /\S/.test(n.text))) {
      issues.add({ checkId: 'VAL-ELEMENT-ORDER', ref: name, token: '#text', message: `character data directly inside <${name}>` });
    }
  }
  const childrenOf = (name: string, child: string) => (seen.get(name) ? elements(seen.get(name)!).filter((e) => e.name === child) : []);
  const manifest = seen.get('source_manifest');
  const migration = seen.get('migration_report');
  const unitElements = childrenOf('semantic_units', 'semantic_unit');
  for (const u of unitElements) {
    const inner = elements(u)[0];
    if (inner) issues.add({ checkId: 'VAL-ELEMENT-ORDER', ref: u.attrs.id ?? 'semantic_unit', token: inner.name, message: `<${inner.name}> inside a <semantic_unit>: units hold text only` });
  }
  const units = unitElements.map((u, index): UnitInfo => ({
    id: u.attrs.id ?? '',
    index,
    sourceOrder: u.attrs.source_order,
    spanRaw: u.attrs.source_span,
    span: parseSpan(u.attrs.source_span, spec),
    spanSha256: u.attrs.span_sha256,
    baseRole: u.attrs.base_role,
    specializedRole: u.attrs.specialized_role,
    mode: u.attrs.preservation_mode,
    text: textOf(u),
    weight: u.attrs.weight,
    modifiers: tokens(u.attrs.weight_modifiers),
    conceptRefs: tokens(u.attrs.concept_refs),
  }));
  return {
    rootSha256: manifest?.attrs.root_sha256,
    byteLength: manifest?.attrs.byte_length,
    migratedContainers: migration ? elements(migration).filter((e) => e.name === 'migrated_container').map((e) => e.attrs.name ?? '') : undefined,
    concepts: childrenOf('concept_registry', 'concept').map((c) => ({ id: c.attrs.id ?? '' })),
    units,
    nodes: childrenOf('cognitive_map', 'node').map((n) => n.attrs.ref ?? ''),
    edges: childrenOf('cognitive_map', 'edge').map((e) => ({
      id: e.attrs.id ?? '',
      source: e.attrs.source,
      target: e.attrs.target,
      baseRelation: e.attrs.base_relation,
      specializedRelation: e.attrs.specialized_relation,
    })),
    ambiguities: childrenOf('ambiguity_register', 'ambiguity_entry').map((a) => ({ type: a.attrs.type, ref: a.attrs.ref, token: a.attrs.token })),
  };
}
