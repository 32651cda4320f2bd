import { createHash } from 'node:crypto';
import type { UasSpec } from '../../src/spec/uas.js';

/** A semantic unit as the generator builds it, before serialization. */
export interface GenUnit {
  id: string;
  sourceOrder: string;
  surfaceForm: string;
  start: number;
  end: number;
  /** Overrides the `source_span` attribute text (mutators). */
  spanText?: string;
  spanSha256: string;
  /** Absent only in mutations (an element that leaves out what its rule requires). */
  baseRole?: string;
  specializedRole?: string;
  mode: 'VERBATIM_FULL' | 'SPAN_ONLY' | 'SUMMARY';
  /** Inline text: the decoded span (VERBATIM_FULL) or a summary (SUMMARY). */
  text?: string;
  /** Absent only in mutations. */
  weight?: string;
  modifiers: string[];
  conceptRefs: string[];
}

export interface GenConcept {
  id: string;
  term: string;
  expansion?: string;
  aliases: string[];
}

export interface GenEdge {
  id: string;
  source: string;
  /** Absent only in mutations. */
  target?: string;
  /** Absent only in mutations. */
  baseRelation?: string;
  specializedRelation?: string;
}

export interface GenAmbiguity {
  type: string;
  ref: string;
  token?: string;
  note: string;
}

/** A compiled `<UAS_Document>` as data. `children` fixes which root children appear, in which order. */
export interface GenDoc {
  rootSha256: string;
  byteLength: number;
  migration?: string[];
  concepts: GenConcept[];
  units: GenUnit[];
  nodes: string[];
  edges: GenEdge[];
  ambiguities: GenAmbiguity[];
  children: string[];
  /** Mutators only: emit another root element name (an unmigrated legacy container, a misspelling). */
  rootName?: string;
}

export const sha256Hex = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');

/** `bytes:A-B` for the half-open range [start, end), in the pinned end convention (D-UAS-06). */
export function formatSpan(start: number, end: number, spec: UasSpec): string {
  return `bytes:${start}-${spec.spanEnd === 'inclusive' ? end - 1 : end}`;
}

/** A deep copy, so mutators never touch the valid document they start from. */
export function cloneDoc(d: GenDoc): GenDoc {
  return structuredClone(d);
}

/** Weight in hundredths to its two-decimal text. */
export function formatWeight(hundredths: number): string {
  const h = Math.min(100, Math.max(0, hundredths));
  return `${Math.floor(h / 100)}.${String(h % 100).padStart(2, '0')}`;
}
