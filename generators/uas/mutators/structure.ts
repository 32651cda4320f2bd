import type { UasValidDocument } from '../document.js';
import { formatWeight, type GenDoc } from '../model.js';
import { exactHundredths, nearestHundredths } from '../weights.js';
import { choose, type UasMutator, type UasMutation, uasMutator } from '../mutation.js';
import type { Serialized } from '../serialize.js';
import { rebuild, reserialize, startTag, weightsKept, withAttribute } from './util.js';

/** What every mutation of the document's structure breaks (a fresh list per case). */
const order = (): UasMutation['expected'] => [{ checkId: 'VAL-ELEMENT-ORDER' }];

/** `xml` with `text` inserted at `at`. */
const insert = (xml: string, at: number, text: string): string => xml.slice(0, at) + text + xml.slice(at);

/**
 * Elements of other containers, which no rule reads where they are put (D-UAS-03). An element
 * inside `<source_manifest>`, which holds none, is the `element-in-manifest` family's.
 */
export const STRANGERS: Record<string, string[]> = {
  concept_registry: ['node', 'check', 'semantic_unit'],
  semantic_units: ['edge', 'concept', 'alias'],
  cognitive_map: ['concept', 'ambiguity_entry', 'check'],
  ambiguity_register: ['check', 'node', 'migrated_container'],
  validation_report: ['ambiguity_entry', 'concept', 'node'],
  migration_report: ['concept', 'check'],
};

/** The start tag of each container of elements (attributes and all: `<validation_report status="pass" ...>`), never a self-closed one. */
export const CONTAINER_START =
  /<(concept_registry|semantic_units|cognitive_map|ambiguity_register|validation_report|migration_report)(?:\s[^<>]*)?(?<!\/)>/g;

/** Where character data can go directly inside the root or a container of elements: just after these tags. */
export const STRAY_TEXT_SPOTS =
  /<\/(?:source_manifest|concept_registry|semantic_units|cognitive_map|ambiguity_register)>|<source_manifest\b[^>]*\/>|<(?:concept_registry|semantic_units|cognitive_map|ambiguity_register|validation_report)(?:\s[^<>]*)?(?<!\/)>/g;

/** Texts put between elements, where no text belongs. */
export const STRAY_TEXTS = ['stray', 'note: kept', '&amp;', '0.85'];

/** Empty elements put inside a unit's text, which holds text only. */
export const UNIT_INNER = ['<br/>', '<em/>', '<alias/>', '<semantic_unit/>'];

/** Misspellings of the root's name (names are case-sensitive): none is a legacy container. */
export const WRONG_ROOTS = ['UAS_document', 'uas_document', 'UASDocument'];

/**
 * Offsets inside unit `unitId`'s escaped text where markup can go without changing what it reads
 * as: between two characters, never inside a reference or a surrogate pair. CDATA text offers its
 * two ends only.
 */
export function textBoundaries(d: UasValidDocument, unitId: string): number[] {
  const r = Object.hasOwn(d.out.text, unitId) ? d.out.text[unitId] : undefined;
  if (!r) return [];
  if (r.style === 'cdata') return [r.from, r.to];
  const body = d.out.xml.slice(r.from, r.to);
  const out = [r.from];
  for (let i = 0; i < body.length; ) {
    const ref = body[i] === '&' ? body.indexOf(';', i) + 1 : 0;
    i = ref > 0 ? ref : i + (body.codePointAt(i)! > 0xffff ? 2 : 1);
    out.push(r.from + i);
  }
  return out;
}

/** The ids something points at: edge ends, nodes, register entries, concept references. */
function referenced(doc: GenDoc): Set<string> {
  const ids = [
    ...doc.edges.flatMap((e) => [e.source, e.target]),
    ...doc.nodes,
    ...doc.ambiguities.map((a) => a.ref),
    ...doc.units.flatMap((u) => u.conceptRefs),
  ];
  return new Set(ids.filter((x): x is string => x !== undefined));
}

/** Elements nothing points at, whose id can change without breaking a reference: [kind, index]. */
function freeElements(doc: GenDoc): ['units' | 'concepts' | 'edges', number][] {
  const refs = referenced(doc);
  return [
    ...doc.units.flatMap((u, i) => (refs.has(u.id) ? [] : [['units', i] as ['units', number]])),
    ...doc.concepts.flatMap((c, i) => (refs.has(c.id) ? [] : [['concepts', i] as ['concepts', number]])),
    ...doc.edges.flatMap((e, i) => (refs.has(e.id) ? [] : [['edges', i] as ['edges', number]])),
  ];
}

/**
 * The document reduced to one unit (`from`, renamed `id`) and no edge, with `rest` deciding its
 * concepts: the unit keeps what needs no other element (no concept references, no register entry,
 * so no unregistered specialized role; numbered 1), and without an edge its weight is 0.50 plus its
 * deltas, kept below PM-01 so that no `<node>` must name it. Undefined when that cannot be.
 */
function soleUnit(d: UasValidDocument, from: string, id: string, rest: (doc: GenDoc) => void): Serialized | undefined {
  let critical = false;
  const out = reserialize(d, (doc) => {
    const own = doc.units.find((x) => x.id === from)!;
    const resolved =
      own.specializedRole === undefined ||
      d.spec.baseRoles.includes(own.specializedRole) ||
      Object.hasOwn(d.spec.roleAliases, own.specializedRole);
    if (!resolved) delete own.specializedRole;
    own.id = id;
    own.sourceOrder = '1';
    own.conceptRefs = [];
    doc.units = [own];
    doc.edges = [];
    doc.nodes = [];
    doc.ambiguities = [];
    rest(doc);
    while (exactHundredths(doc, own, d.spec) >= d.spec.promotion['PM-01']) {
      const boost = own.modifiers.findIndex((t) => d.spec.weightModifiers[t]! > 0);
      if (boost < 0) {
        critical = true;
        break;
      }
      own.modifiers = own.modifiers.filter((_, i) => i !== boost);
    }
    own.weight = formatWeight(nearestHundredths(exactHundredths(doc, own, d.spec)));
  });
  return critical ? undefined : out;
}

/** Names every JavaScript object inherits: as ids they are strings like any other (D-UAS-11). */
const INHERITED = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__', 'isPrototypeOf'];

/** The pinned child order of `<UAS_Document>` broken (D-UAS-03): at the root, inside containers, inside units. */
export const structureMutators: UasMutator[] = [
  uasMutator('element-order', 'VAL-ELEMENT-ORDER', (d, p) => {
    const kids = d.doc.children;
    const variant = p[0] % 5;
    let next: string[] | undefined;
    let rootName: string | undefined;
    if (variant === 0) {
      const i = p[1] % (kids.length - 1);
      next = [...kids];
      [next[i], next[i + 1]] = [next[i + 1], next[i]];
    } else if (variant === 1) {
      // Only required children whose loss breaks nothing else: the report, or an empty register.
      const required = new Set(d.spec.childOrder.filter((c) => c.required).map((c) => c.name));
      const droppable = kids.filter(
        (k) =>
          required.has(k) &&
          (k === 'validation_report' || (k === 'ambiguity_register' && d.doc.ambiguities.length === 0)),
      );
      const gone = choose(droppable, p[1]);
      if (!gone) return null;
      next = kids.filter((k) => k !== gone);
    } else if (variant === 2) {
      const stranger = choose(
        ['summary', 'notes', 'formal_definition', 'semantic_unit'].filter(
          (n) => !d.spec.childOrder.some((c) => c.name === n),
        ),
        p[2],
      );
      if (!stranger) return null;
      next = [...kids];
      next.splice(p[1] % (kids.length + 1), 0, stranger);
    } else if (variant === 3) {
      // The last child once more: repeated (a repeated child is not read again).
      next = [...kids, kids[kids.length - 1]];
    } else {
      rootName = choose(WRONG_ROOTS, p[1]);
    }
    return rebuild(
      d,
      (doc) => {
        if (next) doc.children = next;
        if (rootName) doc.rootName = rootName;
      },
      order(),
    );
  }),
  uasMutator('misplaced-element', 'VAL-ELEMENT-ORDER', (d, p) => {
    // A child of another container, put in this one (where nothing reads it): the order of the root's children is right.
    const spots = [...d.out.xml.matchAll(CONTAINER_START)];
    const m = choose(spots, p[0]);
    if (!m) return null;
    const name = choose(STRANGERS[m[1]!] ?? [], p[1])!;
    return {
      source: d.source.bytes,
      artifact: insert(d.out.xml, m.index! + m[0].length, `<${name}/>`),
      expected: order(),
    };
  }),
  uasMutator('element-in-unit', 'VAL-ELEMENT-ORDER', (d, p) => {
    // Markup inside a unit, which holds text only: an empty element between two characters (the
    // text reads the same), or a hash-only unit opened to hold one.
    const u = choose(d.doc.units, p[0])!;
    const tag = UNIT_INNER[p[2] % UNIT_INNER.length]!;
    const at = choose(textBoundaries(d, u.id), p[1]);
    if (at !== undefined) return { source: d.source.bytes, artifact: insert(d.out.xml, at, tag), expected: order() };
    const m = startTag(d.out.xml, 'semantic_unit', u.id);
    if (!m?.tag.endsWith('/>')) return null;
    const opened = `${m.tag.slice(0, -2)}>${tag}</semantic_unit>`;
    return {
      source: d.source.bytes,
      artifact: d.out.xml.slice(0, m.at) + opened + d.out.xml.slice(m.at + m.tag.length),
      expected: order(),
    };
  }),
  uasMutator('stray-text', 'VAL-ELEMENT-ORDER', (d, p) => {
    // Character data directly inside the root or a container of elements, between its children.
    const spots = [...d.out.xml.matchAll(STRAY_TEXT_SPOTS)];
    const m = choose(spots, p[0]);
    if (!m) return null;
    const text = STRAY_TEXTS[p[1] % STRAY_TEXTS.length]!;
    return { source: d.source.bytes, artifact: insert(d.out.xml, m.index! + m[0].length, text), expected: order() };
  }),
  uasMutator('element-in-manifest', 'VAL-ELEMENT-ORDER', (d, p) => {
    // `<source_manifest>` holds no element, and a verifier that reads only its attributes never
    // looks inside it: the manifest opened to hold what a compiler files with the source's
    // description, the migration record above all (a copy of the report's, or one for a source
    // that is no legacy container). Not read there (D-UAS-03): no migration is claimed by it.
    const m = /<source_manifest\b[^>]*?\s*\/>/.exec(d.out.xml);
    if (!m) return null;
    const q = d.style.quote;
    const name = d.doc.migration?.[0] ?? choose(d.spec.legacyContainers, p[1])!;
    const inner = [
      `<migrated_container name=${q}${name}${q} to=${q}${d.spec.rootElement}${q}/>`,
      `<check id=${q}VAL-ROOT-HASH${q} result=${q}pass${q}/>`,
      `<source path=${q}raw_input.txt${q}/>`,
    ][p[0] % 3]!;
    const opened = `${m[0].replace(/\s*\/>$/, '>')}${inner}</source_manifest>`;
    return {
      source: d.source.bytes,
      artifact: d.out.xml.slice(0, m.index) + opened + d.out.xml.slice(m.index + m[0].length),
      expected: order(),
    };
  }),
  uasMutator('child-name-case', 'VAL-ELEMENT-ORDER', (d, p) => {
    // A child of the root named in another case (names are case-sensitive): one whose content no other rule needs.
    const droppable = d.doc.children.filter(
      (k) => k === 'validation_report' || (k === 'ambiguity_register' && d.doc.ambiguities.length === 0),
    );
    const k = choose(droppable, p[0]);
    if (!k) return null;
    const spelled = [
      k.toUpperCase(),
      k
        .split('_')
        .map((w) => w[0]!.toUpperCase() + w.slice(1))
        .join('_'),
      k[0]!.toUpperCase() + k.slice(1),
    ][p[1] % 3]!;
    return rebuild(
      d,
      (doc) => {
        doc.children = doc.children.map((c) => (c === k ? spelled : c));
      },
      order(),
    );
  }),
];

/**
 * Identity (seed 003 §5.1.3, D-UAS-11): an empty id (the only element's too), one id for the only
 * two elements, an edge reusing a unit's or concept's id, an inherited name used twice.
 */
export const identityMutators: UasMutator[] = [
  uasMutator('empty-id', 'VAL-ID-UNIQUE', (d, p) => {
    // An element nothing points at, with an empty id or none; each kind as often as the others
    // (far more edges than units are free). The compiler uses every concept it declares: the
    // concept nothing points at is one more, which moves no weight (or the draw is discarded).
    // One case in four, the document's only element with an id, a unit (no concept, no edge):
    // nothing to be unique against, and still no id.
    if (p[1] % 4 === 3) {
      const lone = soleUnit(d, choose(d.doc.units, p[0])!.id, '', (doc) => {
        doc.concepts = [];
      });
      const artifact =
        lone === undefined
          ? undefined
          : p[2] % 2 === 0
            ? lone.xml
            : withAttribute(lone.xml, 'semantic_unit', '', 'id', undefined);
      return artifact === undefined
        ? null
        : { source: d.source.bytes, artifact, expected: [{ checkId: 'VAL-ID-UNIQUE' }] };
    }
    const elements = freeElements(d.doc);
    const among = choose([...new Set([...elements.map(([k]) => k), 'concepts' as const])], p[2]);
    const free = choose(
      elements.filter(([k]) => k === among),
      p[0],
    );
    const [kind, i] = free ?? ['concepts', d.doc.concepts.length];
    const old = free ? d.doc[kind][i]!.id : undefined;
    let kept = true;
    const out = reserialize(d, (doc) => {
      if (!free) {
        doc.concepts.push({ id: '', term: 'RAG', expansion: 'Red Amber Green', aliases: [] });
        kept = weightsKept(d.doc, doc, d.spec);
      }
      doc[kind][i]!.id = '';
    });
    if (!kept) return null;
    const tag = kind === 'units' ? 'semantic_unit' : kind === 'concepts' ? 'concept' : 'edge';
    // Empty or none alternate with the pick, the other way round for edges than for units and concepts.
    const none = (p[1] + (kind === 'edges' ? 1 : 0)) % 2 === 0;
    const artifact = !none || old === '' ? out.xml : withAttribute(out.xml, tag, '', 'id', undefined);
    return artifact === undefined
      ? null
      : { source: d.source.bytes, artifact, expected: [{ checkId: 'VAL-ID-UNIQUE' }] };
  }),
  uasMutator('single-id', 'VAL-ID-UNIQUE', (d, p) => {
    // The document's elements with an id declare one id between them: a single unit and a single
    // concept sharing the unit's id, no edge. Nothing else to compare with, and still repeated.
    const u = choose(d.doc.units, p[1])!;
    const c = choose(d.doc.concepts, p[0]);
    if (c === undefined) return null;
    const out = soleUnit(d, u.id, u.id, (doc) => {
      doc.concepts = [{ ...c, id: u.id }];
    });
    return out === undefined
      ? null
      : { source: d.source.bytes, artifact: out.xml, expected: [{ checkId: 'VAL-ID-UNIQUE', unitId: u.id }] };
  }),
  uasMutator('edge-id-reuse', 'VAL-ID-UNIQUE', (d, p) => {
    // An edge no entry names takes the id of a unit or a concept: ids are one namespace, edges included.
    // Not an inherited name (a concept may have one): reusing that is the inherited-id-twice family's slip.
    const e = choose(
      freeElements(d.doc).filter(([k]) => k === 'edges'),
      p[0],
    );
    const target = choose(
      [...d.doc.units.map((u) => u.id), ...d.doc.concepts.map((c) => c.id)].filter((id) => !INHERITED.includes(id)),
      p[1],
    );
    if (!e || target === undefined) return null;
    return rebuild(
      d,
      (doc) => {
        doc.edges[e[1]]!.id = target;
      },
      [{ checkId: 'VAL-ID-UNIQUE', unitId: target }],
    );
  }),
  uasMutator('inherited-id-twice', 'VAL-ID-UNIQUE', (d, p) => {
    // Two elements nothing points at, both with the id `constructor` (or another inherited name).
    // Both edges, or neither: an edge and a unit sharing an id is the edge-id-reuse family's slip.
    const declared = new Set([...d.doc.units, ...d.doc.concepts, ...d.doc.edges].map((x) => x.id));
    const name = choose(
      INHERITED.filter((n) => !declared.has(n)),
      p[0],
    );
    const free = freeElements(d.doc);
    const a = choose(free, p[1]);
    const b = choose(
      free.filter((x) => x !== a && (x[0] === 'edges') === (a?.[0] === 'edges')),
      p[2],
    );
    if (name === undefined || !a || !b) return null;
    return rebuild(
      d,
      (doc) => {
        doc[a[0]][a[1]]!.id = name;
        doc[b[0]][b[1]]!.id = name;
      },
      [{ checkId: 'VAL-ID-UNIQUE', unitId: name }],
    );
  }),
];
