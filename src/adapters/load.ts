import type { Adapter } from '../contract/adapter.js';
import { TOOL } from '../io/package.js';
import { bundledSpec, type SpecData } from '../spec/index.js';
import { lazyReference } from './lazy-reference.js';
import { loadAdapterModule } from './module.js';
import { adapterKindOf, COMMAND_PREFIX, UAS_VERIFY_PREFIX } from '../contract/adapter-spec.js';
import type { Header } from './http/headers.js';
import type { NetworkRecord } from '../model/report.js';
import { budgetsWith, type Budgets } from '../contract/budgets.js';
import { DEFAULT_TIMEOUT_MS, describeThrown } from '../engine/harness.js';
import { guardAdapter } from './guard/budgeted.js';
import { installProcessGuard, releaseProcessGuard } from './guard/process-guard.js';
import { startWatchdog, stopWatchdog } from './guard/watchdog.js';

export { COMMAND_PREFIX, UAS_VERIFY_PREFIX } from '../contract/adapter-spec.js';

/** The code of out-of-process adapters: loaded with the first such adapter, so that an in-process run never loads it. */
interface ProcessModules {
  contain: typeof import('./process/contain.js');
  isolated: typeof import('./isolated.js');
  connection: typeof import('./process/connection.js');
  processAdapter: typeof import('./process/process-adapter.js');
  runOnce: typeof import('./process/run-once.js');
  uasVerifyCommand: typeof import('./process/uas-verify-command.js');
}

/** Set once the first out-of-process adapter is loaded: until then no adapter process exists to abort or close. */
let processModules: ProcessModules | undefined;

async function loadProcessModules(): Promise<ProcessModules> {
  if (processModules === undefined) {
    const [contain, isolated, connection, processAdapter, runOnce, uasVerifyCommand] = await Promise.all([
      import('./process/contain.js'),
      import('./isolated.js'),
      import('./process/connection.js'),
      import('./process/process-adapter.js'),
      import('./process/run-once.js'),
      import('./process/uas-verify-command.js'),
    ]);
    processModules = { contain, isolated, connection, processAdapter, runOnce, uasVerifyCommand };
  }
  return processModules;
}

/** The code of live services (`--adapter-url`): loaded with the first such adapter, undici with it. */
let httpModule: typeof import('./http/http-adapter.js') | undefined;

/** What reaching a live service takes besides its URL (`--header`, `--read-only`, `--max-rate`). */
export interface HttpLoadOptions {
  headers?: readonly Header[];
  readOnly?: boolean;
  maxRate?: number;
  /** Applied to the excerpts of what the service answered (secrets it echoed). */
  redact?: (s: string) => string;
}

export interface LoadOptions {
  /** The run's per-call timeout (an adapter process's own deadlines are set a little under it). */
  timeoutMs?: number;
  /** The spec data of the run: what `reference` is built with (default: the bundled spec). */
  spec?: SpecData;
  /** The folder module paths are relative to and commands run in (default: the current directory). */
  cwd?: string;
  /**
   * Load a module adapter (or `reference`) into this process instead of a child process of its own
   * (`--in-process`: for debugging). It is guarded there (D-REL-01: an exit, an abort or an error
   * outside a call errors the call; on the main thread a watchdog stops a call that blocks the
   * thread), but what kills a process from outside JavaScript takes the pack down with it.
   * Unset: the environment decides (`UAIX_CONFORMANCE_IN_PROCESS=1`), else isolated.
   */
  inProcess?: boolean;
  /** What the adapter may make the pack hold and wait for (D-REL-02); default `DEFAULT_BUDGETS`. */
  budgets?: Partial<Budgets>;
  /** The V8 heap limit (MiB) of an isolated adapter's process (default `DEFAULT_ISOLATE_HEAP_MB`). */
  maxHeapMb?: number;
  /**
   * Called once the adapter no longer needs this thread to start: an adapter process once it has
   * been started (it then boots on its own while the caller loads what it needs), any other adapter
   * at once. Called at most once, and not when loading fails before that point.
   */
  onStarted?: () => void;
  /** For a live service (an `http://` or `https://` URL): its headers, read-only mode and rate. */
  http?: HttpLoadOptions;
}

/**
 * Loads the adapter a spec names: `reference`, a command (`cmd:<command line>` starts an adapter
 * process speaking `uaix-adapter/1`; `uas-verify-cmd:<template>` runs a command-line UAS verifier
 * per case), a live service (an `http://` or `https://` URL, reached over the HTTP binding), or a
 * module file or folder. A module and `reference` run isolated, in a child process
 * of their own (`createIsolatedAdapter`), unless `inProcess`. Every loading problem is a `UsageError`.
 */
export async function loadAdapter(spec: string, options: LoadOptions = {}): Promise<Adapter> {
  const where = options.cwd !== undefined ? { cwd: options.cwd } : {};
  const timeout = options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {};
  const spawned = options.onStarted !== undefined ? { onSpawned: options.onStarted } : {};
  const budgets = budgetsWith(options.budgets);
  if (adapterKindOf(spec) === 'http') {
    httpModule ??= await import('./http/http-adapter.js');
    options.onStarted?.(); // its start is the service's answer to describe: the caller loads meanwhile
    const service = await httpModule.createHttpAdapter(spec, {
      ...timeout,
      ...options.http,
      budgets,
      userAgent: `${TOOL.name}/${TOOL.version}`,
    });
    return guardAdapter(service, { budgets, inProcess: false });
  }
  if (
    !spec.startsWith(COMMAND_PREFIX) &&
    !spec.startsWith(UAS_VERIFY_PREFIX) &&
    (options.inProcess ?? inProcessByEnvironment())
  ) {
    options.onStarted?.();
    // Guarded before the module loads: an exit at its top level is a usage error, not the end of the run.
    installProcessGuard(describeThrown);
    let adapter: Adapter;
    try {
      adapter =
        spec === 'reference'
          ? lazyReference(options.spec ?? bundledSpec())
          : await loadAdapterModule(spec, options.cwd);
    } catch (e) {
      releaseProcessGuard();
      throw e;
    }
    startWatchdog({ stallMs: (options.timeoutMs ?? DEFAULT_TIMEOUT_MS) + 1000, memoryMb: budgets.memory });
    const guarded = guardAdapter(adapter, { budgets, inProcess: true });
    inProcessGuarded.add(guarded);
    return guarded;
  }
  const { isolated, processAdapter, uasVerifyCommand } = await loadProcessModules();
  const budgeted = (a: Adapter) => guardAdapter(a, { budgets, inProcess: false });
  if (spec.startsWith(COMMAND_PREFIX))
    return budgeted(
      await processAdapter.createProcessAdapter(spec.slice(COMMAND_PREFIX.length), {
        ...timeout,
        ...where,
        ...spawned,
        budgets,
      }),
    );
  if (spec.startsWith(UAS_VERIFY_PREFIX)) {
    options.onStarted?.(); // it starts its command per case
    return budgeted(
      uasVerifyCommand.createUasVerifyCommandAdapter(spec.slice(UAS_VERIFY_PREFIX.length), {
        ...timeout,
        ...where,
        budgets,
      }),
    );
  }
  return budgeted(
    await isolated.createIsolatedAdapter(spec, {
      ...timeout,
      ...where,
      ...spawned,
      budgets,
      ...(options.spec !== undefined ? { spec: options.spec } : {}),
      ...(options.maxHeapMb !== undefined ? { maxHeapMb: options.maxHeapMb } : {}),
    }),
  );
}

/** The adapters loaded into this thread and not closed yet: closing one releases its guard. */
const inProcessGuarded = new WeakSet<Adapter>();

/** The environment variable that makes in-process loading the default, as `--in-process` does for one run. */
export const IN_PROCESS_ENV = 'UAIX_CONFORMANCE_IN_PROCESS';

/** True when `UAIX_CONFORMANCE_IN_PROCESS=1`: module adapters load in process unless a caller says otherwise. */
function inProcessByEnvironment(): boolean {
  return process.env[IN_PROCESS_ENV] === '1';
}

/**
 * What the containment of adapter processes leaves undone on this platform (D-REL-03), in one line
 * for the run to print; undefined when no adapter process was started or a PID namespace holds them.
 */
export function containmentNote(): string | undefined {
  return processModules?.contain.containment().note;
}

/** Kills an out-of-process adapter's processes at once (signal handlers); no-op for in-process adapters. */
export function abortAdapter(adapter: Adapter): void {
  (processModules?.processAdapter.processControl(adapter) ?? httpModule?.httpControl(adapter))?.abort();
}

/**
 * Kills every adapter process the pack started, at once, in any phase (a signal during start-up,
 * when no adapter object exists yet): their pending requests fault, so the run ends now.
 */
export function abortAllAdapters(): void {
  processModules?.connection.abortAllConnections();
  processModules?.runOnce.killAllOnce();
  httpModule?.abortAllTransports();
}

/**
 * Ends an out-of-process adapter's processes and waits until they are gone; for an adapter loaded
 * into this thread, removes its guard and watchdog (once).
 */
export async function closeAdapter(adapter: Adapter): Promise<void> {
  if (inProcessGuarded.delete(adapter)) {
    releaseProcessGuard();
    await stopWatchdog();
    return;
  }
  await (processModules?.processAdapter.processControl(adapter) ?? httpModule?.httpControl(adapter))?.close();
}

/** A live service's network figures so far (report.json's `network`); undefined for any other adapter. */
export function networkOf(adapter: Adapter): NetworkRecord | undefined {
  return httpModule?.networkRecord(adapter);
}
