/** Thrown when an adapter call does not settle in time. */
export class TimeoutError extends Error {
  constructor(readonly ms: number) {
    super(`no answer within ${ms} ms`);
    this.name = 'TimeoutError';
  }
}

/** Thrown when the run was interrupted (a signal) while a call was pending. */
export class InterruptedError extends Error {
  constructor() {
    super('the run was interrupted');
    this.name = 'InterruptedError';
  }
}

/**
 * Settles with `work`, or rejects with TimeoutError after `ms`, or with InterruptedError as soon as
 * `signal` aborts. The timer keeps the process alive while the call is pending: a promise that never
 * settles still ends in a timeout, never in the process exiting under the pack's feet. An adapter
 * that blocks the event loop cannot be interrupted in-process; that is what isolation is for.
 */
export function withTimeout<T>(work: Promise<T>, ms: number, signal?: AbortSignal): Promise<T> {
  if ((!Number.isFinite(ms) || ms <= 0) && signal === undefined) return work;
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const expiry = new Promise<never>((_, reject) => {
    if (Number.isFinite(ms) && ms > 0) timer = setTimeout(() => reject(new TimeoutError(ms)), ms);
    if (signal) {
      onAbort = () => reject(new InterruptedError());
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
    }
  });
  return Promise.race([work, expiry]).finally(() => {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  });
}
