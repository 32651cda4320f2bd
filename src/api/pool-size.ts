import { availableParallelism } from 'node:os';

/**
 * How many workers a run takes. Apart from the pool (`workers.ts`), so that the command line can
 * check `--workers` without loading the runner: a usage error loads no suite, generator or
 * fast-check.
 */

/** The environment variable that sets the default of `--workers` (the test suite sets 1: one thread per test run). */
export const WORKERS_ENV = 'UAIX_CONFORMANCE_WORKERS';

/** The most workers a run takes. */
export const MAX_WORKERS = 256;

/** `--workers` when none is given: `UAIX_CONFORMANCE_WORKERS` when set to a count, else one per core. */
export function defaultWorkers(env: Record<string, string | undefined> = process.env): number {
  const raw = env[WORKERS_ENV];
  const n = raw !== undefined && /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  return n >= 1 && n <= MAX_WORKERS ? n : Math.min(availableParallelism(), MAX_WORKERS);
}
