/**
 * The UAS data of `spec/uas.json`, typed: `SpecData.uas`, handed to the generators, the judges and
 * the reference by their callers. Values in hundredths where they are weights. The keys its
 * `$decisions` manifest lists are the pack's choices (overridable); the others state seed 003 or
 * name the format's vocabulary (docs/uas-format.md).
 */
export interface UasSpec {
  rootElement: string;
  /** The children of the root, in order (D-UAS-03). */
  childOrder: { name: string; required: boolean }[];
  containerChildren: Record<string, string[]>;
  baseRoles: string[];
  /** Registered specialized roles, each to its base role (D-UAS-08). */
  roleAliases: Record<string, string>;
  baseRelations: string[];
  /** Registered specialized relations, each to its base relation (D-UAS-08). */
  relationAliases: Record<string, string>;
  ambiguityTypes: string[];
  /** What the references of seed 003 name: edge ends, `<node ref>`, `concept_refs` (D-UAS-11). */
  referenceKinds: { edge: UasElementKind[]; node: UasElementKind[]; concept_refs: UasElementKind[] };
  /** What the `ref` of a register entry of each type names (D-UAS-11). */
  ambiguityRefKinds: Record<string, UasElementKind[]>;
  preservationModes: string[];
  /** Whether B of `bytes:A-B` is the first byte after the span or its last byte (D-UAS-06). */
  spanEnd: 'exclusive' | 'inclusive';
  /** Modifier token to delta, in hundredths (+30 is +0.30). */
  weightModifiers: Record<string, number>;
  weightBase: number;
  centralityFactor: number;
  /** How a unit's degree becomes the seed's normalized centrality C (D-UAS-10). */
  centralityNormalization: CentralityNormalization;
  /** How far a declared weight may be from the formula's exact value (D-UAS-10). */
  weightTolerance: number;
  promotion: { 'PM-01': number; 'PM-02': number };
  legacyContainers: string[];
  /** How many leading bytes of a source are read to find a legacy container (D-UAS-12). */
  legacyScanBytes: number;
  interceptSeverities: string[];
  interceptChildren: string[];
}

/** The three kinds of element that carry an id: `<semantic_unit>`, `<concept>`, `<edge>`. */
export type UasElementKind = 'unit' | 'concept' | 'edge';

/**
 * C = degree / divisor. `max-degree`: the divisor is the largest degree among the elements of the
 * kinds `over`; `n-minus-1`: it is n - 1, n the number of elements of the kinds `over`. When the
 * divisor is 0 or less, C is 0 for every unit.
 */
export interface CentralityNormalization {
  divideBy: 'max-degree' | 'n-minus-1';
  over: UasElementKind[];
}

/** Every check ID of the UAS suite, in catalog order (D-UAS-01). */
export const UAS_CHECK_IDS = [
  'VAL-VALID-ACCEPTED',
  'VAL-XML-WELL-FORMED',
  'VAL-ELEMENT-ORDER',
  'VAL-ROLE-ENUM',
  'VAL-RELATION-ENUM',
  'VAL-OVERFLOW-REGISTER',
  'VAL-ID-UNIQUE',
  'VAL-EDGE-REF',
  'VAL-CONCEPT-REF',
  'VAL-SPAN-BOUNDS',
  'VAL-SOURCE-ORDER',
  'VAL-ROOT-HASH',
  'VAL-SPAN-HASH',
  'VAL-VERBATIM',
  'VAL-MISMATCH-COORDINATES',
  'VAL-WEIGHT-RANGE',
  'VAL-WEIGHT-FORMULA',
  'VAL-PROMOTION',
  'VAL-MIGRATION-REPORT',
  'VAL-INTERCEPT-PACKET',
] as const;

export type UasCheckId = (typeof UAS_CHECK_IDS)[number];
