import * as crypto from 'node:crypto';
import type { IssueList } from './issues.js';
import type { UasModel, UnitInfo } from './model.js';
import type { UasSpec } from '../../spec/uas.js';

/** Positional access to the source bytes: memory or a file read by offset. */
export interface SpanSource {
  readonly length: number;
  /** Calls `fn` with consecutive chunks that exactly cover [start, end). */
  chunks(start: number, end: number, fn: (chunk: Buffer) => void): void;
  /** SHA-256 (lowercase hex) of the bytes [start, end). */
  hash(start: number, end: number): string;
}

// One-shot hashing (Node 20.12+) skips the Hash object, which counts for thousands of short spans.
const oneShot = (crypto as { hash?: (algorithm: string, data: Uint8Array, encoding: 'hex') => string }).hash;

/** A source held in memory. */
export function memorySource(bytes: Uint8Array): SpanSource {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    length: buf.length,
    chunks: (start, end, fn) => fn(buf.subarray(start, end)),
    hash: (start, end) =>
      oneShot
        ? oneShot('sha256', buf.subarray(start, end), 'hex')
        : crypto.createHash('sha256').update(buf.subarray(start, end)).digest('hex'),
  };
}

// `hex` is 64 lowercase hex digits, and only A-F lowercase to one of them: equal once lowercased is 64 hex digits in any case.
const sameHash = (claimed: string | undefined, hex: string) => claimed?.toLowerCase() === hex;

/** VAL-ROOT-HASH: the manifest's root SHA-256 (hex, any case) and byte_length describe this source. */
export function checkRoot(m: UasModel, rootHex: string, length: number, issues: IssueList): void {
  const claimed = m.rootSha256;
  if (!sameHash(claimed, rootHex)) {
    issues.add({
      checkId: 'VAL-ROOT-HASH',
      ref: 'source_manifest',
      token: claimed ?? '',
      message: `root_sha256 "${claimed ?? ''}" is not the SHA-256 of the source (${rootHex})`,
      instruction: `Set root_sha256='${rootHex}'.`,
    });
  } else if (m.byteLength !== undefined && m.byteLength !== String(length)) {
    issues.add({
      checkId: 'VAL-ROOT-HASH',
      ref: 'source_manifest',
      token: m.byteLength,
      message: `byte_length "${m.byteLength}" is not the source length ${length}`,
      instruction: `Set byte_length='${length}'.`,
    });
  }
}

/** UTF-8 encoding into one growing scratch buffer, so that comparing thousands of texts allocates little. */
class Utf8Scratch {
  private buf = Buffer.allocUnsafe(4096);
  private readonly encoder = new TextEncoder();
  /** The UTF-8 bytes of `text`, valid until the next call. */
  encode(text: string): Buffer {
    if (text.length * 3 > this.buf.length) this.buf = Buffer.allocUnsafe(text.length * 3);
    const { written } = this.encoder.encodeInto(text, this.buf);
    return this.buf.subarray(0, written);
  }
}

/**
 * VAL-SPAN-HASH and VAL-VERBATIM per span (seed 003 §3.2 steps 2-4). `digests[i]`, when given, is the
 * span hash of `units[i]` computed elsewhere (a worker thread). The verbatim text is compared byte for
 * byte with the source; the offset reported is that of the first differing byte, or the end of the
 * shorter of text and span when one is a strict prefix of the other (D-UAS-09).
 */
export function checkSpanContents(
  units: readonly UnitInfo[],
  src: SpanSource,
  spec: UasSpec,
  issues: IssueList,
  digests?: readonly (string | undefined)[],
): void {
  const scratch = new Utf8Scratch();
  units.forEach((u, i) => {
    const { start, end } = u.span!;
    const hex = digests?.[i] ?? src.hash(start, end);
    if (!sameHash(u.spanSha256, hex)) {
      issues.add({
        checkId: 'VAL-SPAN-HASH',
        ref: u.id,
        byteOffset: start,
        token: u.spanSha256 ?? '',
        message: `span_sha256 of unit ${u.id} is not the SHA-256 of bytes ${start}-${end}`,
        instruction: `Set span_sha256='${hex}' or correct source_span.`,
      });
    }
    // An absent mode is not one of them.
    if (!spec.preservationModes.includes(u.mode as string)) {
      issues.add({
        checkId: 'VAL-VERBATIM',
        ref: u.id,
        token: u.mode ?? '',
        message: `unit ${u.id} has preservation_mode "${u.mode ?? ''}", not one of ${spec.preservationModes.join(', ')}`,
      });
    }
    if (u.mode !== 'VERBATIM_FULL') return;
    const expected = scratch.encode(u.text);
    const n = Math.min(expected.length, end - start);
    let diff = -1;
    let pos = 0;
    src.chunks(start, start + n, (chunk) => {
      if (diff < 0) diff = firstDifference(expected.subarray(pos, pos + chunk.length), chunk, pos);
      pos += chunk.length;
    });
    if (diff < 0 && expected.length !== end - start) diff = n;
    if (diff >= 0) {
      const offset = start + diff;
      issues.add({
        checkId: 'VAL-VERBATIM',
        ref: u.id,
        byteOffset: offset,
        token: tokenAt(expected, diff),
        message: `verbatim text of unit ${u.id} differs from the source at byte ${offset}`,
        instruction: `Copy bytes ${start}-${end} of the source exactly (escape &, < and CR as references), or change preservation_mode.`,
      });
    }
  });
}

/** `at` plus the index of the first byte where two equally long runs differ, or -1. */
function firstDifference(a: Buffer, b: Buffer, at: number): number {
  if (a.equals(b)) return -1;
  let i = 0;
  while (a[i] === b[i]) i++;
  return at + i;
}

function tokenAt(bytes: Uint8Array, at: number): string {
  return Buffer.from(bytes.subarray(at, at + 16)).toString('utf8');
}

/**
 * The legacy container a source is (D-UAS-12): the name of its first element when that is one of
 * `<document>`, `<content_body>`, `<agent_ingestion_map>`, looking only at its first bytes.
 */
export function legacyContainerOf(prefix: Uint8Array, spec: UasSpec): string | undefined {
  const head = Buffer.from(
    prefix.buffer,
    prefix.byteOffset,
    Math.min(prefix.byteLength, spec.legacyScanBytes),
  ).toString('utf8');
  const m = /^\uFEFF?\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*<([A-Za-z_][\w.-]*)[\s/>]/.exec(head);
  return m && spec.legacyContainers.includes(m[1]) ? m[1] : undefined;
}

/** VAL-MIGRATION-REPORT: a legacy source needs a migration report naming its container, and only then. */
export function checkMigration(m: UasModel, legacy: string | undefined, spec: UasSpec, issues: IssueList): void {
  const listed = m.migratedContainers;
  if (legacy !== undefined && (listed === undefined || !listed.includes(legacy))) {
    issues.add({
      checkId: 'VAL-MIGRATION-REPORT',
      ref: 'migration_report',
      token: legacy,
      message: `the source is a legacy <${legacy}> container but the artifact has no migration report for it`,
      instruction: `Emit <migration_report><migrated_container name='${legacy}'/></migration_report> after source_manifest.`,
    });
  }
  for (const name of listed ?? []) {
    if (name !== legacy || !spec.legacyContainers.includes(name)) {
      issues.add({
        checkId: 'VAL-MIGRATION-REPORT',
        ref: 'migration_report',
        token: name,
        message: `the migration report names <${name}>, which is not the source's legacy container`,
      });
    }
  }
}
