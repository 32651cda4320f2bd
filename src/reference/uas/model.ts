import type { UasElementKind, UasSpec } from '../../spec/uas.js';
import type { UasIssue } from './issues.js';
import { parseStrictXml } from './xml.js';

/**
 * A semantic unit as read from the artifact: raw tokens plus what parsed cleanly. Artifacts hold
 * tens of thousands of units, so a unit keeps few strings of its own: tokens from small vocabularies
 * are shared (`Interner`), and what can be rebuilt exactly from numbers is not kept.
 */
export interface UnitInfo {
  id: string;
  /** Position among the units in document order, 0-based. */
  index: number;
  /** `source_order` as written when it is not `index + 1` (absent when it is). */
  sourceOrderWrong: string | undefined;
  /** `source_span` as written when it did not parse (see `spanText`). */
  spanRaw: string | undefined;
  /** Half-open byte range, present when `source_span` parsed (bounds are checked later); `b` is B as written. */
  span?: { start: number; end: number; b: number };
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
  /**
   * Every declared id (units, concepts, edges) to the unit's index, or `CONCEPT` / `EDGE` (the last
   * declaration of a repeated id). `idsUnique` is false when an id is declared twice or is empty;
   * `ids` then serves only to look ids up.
   */
  ids: Map<string, number>;
  idsUnique: boolean;
  rootSha256: string | undefined;
  byteLength: string | undefined;
  migratedContainers: string[] | undefined;
  concepts: { id: string }[];
  units: UnitInfo[];
  /** Each `<node>`'s `ref`, undefined where it has none. */
  nodes: (string | undefined)[];
  edges: EdgeInfo[];
  ambiguities: AmbiguityInfo[];
}

/** The value `UasModel.ids` holds for a concept's id. */
export const CONCEPT = -1;
/** The value `UasModel.ids` holds for an edge's id. */
export const EDGE = -2;

/** The kind of element an entry of `UasModel.ids` belongs to. */
export const kindOf = (index: number): UasElementKind => (index >= 0 ? 'unit' : index === CONCEPT ? 'concept' : 'edge');

const SPAN = /^bytes:(0|[1-9][0-9]{0,15})-(0|[1-9][0-9]{0,15})$/;

/** Parses `bytes:A-B` into a half-open range, honouring the pinned end convention (D-UAS-06). */
export function parseSpan(
  raw: string | undefined,
  spec: UasSpec,
): { start: number; end: number; b: number } | undefined {
  const m = raw === undefined ? null : SPAN.exec(raw);
  if (!m) return undefined;
  const start = Number(m[1]);
  const b = Number(m[2]);
  const end = b + (spec.spanEnd === 'inclusive' ? 1 : 0);
  return Number.isSafeInteger(start) && Number.isSafeInteger(end) ? { start, end, b } : undefined;
}

/** `source_span` as written: the grammar admits one spelling per pair of numbers, so it is rebuilt. */
export function spanText(u: Pick<UnitInfo, 'span' | 'spanRaw'>): string | undefined {
  return u.span ? `bytes:${u.span.start}-${u.span.b}` : u.spanRaw;
}

/**
 * Shares one copy of each short token of a small vocabulary (roles, modes, weights), so that the
 * parser's copies die young instead of being carried through the collector. Bounded: past `cap`
 * distinct tokens, new ones are kept as they are.
 */
class Interner {
  private readonly seen = new Map<string, string>();
  constructor(private readonly cap = 4096) {}
  get(s: string | undefined): string | undefined {
    if (s === undefined || s.length > 64) return s;
    const known = this.seen.get(s);
    if (known !== undefined) return known;
    if (this.seen.size < this.cap) this.seen.set(s, s);
    return s;
  }
}

const EMPTY: readonly string[] = Object.freeze([]);
const tokens = (s: string | undefined): string[] => (!s ? (EMPTY as string[]) : s.split(' ').filter((t) => t !== ''));
const SOME_TEXT = /\S/;

/** An artifact read in one strict pass: its root's name, the model, and the structure issues. */
export type ArtifactRead =
  | { ok: false; message: string }
  | { ok: true; rootName: string; model: UasModel; structure: UasIssue[] };

/** A `<semantic_unit>` from its attributes; its text is added as it arrives. */
function unitInfo(a: Record<string, string>, index: number, spec: UasSpec, words: Interner): UnitInfo {
  const span = parseSpan(a.source_span, spec);
  const order = a.source_order;
  return {
    id: a.id ?? '',
    index,
    sourceOrderWrong: order === String(index + 1) ? undefined : (order ?? ''),
    spanRaw: span ? undefined : a.source_span,
    span,
    spanSha256: a.span_sha256,
    baseRole: words.get(a.base_role),
    specializedRole: words.get(a.specialized_role),
    mode: words.get(a.preservation_mode),
    text: '',
    weight: words.get(a.weight),
    modifiers: tokens(words.get(a.weight_modifiers)),
    conceptRefs: tokens(a.concept_refs),
  };
}

/** A child of the root in the pinned order, being read. */
interface Container {
  name: string;
  allowed: readonly string[];
  strayText: boolean;
  issues: UasIssue[];
}

/**
 * Parses the artifact strictly and reads the model as the parse goes, with no element tree: the
 * root's children against the pinned order (VAL-ELEMENT-ORDER), then what the rules need. Unknown
 * elements and stray text are order violations; containers that are missing read as empty. A
 * misplaced known child is still read, so that one misplaced element is one finding. The structure
 * issues come in a fixed order: the root's children, missing ones, text in the root, each read
 * container's children and text, then elements inside units.
 */
export function readArtifact(artifact: string, spec: UasSpec): ArtifactRead {
  const order = spec.childOrder.map((c) => c.name);
  // Structure findings in their fixed order; the root's children are checked as they open.
  const structure: UasIssue[] = [];
  const containerIssues: UasIssue[] = [];
  const seen = new Map<string, Record<string, string>>();
  // Set when the root opens: a document that parses has one.
  let rootName: string | undefined;
  let rootText = false;
  let depth = 0;
  let pos = 0;
  let open: Container | undefined;
  // Units are copied out of saxes' attribute objects at once, so that those die young.
  const units: UnitInfo[] = [];
  // The first element inside each unit, with the unit's id attribute as written.
  const unitInner: { ref: string; token: string }[] = [];
  let unitIdAttr: string | undefined;
  // Set when each unit opens.
  let innerSeen: boolean | undefined;
  const words = new Interner();

  let inUnit = false;
  const concepts: { id: string }[] = [];
  const nodes: (string | undefined)[] = [];
  const edges: EdgeInfo[] = [];
  const ambiguities: AmbiguityInfo[] = [];
  let migrated: string[] | undefined;

  const error = parseStrictXml(artifact, {
    open(name, attrs) {
      const level = depth++;
      if (level === 0) {
        rootName = name;
      } else if (level === 1) {
        open = undefined;
        const at = order.indexOf(name, pos);
        if (at < 0) {
          const why = order.includes(name) ? (seen.has(name) ? 'repeated' : 'out of order') : 'not allowed here';
          structure.push({
            checkId: 'VAL-ELEMENT-ORDER',
            ref: name,
            token: name,
            message: `<${name}> is ${why} in <${spec.rootElement}>`,
            instruction: `Emit the children of <${spec.rootElement}> in the order ${order.join(', ')}.`,
          });
          if (why !== 'out of order') return;
        } else pos = at + 1;
        seen.set(name, attrs);
        open = {
          name,
          allowed: Object.hasOwn(spec.containerChildren, name) ? spec.containerChildren[name] : EMPTY,
          strayText: false,
          issues: [],
        };
        if (name === 'migration_report') migrated = [];
      } else if (level === 2 && open) {
        if (!open.allowed.includes(name))
          open.issues.push({
            checkId: 'VAL-ELEMENT-ORDER',
            ref: open.name,
            token: name,
            message: `<${name}> is not allowed in <${open.name}>`,
          });
        const where = open.name;
        if (where === 'semantic_units') {
          if (name === 'semantic_unit') {
            units.push(unitInfo(attrs, units.length, spec, words));
            unitIdAttr = attrs.id;
            innerSeen = false;
            inUnit = true;
          }
        } else if (where === 'cognitive_map') {
          if (name === 'edge')
            edges.push({
              id: attrs.id ?? '',
              source: attrs.source,
              target: attrs.target,
              baseRelation: words.get(attrs.base_relation),
              specializedRelation: words.get(attrs.specialized_relation),
            });
          else if (name === 'node') nodes.push(attrs.ref);
        } else if (where === 'concept_registry') {
          if (name === 'concept') concepts.push({ id: attrs.id ?? '' });
        } else if (where === 'ambiguity_register') {
          if (name === 'ambiguity_entry')
            ambiguities.push({ type: words.get(attrs.type), ref: attrs.ref, token: attrs.token });
        } else if (where === 'migration_report') {
          if (name === 'migrated_container') migrated!.push(attrs.name ?? '');
        }
      } else if (level === 3 && inUnit) {
        if (!innerSeen) unitInner.push({ ref: unitIdAttr ?? 'semantic_unit', token: name });
        innerSeen = true;
      }
    },
    close() {
      const level = --depth;
      if (level === 2) inUnit = false;
      else if (level === 1 && open) {
        // Only a container of elements ever has `strayText` set (see `text`).
        if (open.strayText)
          open.issues.push({
            checkId: 'VAL-ELEMENT-ORDER',
            ref: open.name,
            token: '#text',
            message: `character data directly inside <${open.name}>`,
          });
        containerIssues.push(...open.issues);
        open = undefined;
      }
    },
    text(text) {
      // `depth` is the level of the text's parent, plus one.
      if (depth === 3) {
        if (inUnit) units[units.length - 1].text += text;
      } else if (depth === 2) {
        if (open && !open.strayText && open.allowed.length > 0 && SOME_TEXT.test(text)) open.strayText = true;
      } else if (depth === 1) {
        if (!rootText && SOME_TEXT.test(text)) rootText = true;
      }
    },
  });
  if (error !== undefined) return { ok: false, message: error };

  for (const c of spec.childOrder) {
    if (c.required && !seen.has(c.name))
      structure.push({
        checkId: 'VAL-ELEMENT-ORDER',
        ref: c.name,
        token: c.name,
        message: `required child <${c.name}> is missing`,
        instruction: `Emit <${c.name}> in its place.`,
      });
  }
  if (rootText)
    structure.push({
      checkId: 'VAL-ELEMENT-ORDER',
      ref: spec.rootElement,
      token: '#text',
      message: `character data directly inside <${spec.rootElement}>`,
    });
  structure.push(...containerIssues);
  for (const { ref, token } of unitInner)
    structure.push({
      checkId: 'VAL-ELEMENT-ORDER',
      ref,
      token,
      message: `<${token}> inside a <semantic_unit>: units hold text only`,
    });
  const manifest = seen.get('source_manifest');
  // The id table is built once the parse is over: a table growing during the parse would be copied
  // by every young-generation collection the parse triggers.
  const ids = new Map<string, number>();
  let idsUnique = true;
  const declare = (id: string, index: number) => {
    const before = ids.size;
    if (ids.set(id, index).size === before || id === '') idsUnique = false;
  };
  for (const u of units) declare(u.id, u.index);
  for (const c of concepts) declare(c.id, CONCEPT);
  for (const e of edges) declare(e.id, EDGE);
  const model: UasModel = {
    ids,
    idsUnique,
    rootSha256: manifest?.root_sha256,
    byteLength: manifest?.byte_length,
    migratedContainers: migrated,
    concepts,
    units,
    nodes,
    edges,
    ambiguities,
  };
  return { ok: true, rootName: rootName!, model, structure };
}
