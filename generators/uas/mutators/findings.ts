import { cloneDoc } from '../model.js';
import { choose, type ExpectedFinding, type UasMutator, uasMutator } from '../mutation.js';
import { serializeUas } from '../serialize.js';
import {
  CONTAINER_START,
  STRANGERS,
  STRAY_TEXT_SPOTS,
  STRAY_TEXTS,
  textBoundaries,
  UNIT_INNER,
  WRONG_ROOTS,
} from './structure.js';
import { rebuild, startTag, weightsKept } from './util.js';

/** Preservation modes that are none of the pinned ones (D-UAS-05), as a compiler misspells them. */
const NOT_MODES = ['HYBRID', 'EXTRACTIVE', 'verbatim_full', 'SPAN-ONLY'];

/** One change to an artifact's text: `del` characters at `at` replaced by `ins`. */
interface Edit {
  at: number;
  del: number;
  ins: string;
}

/** `xml` with the edits applied, each at its offset in the original text (they never overlap). */
function applyEdits(xml: string, edits: readonly Edit[]): string {
  // From the end, so that each offset still points where it did; at one offset the replacement
  // first, so that an insertion there lands before it.
  const ordered = [...edits].sort((a, b) => b.at - a.at || b.del - a.del);
  return ordered.reduce((x, e) => x.slice(0, e.at) + e.ins + x.slice(e.at + e.del), xml);
}

/**
 * The findings about the document's shape and vocabulary that every verifier words on its own
 * (for VAL-INTERCEPT-PACKET): the rule-first draw of `one-rule` reaches each of them rarely, since
 * each is one way among many of its rule. A case is either a root of another name, which hides
 * every other finding (VAL-ELEMENT-ORDER), or a document wrong in one to six of these ways at once:
 * its `<source_manifest>` missing (VAL-ELEMENT-ORDER, and VAL-ROOT-HASH: no root hash is left), a
 * concept without an id (VAL-ID-UNIQUE), a unit whose preservation mode is none (VAL-VERBATIM), an
 * element in a container that does not list it, an element inside a unit's text, text between
 * elements (VAL-ELEMENT-ORDER each). Every
 * finding gets its packet judged; a verifier that stops at its first finding has its first judged.
 * Drawn by VAL-INTERCEPT-PACKET alone, like `severalRules`; its cases claim every rule they break.
 */
export const structureFindings: UasMutator = uasMutator('structure-findings', 'VAL-INTERCEPT-PACKET', (d, p) => {
  const [a, b, c] = p as [number, number, number];
  if (a % 3 === 0) {
    const name = choose(
      WRONG_ROOTS.filter((n) => n !== d.spec.rootElement && !d.spec.legacyContainers.includes(n)),
      b,
    );
    if (name === undefined) return null;
    return rebuild(
      d,
      (doc) => {
        doc.rootName = name;
      },
      [{ checkId: 'VAL-ELEMENT-ORDER' }],
    );
  }
  // A non-empty set of the six ways, each in about half the cases.
  const ways = (b % 63) + 1;
  const has = (bit: number) => (ways & bit) !== 0;
  const expected: ExpectedFinding[] = [];
  const order = () => {
    if (!expected.some((f) => f.checkId === 'VAL-ELEMENT-ORDER')) expected.push({ checkId: 'VAL-ELEMENT-ORDER' });
  };
  const doc = cloneDoc(d.doc);
  if (
    has(1) &&
    d.spec.childOrder.some((x) => x.name === 'source_manifest' && x.required) &&
    doc.children.includes('source_manifest')
  ) {
    doc.children = doc.children.filter((x) => x !== 'source_manifest');
    order();
    expected.push({ checkId: 'VAL-ROOT-HASH' });
  }
  if (has(32)) {
    // A concept the compiler left without an id (one more concept: the centrality's n may count it,
    // so only where no weight moves).
    doc.concepts.push({ id: '', term: 'unnamed', aliases: [] });
    if (weightsKept(d.doc, doc, d.spec)) expected.push({ checkId: 'VAL-ID-UNIQUE' });
    else doc.concepts.pop();
  }
  // The unit given an unknown mode, if any: markup goes into another one, so that no unit is the
  // subject of two rules' findings (that is `several-rules`' to show).
  let modeUnit: string | undefined;
  if (has(2)) {
    const u = choose(doc.units, c)!;
    const mode = choose(
      NOT_MODES.filter((m) => !d.spec.preservationModes.includes(m)),
      c >> 3,
    );
    if (mode !== undefined) {
      (u as { mode: string }).mode = mode;
      modeUnit = u.id;
      expected.push({ checkId: 'VAL-VERBATIM', unitId: u.id });
    }
  }
  const out = serializeUas(doc, d.style, d.spec);
  const edits: Edit[] = [];
  if (has(4)) {
    const m = choose([...out.xml.matchAll(CONTAINER_START)], c >> 5);
    const name = m ? choose(STRANGERS[m[1]!] ?? [], c >> 8) : undefined;
    if (m && name !== undefined) {
      edits.push({ at: m.index! + m[0].length, del: 0, ins: `<${name}/>` });
      order();
    }
  }
  const others = doc.units.filter((x) => x.id !== modeUnit);
  if (has(8) && others.length > 0) {
    const u = choose(others, c >> 10)!;
    const tag = UNIT_INNER[(c >> 2) % UNIT_INNER.length]!;
    const at = choose(textBoundaries({ ...d, doc, out }, u.id), c >> 4);
    const open = at === undefined ? startTag(out.xml, 'semantic_unit', u.id) : undefined;
    if (at !== undefined) edits.push({ at, del: 0, ins: tag });
    else if (open?.tag.endsWith('/>'))
      edits.push({ at: open.at, del: open.tag.length, ins: `${open.tag.slice(0, -2)}>${tag}</semantic_unit>` });
    if (at !== undefined || open?.tag.endsWith('/>')) order();
  }
  if (has(16)) {
    const m = choose([...out.xml.matchAll(STRAY_TEXT_SPOTS)], c >> 13);
    if (m) {
      edits.push({ at: m.index! + m[0].length, del: 0, ins: STRAY_TEXTS[(c >> 6) % STRAY_TEXTS.length]! });
      order();
    }
  }
  if (expected.length === 0) return null;
  return { source: d.source.bytes, artifact: applyEdits(out.xml, edits), expected };
});
