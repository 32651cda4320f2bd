import { isMainThread, Worker } from 'node:worker_threads';
import { overBudget } from '../../contract/budgets.js';
import { failPendingCalls, setPendingObserver } from './budgeted.js';

/**
 * The watchdog of an adapter in process on the main thread (D-REL-01): a small thread of its own
 * that sees what the main thread cannot see while an adapter's synchronous code holds it, a blocked
 * event loop and a process growing past its memory budget. While one adapter call is pending and the
 * main thread has neither turned its event loop nor started or ended a call for `stallMs` (or for a
 * few hundred ms while the process holds more than `memoryMb` MiB), it stops the JavaScript running on the main thread (V8's termination, through the inspector's
 * `Runtime.terminateExecution`, which reaches a thread in any loop), and tells the main thread why;
 * the pending call is errored with that reason and the run goes on. What was terminated unwinds
 * without its `finally` blocks: the adapter's own state may be broken, never the pack's, whose code
 * only awaits the call.
 *
 * Only on the main thread (the inspector reaches it from another thread, and nothing else does);
 * in a worker thread the pool stops the whole thread instead (`src/api/workers.ts`). Not while a
 * debugger is attached (a paused breakpoint is not a hang), nor where Node has no inspector: then a
 * blocked adapter in process blocks the run, as the README says.
 */

/** The watchdog's cells in shared memory: [0] heartbeat of the main thread, [1] pending calls, [2] why it last stopped the thread (1 blocked, 2 memory), [3] the memory it saw (MiB). */
const HEARTBEAT = 0;
const PENDING = 1;
const REASON = 2;
const SEEN_MB = 3;

/** How often the main thread beats and the watchdog looks (ms). */
export const WATCH_INTERVAL_MS = 100;

/** The watchdog's own code: plain JavaScript in a thread of its own, so it starts in a few ms and loads nothing of the pack. */
const WATCHER = `
const { workerData, parentPort } = require('node:worker_threads');
const { Session } = require('node:inspector');
const cells = new Int32Array(workerData.buffer);
const session = new Session();
session.connectToMainThread();
// Told to stop: the session goes first, so that the process never waits for a debugger at its exit.
parentPort.once('message', () => { session.disconnect(); process.exit(0); });
let beat = Atomics.load(cells, ${HEARTBEAT});
let since = Date.now();
setInterval(() => {
  const now = Atomics.load(cells, ${HEARTBEAT});
  if (now !== beat) { beat = now; since = Date.now(); }
  if (Atomics.load(cells, ${PENDING}) === 0) return;
  // Only a thread that stopped beating is stopped: one that still turns its loop stops itself.
  const stale = Date.now() - since;
  if (stale < ${3 * WATCH_INTERVAL_MS}) return;
  const mb = Math.round(process.memoryUsage.rss() / 1048576);
  const reason = stale > workerData.stallMs ? 1 : mb > workerData.memoryMb ? 2 : 0;
  if (reason === 0) return;
  Atomics.store(cells, ${REASON}, reason);
  Atomics.store(cells, ${SEEN_MB}, mb);
  session.post('Runtime.terminateExecution', () => parentPort.postMessage(reason));
  since = Date.now();
}, ${WATCH_INTERVAL_MS});
`;

export interface WatchdogOptions {
  /** A pending call that holds the event loop this long is stopped (the run's timeout plus a second). */
  stallMs: number;
  /** The memory budget (MiB of the process's resident memory). */
  memoryMb: number;
}

let running: { worker: Worker; beat: NodeJS.Timeout; users: number } | undefined;

/** True where the watchdog can watch: the main thread of a Node with an inspector, no debugger attached (a breakpoint pauses on purpose). */
export function watchdogAvailable(): boolean {
  if (!isMainThread || process.features.inspector !== true) return false;
  return !process.execArgv.some((a) => /^--inspect/.test(a)) && !/--inspect/.test(process.env.NODE_OPTIONS ?? '');
}

/**
 * Starts the watchdog for an adapter in process (counted: one thread serves every adapter loaded,
 * until the last one is closed with `stopWatchdog`). No-op where it cannot watch.
 */
export function startWatchdog(o: WatchdogOptions): void {
  if (running !== undefined) {
    running.users += 1;
    return;
  }
  if (!watchdogAvailable()) return;
  const cells = new Int32Array(new SharedArrayBuffer(16));
  let worker: Worker;
  try {
    worker = new Worker(WATCHER, {
      eval: true,
      workerData: { buffer: cells.buffer, stallMs: o.stallMs, memoryMb: o.memoryMb },
      // Its own small heap; it allocates almost nothing.
      resourceLimits: { maxOldGenerationSizeMb: 16 },
      stdout: false,
      stderr: false,
    });
  } catch {
    return; // no inspector in this Node: the README says what that leaves
  }
  worker.unref();
  worker.on('error', () => undefined); // a Node without inspector fails here: nothing to watch with
  worker.on('message', (reason: number) => {
    // A call stopped for holding the thread is past its deadline: the harness's timeout, due at once,
    // reports it as every timed-out call is reported. One stopped for memory is within its deadline.
    if (reason === 2)
      failPendingCalls(
        (method) =>
          `${method} was stopped: ${overBudget('memory', o.memoryMb, "while it ran, the pack's process held")}`,
      );
  });
  const beat = setInterval(() => Atomics.add(cells, HEARTBEAT, 1), WATCH_INTERVAL_MS);
  beat.unref();
  setPendingObserver((count) => {
    Atomics.store(cells, PENDING, count);
    // A call that starts or ends is the thread making progress, as a turn of its loop is: an adapter
    // that answers at once keeps the loop in microtasks for a whole check, and is not blocked for that.
    Atomics.add(cells, HEARTBEAT, 1);
    // While a call is pending its answer may come from the watchdog alone: the thread then keeps the process up.
    if (count > 0) worker.ref();
    else worker.unref();
  });
  running = { worker, beat, users: 1 };
}

/** Undoes one `startWatchdog`; the last one ends the thread (its inspector session closed first) and resolves once it has. */
export async function stopWatchdog(): Promise<void> {
  if (running === undefined) return;
  running.users -= 1;
  if (running.users > 0) return;
  const { worker, beat } = running;
  running = undefined;
  clearInterval(beat);
  setPendingObserver(undefined);
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.postMessage('stop');
  const timer = setTimeout(() => void worker.terminate(), 1000);
  await exited;
  clearTimeout(timer);
}
