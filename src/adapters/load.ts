import type { Adapter } from '../contract/adapter.js';
import { TOOL } from '../io/package.js';
import { bundledSpec, type SpecData } from '../spec/index.js';
import { lazyReference } from './lazy-reference.js';
import { loadAdapterModule } from './module.js';
import { adapterKindOf, COMMAND_PREFIX, UAS_VERIFY_PREFIX } from '../contract/adapter-spec.js';
import type { Header } from './http/headers.js';
import type { NetworkRecord } from '../model/report.js';

export { COMMAND_PREFIX, UAS_VERIFY_PREFIX } from '../contract/adapter-spec.js';

/** The code of out-of-process adapters: loaded with the first such adapter, so that an in-process run never loads it. */
interface ProcessModules {
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
    const [isolated, connection, processAdapter, runOnce, uasVerifyCommand] = await Promise.all([
      import('./isolated.js'),
      import('./process/connection.js'),
      import('./process/process-adapter.js'),
      import('./process/run-once.js'),
      import('./process/uas-verify-command.js'),
    ]);
    processModules = { isolated, connection, processAdapter, runOnce, uasVerifyCommand };
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
   * (`--in-process`: for debugging; a hang, an exit or a blocking loop then takes the pack down with it).
   * Unset: the environment decides (`UAIX_CONFORMANCE_IN_PROCESS=1`), else isolated.
   */
  inProcess?: boolean;
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
  if (adapterKindOf(spec) === 'http') {
    httpModule ??= await import('./http/http-adapter.js');
    options.onStarted?.(); // its start is the service's answer to describe: the caller loads meanwhile
    return httpModule.createHttpAdapter(spec, {
      ...timeout,
      ...options.http,
      userAgent: `${TOOL.name}/${TOOL.version}`,
    });
  }
  if (
    !spec.startsWith(COMMAND_PREFIX) &&
    !spec.startsWith(UAS_VERIFY_PREFIX) &&
    (options.inProcess ?? inProcessByEnvironment())
  ) {
    options.onStarted?.();
    return spec === 'reference' ? lazyReference(options.spec ?? bundledSpec()) : loadAdapterModule(spec, options.cwd);
  }
  const { isolated, processAdapter, uasVerifyCommand } = await loadProcessModules();
  if (spec.startsWith(COMMAND_PREFIX))
    return processAdapter.createProcessAdapter(spec.slice(COMMAND_PREFIX.length), { ...timeout, ...where, ...spawned });
  if (spec.startsWith(UAS_VERIFY_PREFIX)) {
    options.onStarted?.(); // it starts its command per case
    return uasVerifyCommand.createUasVerifyCommandAdapter(spec.slice(UAS_VERIFY_PREFIX.length), {
      ...timeout,
      ...where,
    });
  }
  return isolated.createIsolatedAdapter(spec, {
    ...timeout,
    ...where,
    ...spawned,
    ...(options.spec !== undefined ? { spec: options.spec } : {}),
    ...(options.maxHeapMb !== undefined ? { maxHeapMb: options.maxHeapMb } : {}),
  });
}

/** The environment variable that makes in-process loading the default, as `--in-process` does for one run. */
export const IN_PROCESS_ENV = 'UAIX_CONFORMANCE_IN_PROCESS';

/** True when `UAIX_CONFORMANCE_IN_PROCESS=1`: module adapters load in process unless a caller says otherwise. */
function inProcessByEnvironment(): boolean {
  return process.env[IN_PROCESS_ENV] === '1';
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

/** Ends an out-of-process adapter's processes and waits until they are gone; no-op for in-process adapters. */
export async function closeAdapter(adapter: Adapter): Promise<void> {
  await (processModules?.processAdapter.processControl(adapter) ?? httpModule?.httpControl(adapter))?.close();
}

/** A live service's network figures so far (report.json's `network`); undefined for any other adapter. */
export function networkOf(adapter: Adapter): NetworkRecord | undefined {
  return httpModule?.networkRecord(adapter);
}
