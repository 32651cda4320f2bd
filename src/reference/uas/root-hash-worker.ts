import { closeSync, openSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { hashFile } from './file-source.js';

/** Hashes the whole source on a second core while the main thread hashes and compares the spans. */
const { path, length, chunkSize } = workerData as { path: string; length: number; chunkSize: number };
const fd = openSync(path, 'r');
try {
  parentPort!.postMessage({ hex: hashFile(fd, length, chunkSize) });
} catch (e) {
  parentPort!.postMessage({ error: e instanceof Error ? e.message : String(e) });
} finally {
  closeSync(fd);
}
