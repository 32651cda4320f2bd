import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../../generators/uas/model.js';
import { analyzeArtifact } from '../../../src/reference/uas/analyze.js';
import { fileSource } from '../../../src/reference/uas/file-source.js';
import { IssueList } from '../../../src/reference/uas/issues.js';
import { checkSpanContents } from '../../../src/reference/uas/source.js';
import { verifyUasFile } from '../../../src/reference/uas/verify-file.js';
import { verifyUas } from '../../../src/reference/uas/verify.js';
import { bundledSpec } from '../../../src/spec/index.js';

const spec = bundledSpec().uas;
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'uas-window-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** One unit of a hand-made artifact: a half-open span, hashed and copied from `source` unless told otherwise. */
interface UnitSpec {
  start: number;
  end: number;
  /** Verbatim text (default: the span's bytes); undefined for a hash-only unit with `verbatim: false`. */
  text?: string;
  verbatim?: boolean;
  hash?: string;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#13;');

/** A `<UAS_Document>` locking `source` (isolated units of weight 0.50 break no graph or weight rule). */
function artifactOf(source: Buffer, units: UnitSpec[]): string {
  const body = units.map((u, i) => {
    const bytes = source.subarray(u.start, Math.min(u.end, source.length));
    const verbatim = u.verbatim ?? true;
    const attrs = `id="u${i + 1}" source_order="${i + 1}" surface_form="paragraph" source_span="bytes:${u.start}-${u.end}" span_sha256="${u.hash ?? sha256Hex(bytes)}" base_role="OBSERVATION" preservation_mode="${verbatim ? 'VERBATIM_FULL' : 'SPAN_ONLY'}" weight="0.50" weight_modifiers=""`;
    return verbatim
      ? `<semantic_unit ${attrs}>${esc(u.text ?? bytes.toString('utf8'))}</semantic_unit>`
      : `<semantic_unit ${attrs}/>`;
  });
  return `<UAS_Document version="1.0"><source_manifest encoding="UTF-8" byte_length="${source.length}" root_sha256="${sha256Hex(source)}"/><concept_registry/><semantic_units>${body.join('')}</semantic_units><cognitive_map/><ambiguity_register/><validation_report status="pass" failure_count="0"/></UAS_Document>`;
}

/**
 * Verifies `source` against an artifact locking `lockedTo` (default: the source itself) through a
 * `window`-byte read window; the verdict must be the in-memory verifier's. Returns the findings'
 * check, unit and byte.
 */
async function verifyWindowed(name: string, source: Buffer, units: UnitSpec[], window: number, lockedTo = source) {
  const artifact = artifactOf(lockedTo, units);
  writeFileSync(join(dir, `${name}.txt`), source);
  writeFileSync(join(dir, `${name}.xml`), artifact);
  const v = await verifyUasFile(join(dir, `${name}.txt`), join(dir, `${name}.xml`), spec, { chunkSize: window });
  expect(v).toEqual(verifyUas(source, artifact, spec));
  return v.findings.map((f) => [f.checkId, f.unitId, f.byteOffset]);
}

/** Consecutive spans of `size` bytes covering `source`. */
const tiles = (source: Buffer, size: number): UnitSpec[] =>
  Array.from({ length: Math.ceil(source.length / size) }, (_, i) => ({
    start: i * size,
    end: Math.min(source.length, (i + 1) * size),
  }));

const text = Buffer.from('The compiler never mutates raw content: a < b && c > d\r\n'.repeat(8));

describe('the source read window (fileSource)', () => {
  it('serves exactly the bytes and hash of any range, in any order, whatever the window', () => {
    const file = join(dir, 'ranges.txt');
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 300 }),
        fc.integer({ min: 1, max: 64 }),
        fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 12 }),
        (bytes, window, picks) => {
          writeFileSync(file, bytes);
          const fd = openSync(file, 'r');
          try {
            const src = fileSource(fd, bytes.length, window);
            for (const [x, y] of picks) {
              const [a, b] = [x % (bytes.length + 1), y % (bytes.length + 1)].sort((p, q) => p - q) as [number, number];
              const pieces: Buffer[] = [];
              src.chunks(a, b, (c) => void pieces.push(Buffer.from(c)));
              expect(pieces.every((c) => c.length <= window)).toBe(true);
              expect(Buffer.concat(pieces)).toEqual(Buffer.from(bytes.subarray(a, b)));
              expect(src.hash(a, b)).toBe(sha256Hex(bytes.subarray(a, b)));
            }
          } finally {
            closeSync(fd);
          }
        },
      ),
      { seed: 16, numRuns: 150 },
    );
  });

  it('reads about once per window, not once per unit, when spans ascend', () => {
    const source = Buffer.concat(Array.from({ length: 40 }, () => text));
    const span = 37;
    const window = 1024;
    const units = tiles(source, span);
    const file = join(dir, 'batched.txt');
    writeFileSync(file, source);
    const { model, readable } = analyzeArtifact(artifactOf(source, units), spec, source.length, undefined);
    expect(readable.length).toBe(units.length);
    const fd = openSync(file, 'r');
    let reads = 0;
    try {
      // The path verifyUasFile takes: the whole-source hash, then every span's hash and bytes.
      const src = fileSource(fd, source.length, window, (f, b, at, n, pos) => (reads++, readSync(f, b, at, n, pos)));
      expect(src.hash(0, source.length)).toBe(model!.rootSha256);
      const issues = new IssueList();
      checkSpanContents(readable, src, spec, issues);
      expect(issues.items).toEqual([]);
    } finally {
      closeSync(fd);
    }
    // The whole-source hash reads window by window; then each read holds every span that fits in
    // it, so the window advances by more than `window - span` bytes a read.
    const rootReads = Math.ceil(source.length / window);
    const bound = rootReads + Math.ceil(source.length / (window - span + 1));
    expect(reads).toBeGreaterThan(rootReads);
    expect(reads).toBeLessThanOrEqual(bound);
    expect(bound).toBeLessThan(units.length);
  });

  it('finds the tampered byte of a span that straddles a window boundary', async () => {
    const window = 16;
    const units = tiles(text, 10);
    expect(await verifyWindowed('straddle', text, units, window)).toEqual([]);
    // Unit u2 is bytes 10-20, which cross the first 16-byte window; its byte 18 is changed.
    const tampered = Buffer.from(text);
    tampered[18] = 0x23;
    expect(await verifyWindowed('straddle-tampered', tampered, units, window, text)).toEqual([
      ['VAL-ROOT-HASH', undefined, undefined],
      ['VAL-SPAN-HASH', 'u2', 10],
      ['VAL-VERBATIM', 'u2', 18],
    ]);
  });

  it('compares a span longer than the window piece by piece, to the exact differing byte', async () => {
    const window = 16;
    const long = { start: 5, end: 5 + 7 * window + 3 };
    expect(await verifyWindowed('long', text, [long], window)).toEqual([]);
    const at = long.start + 5 * window + 2;
    const copied = text.subarray(long.start, long.end).toString('utf8');
    const changed = `${copied.slice(0, at - long.start)}#${copied.slice(at - long.start + 1)}`;
    expect(await verifyWindowed('long-changed', text, [{ ...long, text: changed }], window)).toEqual([
      ['VAL-VERBATIM', 'u1', at],
    ]);
  });

  it('reports overlapping and out-of-order spans as findings and still checks their bytes', async () => {
    const window = 16;
    const units: UnitSpec[] = [
      { start: 40, end: 60 },
      { start: 50, end: 70 }, // overlaps u1
      { start: 10, end: 30 }, // starts before u2: the window moves back
      { start: 20, end: 90, text: `${text.subarray(20, 89).toString('utf8')}!` }, // overlaps u3, last byte differs
    ];
    expect(await verifyWindowed('disorder', text, units, window)).toEqual([
      ['VAL-SOURCE-ORDER', 'u2', 50],
      ['VAL-SOURCE-ORDER', 'u3', 10],
      ['VAL-SOURCE-ORDER', 'u4', 20],
      ['VAL-VERBATIM', 'u4', 89],
    ]);
  });

  it('reports a span that ends past a shorter source as out of bounds, not as a crash', async () => {
    const window = 16;
    const short = text.subarray(0, 50);
    const units: UnitSpec[] = [
      { start: 0, end: 30 },
      { start: 30, end: 50 + window, verbatim: false, hash: sha256Hex(text.subarray(30, 50 + window)) },
    ];
    expect(await verifyWindowed('short', short, units, window)).toEqual([['VAL-SPAN-BOUNDS', 'u2', 30]]);
  });
});
