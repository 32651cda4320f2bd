/**
 * The pinned UAS decisions (`spec/uas.json`), typed: `SpecData.uas`, handed to the generators, the
 * judges and the reference by their callers. Values in hundredths where they are weights.
 */
export interface UasSpec {
  rootElement: string;
  childOrder: { name: string; required: boolean }[];
  containerChildren: Record<string, string[]>;
  baseRoles: string[];
  roleAliases: Record<string, string>;
  baseRelations: string[];
  relationAliases: Record<string, string>;
  ambiguityTypes: string[];
  preservationModes: string[];
  spanEnd: 'exclusive' | 'inclusive';
  /** Modifier token to delta, in hundredths (+30 is +0.30). */
  weightModifiers: Record<string, number>;
  weightBase: number;
  centralityFactor: number;
  centralityNormalization: 'max-degree' | 'n-minus-1';
  weightTolerance: number;
  promotion: { 'PM-01': number; 'PM-02': number };
  legacyContainers: string[];
  legacyScanBytes: number;
  interceptSeverities: string[];
  interceptChildren: string[];
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
