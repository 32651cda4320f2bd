/**
 * What an in-process adapter cannot do to the pack's thread (D-REL-01): while one is loaded,
 * `process.exit`, `process.reallyExit`, `process.abort` and `process.kill` aimed at this process
 * throw an `ExitAttempt` instead of ending the thread, and an error the adapter throws outside any
 * call (in a timer, a callback, an unhandled rejection) is caught instead of crashing it. Both are
 * recorded: the guard of the calls (`budgeted.ts`) errors the call at hand with them, or the next call
 * when none was pending, as an adapter process's breakdown errors the request that meets it.
 *
 * One guard per thread (a worker thread has its own `process`), installed when the first in-process
 * adapter is loaded and removed when the last one is closed. What it cannot catch (a native addon
 * crashing, a child the adapter starts killing the pack, memory exhausted inside one synchronous
 * stretch) the README lists; a blocked event loop is the watchdog's (`watchdog.ts`).
 */

/** Thrown in place of ending the thread: the adapter's code unwinds, and its call is errored. */
export class ExitAttempt extends Error {
  override name = 'ExitAttempt';
}

/** Something the adapter did outside the call it was in, for the guard of the calls to report. */
export interface Incident {
  /** Increasing, so that a call sees only the incidents since it started. */
  seq: number;
  /** What happened, in words: "called process.exit(0)", "threw outside any call: Error: boom". */
  what: string;
}

type Listener = (incident: Incident) => void;

let installed:
  | {
      count: number;
      restore: () => void;
    }
  | undefined;
let seq = 0;
/** The last incident before the guard was installed: older ones belong to an adapter closed since. */
let installedAt = 0;
const incidents: Incident[] = [];
const listeners = new Set<Listener>();

/** The incidents recorded after `since` (a `currentSeq()`) while the guard was installed, oldest first. */
export function incidentsSince(since: number): Incident[] {
  return incidents.filter((i) => i.seq > since && i.seq > installedAt);
}

/** The sequence number of the latest incident (0: none yet). */
export function currentSeq(): number {
  return seq;
}

/** Told of each incident as it happens (the guard of the calls rejects the pending calls with it). */
export function onIncident(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function record(what: string): Incident {
  const incident = { seq: ++seq, what };
  incidents.push(incident);
  if (incidents.length > 100) incidents.shift();
  for (const l of listeners) l(incident);
  return incident;
}

/** A value in a message: a number or a short string as written (this process's pid by name), anything else by its type. */
function shown(v: unknown): string {
  if (v === undefined) return '';
  if (v === process.pid) return 'process.pid';
  if (v === -process.pid) return '-process.pid';
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  if (typeof v === 'string') return JSON.stringify(v.slice(0, 40));
  return typeof v;
}

/** True when `pid` of `process.kill` names this process: itself, its process group, or every process it may signal. */
function aimsAtUs(pid: unknown): boolean {
  const n = Number(pid);
  return n === process.pid || n === 0 || n === -1 || n === -process.pid;
}

/**
 * Installs the guard in this thread (once; counted, so that each `installProcessGuard` is matched
 * by one `releaseProcessGuard`). `describeThrown` shows what was thrown outside a call.
 */
export function installProcessGuard(describeThrown: (e: unknown) => string): void {
  if (installed !== undefined) {
    installed.count += 1;
    return;
  }
  installedAt = seq;
  const p = process as NodeJS.Process & { reallyExit?: (code?: number) => never };
  const saved = { exit: p.exit, reallyExit: p.reallyExit, abort: p.abort, kill: p.kill };
  const refuse = (what: string): never => {
    record(`called ${what}`);
    throw new ExitAttempt(`${what} was called: an adapter in process cannot end the run`);
  };
  p.exit = ((code?: unknown) => refuse(`process.exit(${shown(code)})`)) as typeof p.exit;
  if (saved.reallyExit !== undefined)
    p.reallyExit = ((code?: unknown) => refuse(`process.reallyExit(${shown(code)})`)) as never;
  p.abort = (() => refuse('process.abort()')) as typeof p.abort;
  p.kill = ((pid: number, signal?: string | number) => {
    if (aimsAtUs(pid)) return refuse(`process.kill(${shown(pid)}${signal !== undefined ? `, ${shown(signal)}` : ''})`);
    return saved.kill.call(p, pid, signal);
  }) as typeof p.kill;
  // An error thrown where no call can catch it: recorded for the call it belongs to, never a crash.
  const onUncaught = (e: unknown) => {
    if (!(e instanceof ExitAttempt)) record(`threw outside any call: ${describeThrown(e)}`); // an exit attempt is recorded already
  };
  process.on('uncaughtException', onUncaught);
  // A rejection nobody handles would become an uncaught exception: it is recorded the same way.
  process.on('unhandledRejection', onUncaught);
  installed = {
    count: 1,
    restore: () => {
      p.exit = saved.exit;
      if (saved.reallyExit !== undefined) p.reallyExit = saved.reallyExit as never;
      p.abort = saved.abort;
      p.kill = saved.kill;
      process.off('uncaughtException', onUncaught);
      process.off('unhandledRejection', onUncaught);
    },
  };
}

/** Undoes one `installProcessGuard`; the last one restores the thread's own functions. */
export function releaseProcessGuard(): void {
  if (installed === undefined) return;
  installed.count -= 1;
  if (installed.count > 0) return;
  installed.restore();
  installed = undefined;
}

/** True while an in-process adapter is loaded in this thread. */
export function processGuarded(): boolean {
  return installed !== undefined;
}
