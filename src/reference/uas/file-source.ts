import * as crypto from 'node:crypto';
import { readSync } from 'node:fs';
import type { SpanSource } from './source.js';

/**
 * Default window, 128 KiB: small enough that the bytes a read copies are still in the core's cache
 * when they are hashed. With a 4 MiB window each read went through main memory and then the hash
 * read it back from there: reading and hashing a 256 MiB file took 416 ms against 239 ms with
 * 128 KiB (one thread, file in the page cache, 1 MiB of cache per core). Windows of 32 to 128 KiB
 * are as fast; from 256 KiB on they are slow again.
 */
export const DEFAULT_CHUNK = 128 << 10;

// One-shot hashing (Node 20.12+) skips the Hash object, which counts for thousands of short spans.
const oneShot = (crypto as { hash?: (algorithm: string, data: Uint8Array, encoding: 'hex') => string }).hash;

/** The source file is shorter than it was when it was opened (truncated while it was read). */
export class SourceChangedError extends Error {
  override name = 'SourceChangedError';
}

/** `fs.readSync` in its positional form: bytes read into `buffer` at `offset`, from the file at `position`. */
export type PositionalRead = (fd: number, buffer: Buffer, offset: number, length: number, position: number) => number;

/**
 * A source file read by position through one reused window of `windowSize` bytes: memory stays at
 * one window whatever the file size (seed 003 §3.2 asks for mmap; positional reads give the same
 * bounded footprint in Node). Spans ascend, so one read serves every span hash and verbatim
 * comparison that falls inside the window (20,000 short units cost a handful of reads, not 40,000).
 * A range outside the window moves it to the range's start; a range longer than the window is
 * read through it piece by piece. Order does not matter to the bytes served, only to the reads.
 * `read` is `fs.readSync` (a test counts the reads through it).
 */
export function fileSource(
  fd: number,
  length: number,
  windowSize = DEFAULT_CHUNK,
  read: PositionalRead = readSync,
): SpanSource {
  const buf = Buffer.allocUnsafe(Math.max(1, Math.min(windowSize, length)));
  /** The source bytes [from, to) are in buf[0, to - from). */
  let from = 0;
  let to = 0;

  /** Fills the window from `at` (as far as it holds, or the source goes); throws when the file is shorter than `length`. */
  function moveTo(at: number): void {
    const want = Math.min(buf.length, length - at);
    let got = 0;
    while (got < want) {
      const n = read(fd, buf, got, want - got, at + got);
      if (n <= 0) {
        to = from; // the window holds nothing reliable now
        throw new SourceChangedError(`it ended at byte ${at + got}, of the ${length} bytes it had when it was opened`);
      }
      got += n;
    }
    from = at;
    to = at + got;
  }

  /** Bytes [start, end) of the source, at most one window long, valid until the window moves. */
  function view(start: number, end: number): Buffer {
    if (start < from || end > to) moveTo(start);
    if (end > to) throw new SourceChangedError(`bytes ${start}-${end} lie past its end (${length} bytes)`);
    return buf.subarray(start - from, end - from);
  }

  return {
    length,
    chunks(start, end, fn) {
      for (let pos = start; pos < end; ) {
        const next = Math.min(end, pos + buf.length);
        fn(view(pos, next));
        pos = next;
      }
    },
    hash(start, end) {
      if (end - start <= buf.length && oneShot) return oneShot('sha256', view(start, end), 'hex');
      const h = crypto.createHash('sha256');
      this.chunks(start, end, (c) => h.update(c));
      return h.digest('hex');
    },
  };
}
