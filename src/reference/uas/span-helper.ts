import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { SpanJobs } from './span-jobs.js';

/**
 * The helper thread that hashes spans of large sources (`span-hash-worker.ts`). Starting a worker
 * costs tens of milliseconds, as much as hashing 100 MiB, so one idle helper is kept for the next
 * verification (unreferenced: it never keeps the process alive), and the CLI starts it before
 * loading anything else. This module imports nothing heavy, for that reason.
 */

/** Sources at least this large (bytes) get the helper by default. */
export const PARALLEL_FROM = 16 << 20;

/** One span-hashing job for the helper: the open source file and the shared jobs. */
export interface HelperJob {
  /** Matches the helper's answer to its job. */
  id: number;
  /** The source's descriptor (a process's descriptors are every thread's): read by position, never closed by the helper. */
  fd: number;
  length: number;
  chunkSize: number;
  jobs: SpanJobs;
}

let lastJob = 0;

let idle: Worker | undefined;

function start(): Worker | undefined {
  const url = new URL('./span-hash-worker.js', import.meta.url);
  if (url.protocol !== 'file:' || !existsSync(url)) return undefined; // running from sources: hash inline
  try {
    // The worker needs none of the parent's flags (and some, like --input-type, would stop it).
    const w = new Worker(url, { execArgv: [] });
    w.once('exit', () => void (idle === w && (idle = undefined)));
    return w;
  } catch {
    return undefined;
  }
}

/** The idle helper, or a new one; undefined when no worker can run here. */
export function takeHelper(): Worker | undefined {
  const w = idle ?? start();
  idle = undefined;
  w?.ref();
  return w;
}

/** Keeps a healthy helper for the next verification; ends one that failed or is not needed. */
export function releaseHelper(w: Worker, healthy: boolean): void {
  if (healthy && idle === undefined) {
    w.unref();
    idle = w;
  } else void w.terminate();
}

/** Starts the helper now, so that its start-up overlaps whatever the caller does next. */
export function prestartHelper(): void {
  const w = takeHelper();
  if (w) releaseHelper(w, true);
}

/**
 * Hands a job to the helper. Resolves true when it has stopped claiming spans, false when it failed
 * or exited (the caller then hashes whatever it left unfinished).
 */
export function runOnHelper(w: Worker, job: Omit<HelperJob, 'id'>): Promise<boolean> {
  const id = ++lastJob;
  w.postMessage({ ...job, id });
  return new Promise((resolve) => {
    const settle = (ok: boolean) => {
      w.off('message', onMessage).off('error', onError).off('exit', onExit);
      resolve(ok);
    };
    const onMessage = (m: { id: number; error?: string }) => void (m.id === id && settle(m.error === undefined));
    const onError = () => settle(false);
    const onExit = () => settle(false);
    w.on('message', onMessage).on('error', onError).on('exit', onExit);
  });
}
