import { getHeapStatistics } from 'node:v8';
import { isMainThread } from 'node:worker_threads';
import { setCallTick } from '../adapters/guard/budgeted.js';

/**
 * The memory budget of a run (D-REL-02, `--budget memory=<MiB>`): a timer that looks at what the
 * pack's process holds four times a second (and every 64 adapter calls) and, once it has been over the budget for two seconds
 * (a peak the collector takes back, or a call the watchdog stopped for it, is not the run's fault),
 * says so once (`onOver`), for the run to stop the way a signal stops it: pending calls end, and the
 * report of what finished is written, marked incomplete. The process's resident memory on the main thread; in a
 * worker thread (the command line run inside a test runner's thread), the heap of that thread, since
 * the resident memory is the whole process's. While an adapter in process holds the thread, the
 * timer cannot run: the watchdog (`src/adapters/guard/watchdog.ts`) watches then.
 */
export function watchMemory(budgetMb: number, onOver: (mb: number) => void, everyMs = 250, graceMs = 2000): () => void {
  const held = () =>
    Math.round(
      (isMainThread
        ? process.memoryUsage.rss()
        : getHeapStatistics().used_heap_size + getHeapStatistics().external_memory) /
        (1024 * 1024),
    );
  let overSince: number | undefined;
  let done = false;
  const check = () => {
    if (done) return;
    const mb = held();
    if (mb <= budgetMb) {
      overSince = undefined;
      return;
    }
    overSince ??= performance.now();
    if (performance.now() - overSince < graceMs) return;
    stop();
    onOver(mb);
  };
  const timer = setInterval(check, everyMs);
  timer.unref();
  // An adapter in process that answers at once keeps the thread in microtasks for a whole check,
  // where no timer runs: its calls look too.
  setCallTick(check);
  const stop = () => {
    done = true;
    clearInterval(timer);
    setCallTick(undefined);
  };
  return stop;
}
