import type { Adapter, UasFinding, UasVerdict } from '../../../src/contract/adapter.js';
import { readArtifact } from '../../../src/reference/uas/model.js';
import type { UasReferenceFinding } from '../../../src/reference/uas/verify.js';
import { referenceVerdict as verifyWith } from './reference-memo.js';
import { bundledSpec } from '../../../src/spec/index.js';
import type { UasElementKind, UasSpec } from '../../../src/spec/uas.js';
import type { BrokenRegistry, MoreBroken } from '../../helpers/broken.js';

/**
 * Deliberately broken UAS verifiers, one per check: each models a mistake an implementer makes and
 * must fail its check, with that check's id, and no other. They are the reference verifier with one
 * rule left out or bent, under the bundled spec.
 */
const spec = bundledSpec().uas;
const verifyUas = (source: Uint8Array, artifact: string) => verifyWith(source, artifact, spec);

function adapter(name: string, verify: (source: Uint8Array, artifact: string) => UasVerdict): Adapter {
  return { describe: () => ({ name, version: '0' }), verifyUas: verify };
}

const verdict = (findings: UasFinding[]): UasVerdict => ({ valid: findings.length === 0, findings });

/** The reference, minus the findings `drop` selects: a verifier that never implemented that rule. */
function dropping(name: string, drop: (f: UasReferenceFinding) => boolean): Adapter {
  return adapter(name, (s, a) => verdict(verifyUas(s, a).findings.filter((f) => !drop(f))));
}

/** The reference judging by other data: a verifier that reads a rule otherwise. */
function judgingBy(name: string, other: UasSpec): Adapter {
  return adapter(name, (s, a) => verdict(verifyWith(s, a, other).findings));
}

/** The `<invalid_token>` of a reference finding's packet: the token the finding is about. */
const tokenOf = (f: UasReferenceFinding): string => /<invalid_token>([^<]*)</.exec(f.intercept)![1];

/** True when a plain object answers `token in {}`: a name every object inherits. */
const inheritedName = (token: string): boolean => token in {};

const ANY_KIND: UasElementKind[] = ['unit', 'concept', 'edge'];

/** The reference with its findings rewritten. */
function rewriting(
  name: string,
  map: (f: UasReferenceFinding, source: Uint8Array, artifact: string) => UasFinding,
): Adapter {
  return adapter(name, (s, a) => verdict(verifyUas(s, a).findings.map((f) => map(f, s, a))));
}

const lenient = new TextDecoder();
const ONE_QUOTE: Record<string, string> = { '“': '"', '”': '"', '‘': "'", '’': "'" };
const normalize = (s: string) =>
  s
    .replace(/[“”‘’]/g, (q) => ONE_QUOTE[q])
    .replace(/\s+/g, ' ')
    .trim();

/** Unit text and span bytes of a unit, read as the reference reads them. */
function unitOf(
  source: Uint8Array,
  artifact: string,
  unitId: string | undefined,
): { text: string; bytes: Uint8Array } | undefined {
  const x = readArtifact(artifact, spec);
  if (!x.ok) return undefined;
  const u = x.model.units.find((y) => y.id === unitId);
  return u?.span ? { text: u.text, bytes: source.subarray(u.span.start, u.span.end) } : undefined;
}

const RAW_UNIT = /<semantic_unit\b([^>]*?)>([\s\S]*?)<\/semantic_unit>/g;

/** For every check of the UAS suite, the verifier broken for it. */
export const broken: BrokenRegistry = {
  // Takes seed 003 §3.2 step 3 literally: memcmp of the *raw* inner XML against the source bytes.
  'VAL-VALID-ACCEPTED': adapter('raw inner-XML memcmp', (source, artifact) => {
    const ref = verifyUas(source, artifact);
    const extra: UasFinding[] = [];
    for (const m of artifact.matchAll(RAW_UNIT)) {
      const span = /source_span=["']bytes:(\d+)-(\d+)["']/.exec(m[1]);
      if (!span || !/preservation_mode=["']VERBATIM_FULL["']/.test(m[1])) continue;
      const raw = Buffer.from(m[2], 'utf8');
      if (!raw.equals(source.subarray(Number(span[1]), Number(span[2]))))
        extra.push({ checkId: 'VAL-VERBATIM', byteOffset: Number(span[1]) });
    }
    return verdict([...ref.findings, ...extra]);
  }),
  // Parses with a lenient parser and never checks well-formedness.
  'VAL-XML-WELL-FORMED': dropping('no well-formedness check', (f) => f.checkId === 'VAL-XML-WELL-FORMED'),
  'VAL-ELEMENT-ORDER': dropping('any child order', (f) => f.checkId === 'VAL-ELEMENT-ORDER'),
  // Accepts unknown roles.
  'VAL-ROLE-ENUM': dropping('open role set', (f) => f.checkId === 'VAL-ROLE-ENUM'),
  // Case-insensitive, and takes registered subtypes for base relations.
  'VAL-RELATION-ENUM': adapter('lenient relations', (source, artifact) => {
    const known = new Set([...spec.baseRelations, ...Object.keys(spec.relationAliases)]);
    return verdict(
      verifyUas(source, artifact).findings.filter(
        (f) =>
          !(
            f.checkId === 'VAL-RELATION-ENUM' &&
            known.has(/<invalid_token>([^<]*)</.exec(f.intercept)![1].toUpperCase())
          ),
      ),
    );
  }),
  'VAL-OVERFLOW-REGISTER': dropping('no overflow bookkeeping', (f) => f.checkId === 'VAL-OVERFLOW-REGISTER'),
  'VAL-ID-UNIQUE': dropping('last id wins', (f) => f.checkId === 'VAL-ID-UNIQUE'),
  // Ignores dangling edges.
  'VAL-EDGE-REF': dropping('ignores dangling edges', (f) => f.checkId === 'VAL-EDGE-REF'),
  'VAL-CONCEPT-REF': dropping('no concept lookup', (f) => f.checkId === 'VAL-CONCEPT-REF'),
  'VAL-SPAN-BOUNDS': dropping('clamps spans', (f) => f.checkId === 'VAL-SPAN-BOUNDS'),
  'VAL-SOURCE-ORDER': dropping('order-blind', (f) => f.checkId === 'VAL-SOURCE-ORDER'),
  'VAL-ROOT-HASH': dropping('spans only', (f) => f.checkId === 'VAL-ROOT-HASH'),
  'VAL-SPAN-HASH': dropping('trusts span hashes', (f) => f.checkId === 'VAL-SPAN-HASH'),
  // Normalizes whitespace and quotes before comparing.
  'VAL-VERBATIM': adapter('normalizing comparison', (source, artifact) =>
    verdict(
      verifyUas(source, artifact).findings.filter((f) => {
        if (f.checkId !== 'VAL-VERBATIM') return true;
        const u = unitOf(source, artifact, f.unitId);
        return !u || normalize(u.text) !== normalize(lenient.decode(u.bytes));
      }),
    ),
  ),
  // Counts the offset in UTF-16 code units of the source.
  'VAL-MISMATCH-COORDINATES': rewriting('UTF-16 offsets', (f, source) =>
    f.checkId === 'VAL-VERBATIM' && f.byteOffset !== undefined
      ? { ...f, byteOffset: lenient.decode(source.subarray(0, f.byteOffset)).length }
      : f,
  ),
  'VAL-WEIGHT-RANGE': dropping('unchecked weight range', (f) => f.checkId === 'VAL-WEIGHT-RANGE'),
  'VAL-WEIGHT-FORMULA': dropping('weights taken on trust', (f) => f.checkId === 'VAL-WEIGHT-FORMULA'),
  'VAL-PROMOTION': dropping('no promotion rules', (f) => f.checkId === 'VAL-PROMOTION'),
  'VAL-MIGRATION-REPORT': dropping('no legacy detection', (f) => f.checkId === 'VAL-MIGRATION-REPORT'),
  // Emits packets without invalid_token.
  'VAL-INTERCEPT-PACKET': rewriting(
    'packets without invalid_token',
    (f) => ({ ...f, intercept: f.intercept.replace(/<invalid_token>[\s\S]*?<\/invalid_token>/, '') }) as UasFinding,
  ),
};

/**
 * Checks a broken verifier fails besides its own, because they follow from it: a verifier that
 * misses a verbatim mismatch cannot report its coordinates either.
 */
export const alsoFails: Record<string, readonly string[]> = { 'VAL-VERBATIM': ['VAL-MISMATCH-COORDINATES'] };

/**
 * More broken verifiers for checks where the issue names more than one slip (adapter names say
 * which): each must fail its check too, and no other.
 */
export const more: MoreBroken = {
  // Checks only that a reference is declared, never what it names.
  'VAL-EDGE-REF': [
    judgingBy('any declared id will do', {
      ...spec,
      referenceKinds: { ...spec.referenceKinds, edge: ANY_KIND, node: ANY_KIND },
      ambiguityRefKinds: Object.fromEntries(spec.ambiguityTypes.map((t) => [t, ANY_KIND])),
    }),
    // Keeps the declared ids in a plain object and asks `ref in ids`: `constructor` is always there.
    dropping('ids in a plain object', (f) => f.checkId === 'VAL-EDGE-REF' && inheritedName(tokenOf(f))),
  ],
  // `if (elements.length > 1) checkIds()`: a document whose one element with an id has none goes unjudged
  // (only the empty-id family's lone unit shows it).
  'VAL-ID-UNIQUE': [
    adapter('judges ids only in a document with two or more elements that carry one', (s, a) => {
      const x = readArtifact(a, spec);
      const alone = x.ok && x.model.units.length + x.model.concepts.length + x.model.edges.length < 2;
      return verdict(verifyUas(s, a).findings.filter((f) => !(alone && f.checkId === 'VAL-ID-UNIQUE')));
    }),
  ],
  'VAL-CONCEPT-REF': [
    judgingBy('a concept reference may name any declared id', {
      ...spec,
      referenceKinds: { ...spec.referenceKinds, concept_refs: ANY_KIND },
    }),
  ],
  // `token in roles` on an object keyed by the closed roles.
  'VAL-ROLE-ENUM': [
    dropping('closed roles as object keys', (f) => f.checkId === 'VAL-ROLE-ENUM' && inheritedName(tokenOf(f))),
  ],
  // `sr in roleAliases`: `constructor` reads as a registered alias.
  'VAL-OVERFLOW-REGISTER': [
    dropping('aliases looked up with in', (f) => f.checkId === 'VAL-OVERFLOW-REGISTER' && inheritedName(tokenOf(f))),
  ],
  // `t in weightModifiers`: `toString` reads as a known modifier.
  'VAL-WEIGHT-FORMULA': [
    dropping('modifiers looked up with in', (f) => f.checkId === 'VAL-WEIGHT-FORMULA' && inheritedName(tokenOf(f))),
  ],
  'VAL-MISMATCH-COORDINATES': [
    rewriting('off-by-one offsets', (f) =>
      f.checkId === 'VAL-VERBATIM' && f.byteOffset !== undefined ? { ...f, byteOffset: f.byteOffset + 1 } : f,
    ),
    // The offset of the span, not of the differing byte.
    rewriting('span start offsets', (f, _source, artifact) => {
      if (f.checkId !== 'VAL-VERBATIM') return f;
      const x = readArtifact(artifact, spec);
      const u = x.ok ? x.model.units.find((y) => y.id === f.unitId) : undefined;
      return u?.span ? { ...f, byteOffset: u.span.start } : f;
    }),
  ],
};
