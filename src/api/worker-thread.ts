import { parentPort, workerData } from 'node:worker_threads';
import { abortAllAdapters, closeAdapter, loadAdapter } from '../adapters/load.js';
import { setPendingObserver } from '../adapters/guard/budgeted.js';
import type { Adapter } from '../contract/adapter.js';
import { createHarness, describeAdapter, describeThrown } from '../engine/harness.js';
import { runCheck, type RunOptions } from '../engine/runner.js';
import { bundledSpec } from '../spec/index.js';
import { packCatalog } from './catalog.js';
import { Board, type WorkerData, type WorkerMessage } from './workers.js';

/**
 * One worker thread of a `--workers` pool (`src/api/workers.ts`): loads its own instance of the
 * adapter, then runs units from the shared board until none is left or the run stops, posting each
 * unit's entry to the main thread. An `abort` message ends its pending adapter calls at once.
 */

const data = workerData as WorkerData;
const port = parentPort!;
const board = new Board(data.checkIds.length, data.threads, data.units.length, data.board);
/** This thread's runner number on the board (the main thread is 0). */
const runner = data.slot + 1;
const interrupt = new AbortController();

function post(m: WorkerMessage): void {
  port.postMessage(m);
}

port.on('message', (m: { type: string }) => {
  if (m.type !== 'abort') return;
  interrupt.abort();
  abortAllAdapters(); // this thread's adapter processes: their pending calls fault, the unit ends now
});

/**
 * Loads the adapter and runs units, then closes the adapter and says `done` (or `failed`, with the
 * reason), after which the main thread ends this thread: timers an adapter or a timed-out call left
 * behind must not keep it alive. A thread that cannot start leaves its units to the others.
 */
async function serve(): Promise<void> {
  const byId = new Map(packCatalog().checks.map((c) => [c.id, c]));
  const checks = data.checkIds.map((id) => byId.get(id)!);
  const spec = data.spec ?? bundledSpec();
  let adapter: Adapter;
  try {
    adapter = await loadAdapter(data.load.spec, { ...data.load.options, spec });
  } catch (e) {
    post({ type: 'failed', message: describeThrown(e) });
    return;
  }
  // The main thread ends this thread when its adapter in process holds it past a call's deadline (D-REL-01).
  setPendingObserver((count) => board.markPending(data.slot, count > 0 ? Math.max(1, Date.now() - data.epoch) : 0));
  let failure: unknown;
  try {
    const info = await describeAdapter(adapter, data.run.timeoutMs, interrupt.signal);
    const h = createHarness(adapter, info, {
      timeoutMs: data.run.timeoutMs!,
      now: data.run.now!,
      spec,
      signal: interrupt.signal,
    });
    const opts: RunOptions = {
      ...data.run,
      checks,
      adapter,
      spec,
      signal: interrupt.signal,
      shouldStop: () => board.stopped,
    };
    for (let i = board.claim(runner, data.units); i !== undefined; i = board.claim(runner, data.units)) {
      const u = data.units[i]!;
      board.markCurrent(data.slot, i);
      post({ type: 'start', unit: i });
      const entry = await runCheck(checks[u.check]!, adapter, h, opts, [u.chunk]);
      board.settle(u, entry);
      post({ type: 'end', unit: i, entry: entry ?? null });
      board.markCurrent(data.slot, -1);
    }
  } catch (e) {
    failure = e;
  }
  await closeAdapter(adapter);
  post(failure === undefined ? { type: 'done' } : { type: 'failed', message: describeThrown(failure) });
}

void serve();
