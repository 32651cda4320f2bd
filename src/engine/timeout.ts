/** Thrown when an adapter call does not settle in time. */
export class TimeoutError extends Error {
  constructor(readonly ms: number) {
    super(`no answer within ${ms} ms`);
    this.name = 'TimeoutError';
  }
}

/**
 * Settles with `work`, or rejects with TimeoutError after `ms`. The timer never keeps the process
 * alive. An adapter that blocks the event loop cannot be interrupted in-process; run it out of process.
 */
export function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  if (!Number.isFinite(ms) || ms <= 0) return work;
  let timer: NodeJS.Timeout | undefined;
  const expiry = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(ms)), ms);
    timer.unref?.();
  });
  return Promise.race([work, expiry]).finally(() => clearTimeout(timer));
}
