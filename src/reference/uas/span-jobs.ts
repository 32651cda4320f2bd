import type { SpanSource } from './source.js';

/**
 * Span hashes shared between threads: `ranges` holds start and end of span i at 2i and 2i + 1;
 * `next` is the claim counter; `done[i]` becomes 1 once `digests[32i .. 32i + 32)` holds its SHA-256.
 * Everything but `ranges` lives in SharedArrayBuffers.
 */
export interface SpanJobs {
  ranges: Float64Array;
  next: Int32Array;
  done: Int32Array;
  digests: Uint8Array;
}

/** Jobs for the given half-open ranges, none claimed yet. */
export function spanJobs(spans: readonly { start: number; end: number }[]): SpanJobs {
  const n = spans.length;
  const ranges = new Float64Array(2 * n);
  spans.forEach((s, i) => {
    ranges[2 * i] = s.start;
    ranges[2 * i + 1] = s.end;
  });
  return {
    ranges,
    next: new Int32Array(new SharedArrayBuffer(4)),
    done: new Int32Array(new SharedArrayBuffer(4 * Math.max(1, n))),
    digests: new Uint8Array(new SharedArrayBuffer(32 * Math.max(1, n))),
  };
}

/** Hashes span `i` into the shared digests and marks it done. */
export function hashSpan(jobs: SpanJobs, i: number, src: SpanSource): void {
  jobs.digests.set(Buffer.from(src.hash(jobs.ranges[2 * i]!, jobs.ranges[2 * i + 1]!), 'hex'), 32 * i);
  Atomics.store(jobs.done, i, 1);
}

/** Claims spans one at a time until none are left, hashing each (called by both threads). */
export function hashClaimedSpans(jobs: SpanJobs, src: SpanSource): void {
  const n = jobs.ranges.length / 2;
  for (let i = Atomics.add(jobs.next, 0, 1); i < n; i = Atomics.add(jobs.next, 0, 1)) hashSpan(jobs, i, src);
}

/**
 * The digests as hex, once the other thread has stopped: a span it claimed but did not finish (it
 * failed or died) is hashed here.
 */
export function finishSpans(jobs: SpanJobs, src: SpanSource): string[] {
  const n = jobs.ranges.length / 2;
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    if (Atomics.load(jobs.done, i) !== 1) hashSpan(jobs, i, src);
    out.push(Buffer.from(jobs.digests.buffer, 32 * i, 32).toString('hex'));
  }
  return out;
}
