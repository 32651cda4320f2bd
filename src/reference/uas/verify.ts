import { createHash } from 'node:crypto';
import type { UasFinding, UasVerdict } from '../../contract/adapter.js';
import { analyzeArtifact } from './analyze.js';
import type { UasIssue } from './issues.js';
import type { UasModel } from './model.js';
import { interceptPacket } from './packet.js';
import { checkRoot, checkSpanContents, legacyContainerOf, memorySource } from './source.js';
import type { UasSpec } from '../../spec/uas.js';

/** A finding of the reference verifier: the adapter contract's fields plus the intercept packet. */
export interface UasReferenceFinding extends UasFinding {
  /** The `<compilation_error_intercept>` packet for this finding (seed 003 §5.2). */
  intercept: string;
}

/** The reference verifier's answer. */
export interface UasReferenceVerdict extends UasVerdict {
  findings: UasReferenceFinding[];
}

/**
 * Turns issues into findings; `unitId` is set when the failing element is a declared unit, edge or
 * concept (an empty id, or one of white space only, names none: the packet's `failed_ref`, read
 * trimmed, could not be it).
 */
export function toVerdict(issues: readonly UasIssue[], model: UasModel | undefined): UasReferenceVerdict {
  // The reader's id table holds every id a unit, edge or concept declares.
  const ids = model?.ids;
  const findings = issues.map(
    (i): UasReferenceFinding => ({
      checkId: i.checkId,
      ...(i.ref?.trim() && ids?.has(i.ref) ? { unitId: i.ref } : {}),
      ...(i.byteOffset !== undefined ? { byteOffset: i.byteOffset } : {}),
      message: i.message,
      intercept: interceptPacket(i),
    }),
  );
  return { valid: findings.length === 0, findings };
}

/**
 * The reference UAS verifier (seed 003 §3.2 and §5): checks `artifact` (a compiled `<UAS_Document>`)
 * against the raw `source` bytes it claims to lock. Valid when no rule of `spec` breaks.
 */
export function verifyUas(source: Uint8Array, artifact: string, spec: UasSpec): UasReferenceVerdict {
  const { issues, model, readable } = analyzeArtifact(artifact, spec, source.length, legacyContainerOf(source, spec));
  if (model) {
    checkRoot(model, createHash('sha256').update(source).digest('hex'), source.length, issues);
    checkSpanContents(readable, memorySource(source), spec, issues);
  }
  return toVerdict(issues.items, model);
}
