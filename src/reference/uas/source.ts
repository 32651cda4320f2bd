import { createHash } from 'node:crypto';
import type { IssueList } from './issues.js';
import type { UasModel, UnitInfo } from './model.js';
import type { UasSpec } from './spec.js';

/** Positional access to the source bytes: memory or a file read by offset. */
export interface SpanSource {
  readonly length: number;
  /** Calls `fn` with consecutive chunks that exactly cover [start, end). */
  chunks(start: number, end: number, fn: (chunk: Uint8Array) => void): void;
}

/** A source held in memory. */
export function memorySource(bytes: Uint8Array): SpanSource {
  return { length: bytes.length, chunks: (start, end, fn) => fn(bytes.subarray(start, end)) };
}

const HEX64 = /^[0-9a-fA-F]{64}$/;

/** VAL-ROOT-HASH: the manifest's root SHA-256 (hex, any case) and byte_length describe this source. */
export function checkRoot(m: UasModel, rootHex: string, length: number, issues: IssueList): void {
  const claimed = m.rootSha256;
  if (claimed === undefined || !HEX64.test(claimed) || claimed.toLowerCase() !== rootHex) {
    issues.add({ checkId: 'VAL-ROOT-HASH', ref: 'source_manifest', token: claimed ?? '', message: `root_sha256 "${claimed ?? ''}" is not the SHA-256 of the source (${rootHex})`, instruction: `Set root_sha256='${rootHex}'.` });
  } else if (m.byteLength !== undefined && m.byteLength !== String(length)) {
    issues.add({ checkId: 'VAL-ROOT-HASH', ref: 'source_manifest', token: m.byteLength, message: `byte_length "${m.byteLength}" is not the source length ${length}`, instruction: `Set byte_length='${length}'.` });
  }
}

/**
 * VAL-SPAN-HASH and VAL-VERBATIM in one pass per span (seed 003 §3.2 steps 2-4). The verbatim text is
 * compared byte for byte with the source; the offset reported is that of the first differing byte, or
 * the span end when the text is a strict prefix of, or longer than, the span (D-UAS-09).
 */
export function checkSpanContents(units: readonly UnitInfo[], src: SpanSource, spec: UasSpec, issues: IssueList): void {
  for (const u of units) {
    const { start, end } = u.span!;
    const h = createHash('sha256');
    const verbatim = u.mode === 'VERBATIM_FULL';
    const expected = verbatim ? Buffer.from(u.text, 'utf8') : undefined;
    let pos = 0;
    let diff = -1;
    src.chunks(start, end, (chunk) => {
      h.update(chunk);
      if (expected && diff < 0) diff = firstDifference(expected, pos, chunk);
      pos += chunk.length;
    });
    const hex = h.digest('hex');
    if (u.spanSha256 === undefined || !HEX64.test(u.spanSha256) || u.spanSha256.toLowerCase() !== hex) {
      issues.add({ checkId: 'VAL-SPAN-HASH', ref: u.id, byteOffset: start, token: u.spanSha256 ?? '', message: `span_sha256 of unit ${u.id} is not the SHA-256 of bytes ${start}-${end}`, instruction: `Set span_sha256='${hex}' or correct source_span.` });
    }
    if (u.mode === undefined || !spec.preservationModes.includes(u.mode)) {
      issues.add({ checkId: 'VAL-VERBATIM', ref: u.id, token: u.mode ?? '', message: `unit ${u.id} has preservation_mode "${u.mode ?? ''}", not one of ${spec.preservationModes.join(', ')}` });
    }
    if (expected) {
      if (diff < 0 && expected.length !== end - start) diff = Math.min(expected.length, end - start);
      if (diff >= 0) {
        const offset = start + diff;
        issues.add({ checkId: 'VAL-VERBATIM', ref: u.id, byteOffset: offset, token: tokenAt(expected, diff), message: `verbatim text of unit ${u.id} differs from the source at byte ${offset}`, instruction: `Copy bytes ${start}-${end} of the source exactly (escape &, < and CR as references), or change preservation_mode.` });
      }
    }
  }
}

/** Index in `expected` (relative to the span) of the first byte that differs from `chunk`, or -1. */
function firstDifference(expected: Uint8Array, pos: number, chunk: Uint8Array): number {
  const n = Math.min(chunk.length, Math.max(0, expected.length - pos));
  const a = expected.subarray(pos, pos + n);
  const b = chunk.subarray(0, n);
  if (!Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b)) {
    for (let i = 0; i < n; i++) if (a[i] !== b[i]) return pos + i;
  }
  return n < chunk.length ? pos + n : -1;
}

function tokenAt(bytes: Uint8Array, at: number): string {
  return Buffer.from(bytes.subarray(at, at + 16)).toString('utf8');
}

/**
 * The legacy container a source is (D-UAS-12): the name of its first element when that is one of
 * `<document>`, `<content_body>`, `<agent_ingestion_map>`, looking only at its first bytes.
 */
export function legacyContainerOf(prefix: Uint8Array, spec: UasSpec): string | undefined {
  const head = Buffer.from(prefix.buffer, prefix.byteOffset, Math.min(prefix.byteLength, spec.legacyScanBytes)).toString('utf8');
  const m = /^\uFEFF?\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*<([A-Za-z_][\w.-]*)[\s/>]/.exec(head);
  return m && spec.legacyContainers.includes(m[1]) ? m[1] : undefined;
}

/** VAL-MIGRATION-REPORT: a legacy source needs a migration report naming its container, and only then. */
export function checkMigration(m: UasModel, legacy: string | undefined, spec: UasSpec, issues: IssueList): void {
  const listed = m.migratedContainers;
  if (legacy !== undefined && (listed === undefined || !listed.includes(legacy))) {
    issues.add({ checkId: 'VAL-MIGRATION-REPORT', ref: 'migration_report', token: legacy, message: `the source is a legacy <${legacy}> container but the artifact has no migration report for it`, instruction: `Emit <migration_report><migrated_container name='${legacy}'/></migration_report> after source_manifest.` });
  }
  for (const name of listed ?? []) {
    if (name !== legacy || !spec.legacyContainers.includes(name)) {
      issues.add({ checkId: 'VAL-MIGRATION-REPORT', ref: 'migration_report', token: name, message: `the migration report names <${name}>, which is not the source's legacy container` });
    }
  }
}
