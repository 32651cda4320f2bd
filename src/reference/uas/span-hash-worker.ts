import { parentPort } from 'node:worker_threads';
import { fileSource } from './file-source.js';
import type { HelperJob } from './span-helper.js';
import { hashClaimedSpans } from './span-jobs.js';

/**
 * Hashes source spans on a second core while the main thread hashes the whole source: both claim
 * spans from one shared counter, so whichever is free takes the next one (`span-jobs.ts`). Serves
 * one job at a time, for as long as the main thread keeps it.
 */
parentPort!.on('message', ({ id, fd, length, chunkSize, jobs }: HelperJob) => {
  try {
    // The main thread's open descriptor: the file it opened and checked, never the path again.
    hashClaimedSpans(jobs, fileSource(fd, length, chunkSize));
    parentPort!.postMessage({ id });
  } catch (e) {
    parentPort!.postMessage({ id, error: e instanceof Error ? e.message : String(e) });
  }
});
