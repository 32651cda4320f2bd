import type { UasSpec } from '../../../src/spec/uas.js';
import { entryMayName, PROTOTYPE_NAMES } from '../compile.js';
import type { UasValidDocument } from '../document.js';
import { cloneDoc, formatWeight, type GenDoc, type GenUnit } from '../model.js';
import { choose, type ExpectedFinding, type UasMutation, type UasMutator, uasMutator } from '../mutation.js';
import { serializeUas } from '../serialize.js';
import {
  centralityDivisor,
  exactHundredths,
  nearestHundredths,
  PINNED_READING,
  PROMOTION_MISREADINGS,
  promotionBreaks,
  readingAccepts,
  WEIGHT_MISREADINGS,
  WEIGHT_READINGS,
  type PromotionReading,
  type WeightReading,
} from '../weights.js';

// ---------------------------------------------------------------------------------------------
// Helpers: a document's weights and promotion, kept right while a mutation changes something else.
// ---------------------------------------------------------------------------------------------

/** The mutation a changed copy of the document makes (serialized in the document's own style). */
const emit = (d: UasValidDocument, doc: GenDoc, expected: ExpectedFinding[]): UasMutation => ({
  source: d.source.bytes,
  artifact: serializeUas(doc, d.style, d.spec).xml,
  expected,
});

/** A declared weight in hundredths (the generators write two decimals). */
const hundredths = (u: GenUnit): number => Math.round(Number(u.weight) * 100);

const unitOf = (doc: GenDoc, id: string): GenUnit => doc.units.find((x) => x.id === id)!;

/**
 * Every unit's declared weight set to a two-decimal value of its weight under `reading`: the
 * nearest, or, for a misreading, the one its room admits that lies farthest from the pinned weight
 * (so that the misreading shows wherever it can).
 */
function reweigh(doc: GenDoc, spec: UasSpec, reading: WeightReading = PINNED_READING): void {
  const pinned = PINNED_READING.weigh(doc, spec);
  const w = reading.weigh(doc, spec);
  for (const u of doc.units) {
    const x = w.get(u.id)!;
    const p = pinned.get(u.id)!;
    if (reading === PINNED_READING || Number.isNaN(x)) {
      u.weight = formatWeight(nearestHundredths(Number.isNaN(x) ? p : x));
      continue;
    }
    const room = reading.room(spec) + 1e-7;
    let best = nearestHundredths(x);
    for (let h = Math.max(0, Math.ceil(x - room)); h <= Math.min(100, Math.floor(x + room)); h++)
      if (Math.abs(h - p) > Math.abs(best - p)) best = h;
    u.weight = formatWeight(best);
  }
}

/** The unit's exact weight under the pinned formula, in hundredths (unclamped). */
const exactOf = (doc: GenDoc, spec: UasSpec, id: string): number =>
  exactHundredths(doc, unitOf(doc, id), spec, centralityDivisor(doc, spec));

/** True when a NODE_ISOLATION entry may name a unit under `spec` (D-UAS-11). */
const canIsolate = (spec: UasSpec): boolean =>
  spec.ambiguityTypes.includes('NODE_ISOLATION') && entryMayName(spec, 'NODE_ISOLATION', 'unit');

/**
 * Lowers a unit below PM-02 (0.95) by dropping its largest boosts, its declared weight following:
 * what the compiler does for a critical unit that nothing may justify.
 */
function lowerBelowIsolation(doc: GenDoc, spec: UasSpec, u: GenUnit): boolean {
  while (exactOf(doc, spec, u.id) >= spec.promotion['PM-02']) {
    const boosts = u.modifiers.filter((t) => spec.weightModifiers[t] > 0);
    if (boosts.length === 0) return false;
    const top = boosts.reduce((a, b) => (spec.weightModifiers[b] > spec.weightModifiers[a] ? b : a));
    u.modifiers = u.modifiers.filter((t) => t !== top);
  }
  u.weight = formatWeight(nearestHundredths(exactOf(doc, spec, u.id)));
  return true;
}

/**
 * Makes every unit but `except` meet PM-01 and PM-02 again, as the compiler would (a node for a
 * critical unit, a NODE_ISOLATION entry for an isolated one, or, where `isolation` is false or no
 * entry may name a unit, a unit made less critical). False when that cannot be done.
 */
function repairPromotion(doc: GenDoc, spec: UasSpec, except?: string, isolation = true): boolean {
  for (const b of promotionBreaks(doc, spec)) {
    if (b.unitId === except) continue;
    if (b.rule === 'PM-01') doc.nodes.push(b.unitId);
    else if (isolation && canIsolate(spec))
      doc.ambiguities.push({
        type: 'NODE_ISOLATION',
        ref: b.unitId,
        note: 'Critical unit with no explicit relation in the source.',
      });
    else if (!lowerBelowIsolation(doc, spec, unitOf(doc, b.unitId))) return false;
  }
  return promotionBreaks(doc, spec).every((b) => b.unitId === except);
}

/** Removes the given edges and every register entry about them (a RELATION_OVERFLOW entry, say). */
function dropEdges(doc: GenDoc, gone: (e: GenDoc['edges'][number]) => boolean): void {
  const ids = new Set(doc.edges.filter(gone).map((e) => e.id));
  doc.edges = doc.edges.filter((e) => !ids.has(e.id));
  doc.ambiguities = doc.ambiguities.filter((a) => !ids.has(a.ref));
  doc.nodes = doc.nodes.filter((n) => !ids.has(n));
}

/**
 * Cuts a unit off the graph: its edges go (with their register entries), every weight follows the
 * new degrees, and every other unit meets the promotion rules again.
 */
function detach(doc: GenDoc, spec: UasSpec, id: string, isolation = true): boolean {
  dropEdges(doc, (e) => e.source === id || e.target === id);
  reweigh(doc, spec);
  return repairPromotion(doc, spec, id, isolation);
}

/** Subsets of the modifier table whose deltas sum to `target` hundredths, in table order (cached per table). */
const subsetCache = new WeakMap<object, Map<number, string[][]>>();
function modifierSets(spec: UasSpec, target: number): string[][] {
  let byTarget = subsetCache.get(spec.weightModifiers);
  if (!byTarget) {
    byTarget = new Map();
    const tokens = Object.keys(spec.weightModifiers);
    for (let mask = 0; mask < 1 << tokens.length; mask++) {
      const set = tokens.filter((_, i) => mask & (1 << i));
      const sum = set.reduce((s, t) => s + spec.weightModifiers[t], 0);
      byTarget.set(sum, [...(byTarget.get(sum) ?? []), set]);
    }
    subsetCache.set(spec.weightModifiers, byTarget);
  }
  return byTarget.get(target) ?? [];
}

/**
 * Gives a unit modifiers that put its exact weight at `lo` to `hi` hundredths (inclusive) with its
 * current centrality, and the declared weight that goes with them; false when no set of the table does.
 */
function weighUnitBetween(doc: GenDoc, spec: UasSpec, u: GenUnit, lo: number, hi: number, pick: number): boolean {
  const c = exactOf(doc, spec, u.id) - spec.weightBase - exactDeltas(u, spec);
  const options: string[][] = [];
  for (let t = Math.ceil(lo - spec.weightBase - c); t <= Math.floor(hi - spec.weightBase - c); t++)
    options.push(...modifierSets(spec, t));
  const chosen = choose(
    options.filter((set) => {
      const w = spec.weightBase + c + set.reduce((s, t) => s + spec.weightModifiers[t], 0);
      return w >= lo && w <= hi;
    }),
    pick,
  );
  if (!chosen) return false;
  u.modifiers = [...chosen];
  u.weight = formatWeight(nearestHundredths(exactOf(doc, spec, u.id)));
  return true;
}

/** The sum of a unit's deltas as the pinned formula counts them. */
const exactDeltas = (u: GenUnit, spec: UasSpec): number =>
  u.modifiers.reduce(
    (s, t, i) =>
      s + (Object.hasOwn(spec.weightModifiers, t) && u.modifiers.indexOf(t) === i ? spec.weightModifiers[t] : 0),
    0,
  );

/** Every declared weight acceptable under the pinned formula (the document breaks no weight rule). */
const weightsRight = (doc: GenDoc, spec: UasSpec): boolean => {
  const w = PINNED_READING.weigh(doc, spec);
  return doc.units.every((u) => readingAccepts(PINNED_READING, w, spec, u.id, hundredths(u)));
};

// ---------------------------------------------------------------------------------------------
// VAL-WEIGHT-RANGE: a weight that is not a plain decimal from 0 to 1 (D-UAS-10), spelled as a
// lenient number reader would still read it.
// ---------------------------------------------------------------------------------------------

/** Values outside [0, 1], written as plain decimals (or with a sign): a verifier without a range check accepts them. */
const OUT_OF_RANGE = ['1.05', '1.50', '1.1', '1.01', '2', '10', '100', '-0.10', '-1'];
/** Just past 1: they round to 1.00 at two decimals, so a range check on the rounded value accepts them. */
const PAST_BOUND = ['1.001', '1.004', '1.0049', '1.0001', '1.00001'];
/** Not numbers at all to a strict reader (Unicode digits included, which some languages' number readers take). */
const NOT_A_NUMBER = ['NaN', 'high', '', 'none', 'n/a', 'Infinity', '∞', '٠.٨٥', '０.５', '۰.۹'];

/** The weight in hundredths as a plain decimal of two places: `0.85`. */
const twoPlaces = (h: number): string => formatWeight(h);

/**
 * Spellings of the same number that a float grammar reads (sign, exponent, no integer digit) but
 * the pinned grammar does not, and that no prefix reader takes for a weight either.
 */
function otherSpellings(h: number): string[] {
  const v = twoPlaces(h);
  const out = [`+${v}`];
  if (h < 100) out.push(v.slice(1)); // .85
  if (h > 0) out.push(`${h * 10}e-3`, `${h}e-2`); // 850e-3, 85e-2: the digits before the exponent are no weight
  if (h === 0) out.push('-0', '-0.00', '+0');
  if (h === 100) out.push('+1', '10e-1');
  return out;
}

/** The same number with leading zeros: the pinned grammar has none (like `byte_length` and the span offsets). */
const leadingZeros = (h: number): string[] => [
  `0${twoPlaces(h)}`,
  `00${twoPlaces(h)}`,
  ...(h === 0 ? ['00', '000'] : []),
  ...(h === 100 ? ['01', '001.00'] : []),
];

/** The number followed by something that is not part of it: a reader that stops at the first non-digit accepts them. */
function trailingGarbage(h: number): string[] {
  const v = twoPlaces(h);
  return [
    `${v}%`,
    `${v}f`,
    `${v};`,
    `${v}.0`,
    `${v}e`,
    v.replace('.', ','),
    `${v}x`,
    ...(h === 0 ? ['0x0'] : []),
    ...(h === 100 ? ['1.', '0x1'] : []),
  ];
}

/** The number with white space before it (and sometimes after): a verifier that trims accepts them. */
const withWhitespace = (h: number): string[] =>
  [' ', '\t', '\n', '\u00a0', '  ', '\u2003'].flatMap((ws) => [`${ws}${twoPlaces(h)}`, `${ws}${twoPlaces(h)}${ws}`]);

/** A RANGE mutation: one unit's weight written as `token` (or left out). */
function rangeMutator(
  family: string,
  tokens: (h: number, u: GenUnit) => (string | undefined)[],
  weight = 1,
): UasMutator {
  return uasMutator(
    family,
    'VAL-WEIGHT-RANGE',
    (d, p) => {
      const u = choose(d.doc.units, p[0])!;
      const token = choose(tokens(hundredths(u), u), p[1]);
      return emit(
        d,
        withUnit(d.doc, u.id, (x) => (token === undefined ? delete x.weight : (x.weight = token))),
        [{ checkId: 'VAL-WEIGHT-RANGE', unitId: u.id }],
      );
    },
    weight,
  );
}

/** A copy of the document with one unit changed. */
function withUnit(doc: GenDoc, id: string, change: (u: GenUnit) => void): GenDoc {
  const out = cloneDoc(doc);
  change(unitOf(out, id));
  return out;
}

export const weightRangeMutators: UasMutator[] = [
  rangeMutator('weight-out-of-range', () => OUT_OF_RANGE),
  rangeMutator('weight-past-bound', () => PAST_BOUND),
  rangeMutator('weight-number-spelling', (h) => otherSpellings(h)),
  rangeMutator('weight-leading-zero', (h) => leadingZeros(h)),
  rangeMutator('weight-trailing-garbage', (h) => trailingGarbage(h)),
  rangeMutator('weight-whitespace', (h) => withWhitespace(h)),
  rangeMutator('weight-not-a-number', () => NOT_A_NUMBER),
  rangeMutator('weight-missing', () => [undefined]),
];

// ---------------------------------------------------------------------------------------------
// VAL-WEIGHT-FORMULA: declared weights off the pinned formula, each family off it the way one
// misreading of the formula is on it; and modifier lists a lenient tokenizer reads otherwise.
// ---------------------------------------------------------------------------------------------

/** Modifier tokens the table does not hold: new words and near misses of its own tokens (upper case, no separator). */
const UNKNOWN_MODIFIERS = [
  'NOVELTY',
  'CORE_THESES',
  'CORETHESIS',
  'CORE-THESIS',
  'EXECUTABLE',
  'SCHEMA_VALIDATION',
  'CAUSAL',
  'FORMULA',
  'CONTEXTUAL_EXAMPLES',
  'LOW_CONFIDENCE',
];

/** Fraction of a hundredth by which a weight is said to be outside a reading's room, so float noise never decides. */
const MARGIN = 1e-3;

/**
 * The VAL-WEIGHT-FORMULA case a document with these declared weights makes, or null: its promotion
 * holds, `target` (a misreading, when the family aims at one) accepts every weight, and some unit's
 * weight is rejected by the pinned formula and by every other reading: that unit is the finding.
 */
function formulaCase(d: UasValidDocument, doc: GenDoc, target: WeightReading | undefined): UasMutation | null {
  const { spec } = d;
  if (promotionBreaks(doc, spec).length > 0) return null;
  if (target) {
    const w = target.weigh(doc, spec);
    if (!doc.units.every((u) => readingAccepts(target, w, spec, u.id, hundredths(u)))) return null;
  }
  const others = WEIGHT_READINGS.filter((r) => r !== target).map((r) => ({ r, w: r.weigh(doc, spec) }));
  const rejects = (u: GenUnit) =>
    others.every(
      ({ r, w }) => !Number.isNaN(w.get(u.id)!) && Math.abs(hundredths(u) - w.get(u.id)!) > r.room(spec) + MARGIN,
    );
  const at = doc.units.find(rejects);
  return at ? emit(d, doc, [{ checkId: 'VAL-WEIGHT-FORMULA', unitId: at.id }]) : null;
}

/** A unit's weight moved by 5, 10 or 25 hundredths, up or down, inside [0, 1]. */
function moved(doc: GenDoc, id: string, p: readonly number[]): GenDoc | null {
  const u = unitOf(doc, id);
  const step = [5, 10, 25][p[1] % 3]! * (p[2] % 2 === 0 ? 1 : -1);
  const h = [hundredths(u) + step, hundredths(u) - step].find((x) => x >= 0 && x <= 100);
  return h === undefined ? null : withUnit(doc, id, (x) => (x.weight = formatWeight(h)));
}

/** A misreading family: every declared weight written as `reading` computes it, after `prepare` (a structural change) when given. */
function misreadingMutator(
  family: string,
  reading: WeightReading,
  prepare?: (doc: GenDoc, d: UasValidDocument, p: readonly number[]) => boolean,
  weight = 1,
): UasMutator {
  return uasMutator(
    family,
    'VAL-WEIGHT-FORMULA',
    (d, p) => {
      const doc = cloneDoc(d.doc);
      if (prepare && !prepare(doc, d, p)) return null;
      reweigh(doc, d.spec, reading);
      return formulaCase(d, doc, reading);
    },
    weight,
  );
}

/** A new edge id, unused by any element. */
function freshEdgeId(doc: GenDoc): string {
  const used = new Set([
    ...doc.units.map((u) => u.id),
    ...doc.concepts.map((c) => c.id),
    ...doc.edges.map((e) => e.id),
  ]);
  let k = doc.edges.length + 1;
  while (used.has(`edge_${k}`)) k++;
  return `edge_${k}`;
}

/** Adds an edge (a closed base relation, no subtype) and makes promotion right again for the new degrees. */
function addEdge(doc: GenDoc, spec: UasSpec, source: string, target: string, p: number): boolean {
  doc.edges.push({
    id: freshEdgeId(doc),
    source,
    target,
    baseRelation: spec.baseRelations[p % spec.baseRelations.length]!,
  });
  return repairPromotion(doc, spec);
}

/** Tokens that join two modifiers (or end one) where the pinned list has a single U+0020 space: one unknown token to a verifier that splits at spaces only. */
const SEPARATORS = ['\t', '\u00a0', ',', '\n', ';', '\u2003'];

/** Case variants of a token: lower case, title case, a first letter in lower case. */
const caseVariants = (t: string): string[] =>
  [
    t.toLowerCase(),
    t.toLowerCase().replace(/(^|_)([a-z])/g, (_, s: string, c: string) => s + c.toUpperCase()),
    t[0]!.toLowerCase() + t.slice(1),
  ].filter((x) => x !== t);

/**
 * A modifier family: `tokens` rewrites the unit's modifier list (the weight declared as a lenient
 * reader of the list counts it, `counted`); the case is a formula finding on that unit.
 */
function modifierMutator(
  family: string,
  rewrite: (u: GenUnit, spec: UasSpec, p: readonly number[]) => { tokens: string[]; counted: string[] } | null,
  weight = 1,
): UasMutator {
  return uasMutator(
    family,
    'VAL-WEIGHT-FORMULA',
    (d, p) => {
      const { spec } = d;
      const doc = cloneDoc(d.doc);
      const u = choose(doc.units, p[0])!;
      const r = rewrite(u, spec, p);
      if (!r) return null;
      const c = exactOf(doc, spec, u.id) - spec.weightBase - exactDeltas(u, spec);
      u.modifiers = r.tokens;
      // The lenient reader's weight: what it counts, each time it is listed.
      u.weight = formatWeight(
        nearestHundredths(spec.weightBase + c + r.counted.reduce((s, t) => s + spec.weightModifiers[t]!, 0)),
      );
      if (!repairPromotion(doc, spec)) return null;
      return emit(d, doc, [{ checkId: 'VAL-WEIGHT-FORMULA', unitId: u.id }]);
    },
    weight,
  );
}

/** A known token of the table, picked. */
const knownToken = (spec: UasSpec, pick: number): string => {
  const all = Object.keys(spec.weightModifiers);
  return all[pick % all.length]!;
};

export const weightFormulaMutators: UasMutator[] = [
  uasMutator('weight-formula', 'VAL-WEIGHT-FORMULA', (d, p) => {
    const u = choose(d.doc.units, p[0])!;
    if (p[1] % 4 === 3) {
      // A token the table does not hold, the weight left as it was.
      const token = UNKNOWN_MODIFIERS[p[2] % UNKNOWN_MODIFIERS.length]!;
      if (Object.hasOwn(d.spec.weightModifiers, token)) return null;
      return emit(
        d,
        withUnit(d.doc, u.id, (x) => x.modifiers.push(token)),
        [{ checkId: 'VAL-WEIGHT-FORMULA', unitId: u.id }],
      );
    }
    // A weight off the formula, whichever way the formula is read.
    const doc = moved(d.doc, u.id, p);
    return doc && formulaCase(d, doc, undefined);
  }),
  uasMutator('weight-just-off', 'VAL-WEIGHT-FORMULA', (d, p) => {
    // Just past the tolerance: a verifier comparing with a looser one (0.02, or at one decimal) accepts it.
    const { spec } = d;
    const u = choose(d.doc.units, p[0])!;
    const w = PINNED_READING.weigh(d.doc, spec).get(u.id)!;
    const room = PINNED_READING.room(spec);
    const loose = WEIGHT_MISREADINGS['loose-tolerance']!.room(spec);
    const near = [-3, -2, -1, 1, 2, 3]
      .map((k) => nearestHundredths(w) + k)
      .filter((h) => h >= 0 && h <= 100 && Math.abs(h - w) > room + MARGIN && Math.abs(h - w) <= loose);
    const h = choose(near, p[1]);
    return h === undefined
      ? null
      : formulaCase(
          d,
          withUnit(d.doc, u.id, (x) => (x.weight = formatWeight(h))),
          WEIGHT_MISREADINGS['loose-tolerance'],
        );
  }),
  misreadingMutator('weight-without-centrality', WEIGHT_MISREADINGS['no-centrality']!),
  misreadingMutator('weight-raw-degree', WEIGHT_MISREADINGS['raw-degree']!),
  uasMutator('weight-no-edges', 'VAL-WEIGHT-FORMULA', (d, p) => {
    // No edge at all, so the centrality's divisor is 0 (C is 0): a verifier computing 0/0 compares
    // every weight with NaN, and every such comparison is false.
    const { spec } = d;
    const doc = cloneDoc(d.doc);
    dropEdges(doc, () => true);
    reweigh(doc, spec);
    if (!repairPromotion(doc, spec)) return null;
    const u = choose(doc.units, p[0])!;
    const off = moved(doc, u.id, p);
    return (
      off && formulaCase(d, off, centralityDivisor(off, spec) <= 0 ? WEIGHT_MISREADINGS['nan-divisor'] : undefined)
    );
  }),
  uasMutator(
    'weight-degree-count',
    'VAL-WEIGHT-FORMULA',
    (d, p) => {
      // Degrees counted otherwise: an edge from a unit to itself twice, or two edges between the same
      // elements once. Both variants in one family (each is a slip of how degree is counted). The
      // normalization hides one extra edge where it makes the unit the most connected, so as many
      // edges are added as it takes for some weight to differ.
      const { spec } = d;
      const loops = p[1] % 2 === 0;
      const reading = WEIGHT_MISREADINGS[loops ? 'loops-twice' : 'parallel-once']!;
      const start = cloneDoc(d.doc);
      let ends: [string, string];
      // No unit keeps its modifiers, so that no clamp hides a centrality.
      for (const u of start.units) u.modifiers = [];
      const plain = (_id: string) => {};
      if (loops) {
        const u = choose(start.units, p[0])!;
        if (!detach(start, spec, u.id)) return null;
        plain(u.id);
        ends = [u.id, u.id];
      } else {
        const units = new Set(start.units.map((u) => u.id));
        const e = choose(
          start.edges.filter(
            (x) => x.target !== undefined && x.target !== x.source && (units.has(x.source) || units.has(x.target)),
          ),
          p[0],
        );
        if (!e) return null;
        plain(units.has(e.source) ? e.source : e.target!);
        ends = [e.target!, e.source];
      }
      for (let k = 1; k <= 8; k++) {
        const doc = cloneDoc(start);
        let ok = true;
        for (let i = 0; i < k && ok; i++) ok = addEdge(doc, spec, ends[0], ends[1], p[2] + i);
        if (!ok) return null;
        reweigh(doc, spec, reading);
        const out = formulaCase(d, doc, reading);
        if (out) return out;
      }
      return null;
    },
    2,
  ),
  modifierMutator('modifier-repeated', (u, spec, p) => {
    // A condition listed twice, the weight counting it twice (seed 003 §2.3: a condition holds once).
    const known = u.modifiers.filter((t) => Object.hasOwn(spec.weightModifiers, t));
    const t = choose(known, p[1]) ?? knownToken(spec, p[1]);
    const tokens = known.includes(t) ? [...u.modifiers] : [...u.modifiers, t];
    tokens.splice(p[2] % (tokens.length + 1), 0, t);
    return { tokens, counted: tokens };
  }),
  modifierMutator('modifier-case', (u, spec, p) => {
    // A token of the table in another case: a verifier that compares without regard to case counts it.
    const known = u.modifiers.filter((t) => Object.hasOwn(spec.weightModifiers, t));
    const t = choose(known, p[1]) ?? knownToken(spec, p[1]);
    const variant = choose(
      caseVariants(t).filter((x) => !Object.hasOwn(spec.weightModifiers, x)),
      p[2],
    );
    if (variant === undefined) return null;
    const tokens = known.includes(t) ? u.modifiers.map((x) => (x === t ? variant : x)) : [...u.modifiers, variant];
    return { tokens, counted: [...known.filter((x) => x !== t), t] };
  }),
  modifierMutator('modifier-prototype-name', (u, spec, p) => {
    // A name every JavaScript object inherits: a verifier asking `token in table` finds it.
    const t = PROTOTYPE_NAMES[p[1] % PROTOTYPE_NAMES.length]!;
    if (Object.hasOwn(spec.weightModifiers, t)) return null;
    const known = u.modifiers.filter((x) => Object.hasOwn(spec.weightModifiers, x));
    const tokens = [...u.modifiers];
    tokens.splice(p[2] % (tokens.length + 1), 0, t);
    return { tokens, counted: known };
  }),
  modifierMutator('modifier-separator', (u, spec, p) => {
    // Two tokens joined by a tab, a no-break space, a comma or a line feed, or one token ending with one.
    const sep = SEPARATORS[p[1] % SEPARATORS.length]!;
    const known = u.modifiers.filter((t) => Object.hasOwn(spec.weightModifiers, t));
    const list = known.length > 0 ? known : [knownToken(spec, p[2])];
    const joined =
      list.length >= 2 && p[2] % 2 === 0
        ? [`${list[0]}${sep}${list[1]}`, ...list.slice(2)]
        : [`${list[0]}${sep}`, ...list.slice(1)];
    return { tokens: joined, counted: list };
  }),
];

// ---------------------------------------------------------------------------------------------
// VAL-PROMOTION: PM-01 and PM-02 broken, each family so that every misreading of the rules but
// one still sees the break, and that one does not.
// ---------------------------------------------------------------------------------------------

/**
 * The VAL-PROMOTION case of a changed document, or null: its weights are right, the pinned rules
 * find exactly one break, at `unit`, every misreading but `target` finds a break at `unit` too
 * (but one that does not judge the broken rule at all), and `target` finds none.
 */
function promotionCase(
  d: UasValidDocument,
  doc: GenDoc,
  unit: string,
  target: PromotionReading | undefined,
): UasMutation | null {
  const { spec } = d;
  if (!weightsRight(doc, spec)) return null;
  const pinned = promotionBreaks(doc, spec);
  if (pinned.length !== 1 || pinned[0]!.unitId !== unit) return null;
  for (const how of Object.values(PROMOTION_MISREADINGS)) {
    const breaks = promotionBreaks(doc, spec, how);
    if (how === target ? breaks.length > 0 : how.skip !== pinned[0]!.rule && !breaks.some((b) => b.unitId === unit))
      return null;
  }
  return emit(d, doc, [{ checkId: 'VAL-PROMOTION', unitId: unit }]);
}

/** No NODE_ISOLATION entry anywhere, every unit that needed one made less critical (so that no entry justifies another). */
function withoutIsolationEntries(doc: GenDoc, spec: UasSpec, except: string): boolean {
  doc.ambiguities = doc.ambiguities.filter((a) => a.type !== 'NODE_ISOLATION');
  return repairPromotion(doc, spec, except, false);
}

/** Nothing in the register names the unit (its specialized role, and the overflow entry it needed, go). */
function unregistered(doc: GenDoc, u: GenUnit): void {
  delete u.specializedRole;
  doc.ambiguities = doc.ambiguities.filter((a) => a.ref !== u.id);
}

/**
 * A unit cut off from the graph, weighed between `lo` and `hi` hundredths, with no node of its own
 * and no promoted concept among its references: the start of most promotion families.
 */
function isolatedCritical(
  doc: GenDoc,
  spec: UasSpec,
  u: GenUnit,
  lo: number,
  hi: number,
  pick: number,
  isolation = true,
): boolean {
  if (!detach(doc, spec, u.id, isolation)) return false;
  if (!weighUnitBetween(doc, spec, u, lo, hi, pick)) return false;
  doc.nodes = doc.nodes.filter((n) => n !== u.id);
  u.conceptRefs = u.conceptRefs.filter((c) => !doc.nodes.includes(c));
  return repairPromotion(doc, spec, u.id, isolation);
}

/** A promotion family: `build` changes a copy of the document around the unit it picks and returns that unit's id. */
function promotionMutator(
  family: string,
  target: PromotionReading | undefined,
  build: (doc: GenDoc, spec: UasSpec, p: readonly number[]) => string | null,
  weight = 1,
): UasMutator {
  return uasMutator(
    family,
    'VAL-PROMOTION',
    (d, p) => {
      const doc = cloneDoc(d.doc);
      const unit = build(doc, d.spec, p);
      return unit === null ? null : promotionCase(d, doc, unit, target);
    },
    weight,
  );
}

const PM01 = (spec: UasSpec) => spec.promotion['PM-01'];
const PM02 = (spec: UasSpec) => spec.promotion['PM-02'];

export const promotionMutators: UasMutator[] = [
  promotionMutator('promotion-broken', undefined, (doc, spec, p) => {
    const u = choose(doc.units, p[0])!;
    // PM-01: a critical unit that is no node, next to none and joined to none.
    if (p[2] % 2 === 0) return isolatedCritical(doc, spec, u, PM01(spec) + 1, PM02(spec) - 1, p[1]) ? u.id : null;
    // PM-02: an isolated critical unit (a node) with no NODE_ISOLATION entry, and none anywhere.
    unregistered(doc, u);
    if (!isolatedCritical(doc, spec, u, PM02(spec) + 1, 150, p[1], false) || !withoutIsolationEntries(doc, spec, u.id))
      return null;
    doc.nodes.push(u.id);
    return u.id;
  }),
  promotionMutator('promotion-at-threshold', PROMOTION_MISREADINGS.strict!, (doc, spec, p) => {
    // Exactly at 0.85 (PM-01) or exactly at 0.95 (PM-02): the rules say "w >= ", a verifier writing ">" lets it pass.
    const u = choose(doc.units, p[0])!;
    if (p[2] % 2 === 0) return isolatedCritical(doc, spec, u, PM01(spec), PM01(spec), p[1]) ? u.id : null;
    unregistered(doc, u);
    if (
      !isolatedCritical(doc, spec, u, PM02(spec), PM02(spec), p[1], false) ||
      !withoutIsolationEntries(doc, spec, u.id)
    )
      return null;
    doc.nodes.push(u.id);
    return u.id;
  }),
  promotionMutator('promotion-two-hops', PROMOTION_MISREADINGS.reachable!, (doc, spec, p) => {
    // A critical unit two edges from a node: reachable, not adjacent (PM-01 asks for an adjacent one).
    // The unit is cut off, then joined to an element that is no node and that is joined to one.
    // Each edge points either way (adjacency has no direction): the unit may be its edge's target.
    const u = choose(doc.units, p[0])!;
    if (!detach(doc, spec, u.id)) return null;
    const joinable = (k: 'unit' | 'concept') =>
      spec.referenceKinds.edge.includes(k) && spec.referenceKinds.node.includes(k);
    const pool = [
      ...(joinable('concept') ? doc.concepts.map((c) => c.id) : []),
      ...(joinable('unit') ? doc.units.map((x) => x.id) : []),
    ].filter((x) => x !== u.id);
    const v = choose(pool, p[2]);
    const w = choose(
      pool.filter((x) => x !== v),
      p[2] >> 4,
    );
    if (v === undefined || w === undefined) return null;
    const join = (a: string, b: string, forward: boolean, pick: number) =>
      doc.edges.push({
        id: freshEdgeId(doc),
        source: forward ? a : b,
        target: forward ? b : a,
        baseRelation: spec.baseRelations[pick % spec.baseRelations.length]!,
      });
    join(u.id, v, ((p[1] >> 10) & 1) === 0, p[1]);
    join(v, w, ((p[1] >> 11) & 1) === 0, p[2]);
    reweigh(doc, spec);
    if (!weighUnitBetween(doc, spec, u, PM01(spec) + 1, PM02(spec) - 1, p[1])) return null;
    doc.nodes = [...doc.nodes.filter((n) => n !== u.id && n !== v), ...(doc.nodes.includes(w) ? [] : [w])];
    u.conceptRefs = u.conceptRefs.filter((c) => !doc.nodes.includes(c));
    return repairPromotion(doc, spec, u.id) ? u.id : null;
  }),
  promotionMutator('promotion-concept-ref', PROMOTION_MISREADINGS['concept-refs-adjacent']!, (doc, spec, p) => {
    // A critical unit whose only tie to a node is a concept it refers to: a reference is no edge.
    const u = choose(doc.units, p[0])!;
    const c = choose(doc.concepts, p[2]);
    if (
      !c ||
      !spec.referenceKinds.node.includes('concept') ||
      !isolatedCritical(doc, spec, u, PM01(spec) + 1, PM02(spec) - 1, p[1])
    )
      return null;
    if (!doc.nodes.includes(c.id)) doc.nodes.push(c.id);
    if (!u.conceptRefs.includes(c.id)) u.conceptRefs.push(c.id);
    return u.id;
  }),
  promotionMutator('promotion-wrong-entry-type', PROMOTION_MISREADINGS['any-entry-type']!, (doc, spec, p) => {
    // An isolated critical unit named by a register entry of another type than NODE_ISOLATION.
    const u = choose(doc.units, p[0])!;
    const type = choose(
      spec.ambiguityTypes.filter((t) => t !== 'NODE_ISOLATION' && entryMayName(spec, t, 'unit')),
      p[2],
    );
    if (type === undefined) return null;
    unregistered(doc, u);
    if (!isolatedCritical(doc, spec, u, PM02(spec) + 1, 150, p[1], false) || !withoutIsolationEntries(doc, spec, u.id))
      return null;
    doc.nodes.push(u.id);
    doc.ambiguities.push({ type, ref: u.id, note: 'Kept apart on purpose: the source relates it to nothing.' });
    return u.id;
  }),
  promotionMutator('promotion-isolation-elsewhere', PROMOTION_MISREADINGS['any-isolation']!, (doc, spec, p) => {
    // An isolated critical unit with no entry, while a NODE_ISOLATION entry names another element.
    const u = choose(doc.units, p[0])!;
    unregistered(doc, u);
    if (!isolatedCritical(doc, spec, u, PM02(spec) + 1, 150, p[1])) return null;
    doc.nodes.push(u.id);
    const kinds = spec.ambiguityRefKinds.NODE_ISOLATION ?? [];
    const others = [
      ...(kinds.includes('unit') ? doc.units.filter((x) => x.id !== u.id) : []),
      ...(kinds.includes('concept') ? doc.concepts : []),
    ].map((x) => x.id);
    const other = choose(others, p[2]);
    if (other === undefined || !canIsolate(spec)) return null;
    doc.ambiguities = doc.ambiguities.filter((a) => !(a.type === 'NODE_ISOLATION' && a.ref === u.id));
    if (!doc.ambiguities.some((a) => a.type === 'NODE_ISOLATION'))
      doc.ambiguities.push({
        type: 'NODE_ISOLATION',
        ref: other,
        note: 'Kept apart on purpose: the source relates it to nothing.',
      });
    return u.id;
  }),
];

/** Weights (seed 003 §2.3): out of [0, 1] or misspelled, off the formula, or promotion rules PM-01 / PM-02 broken. */
export const weightMutators: UasMutator[] = [...weightRangeMutators, ...weightFormulaMutators, ...promotionMutators];
