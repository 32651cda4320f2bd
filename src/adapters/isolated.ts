import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { builtModule } from '../io/package.js';
import { bundledSpec, type SpecData } from '../spec/index.js';
import type { Budgets } from '../contract/budgets.js';
import { resolveAdapterFile } from './module.js';
import { createProcessAdapter, processControl, type ProcessAdapter } from './process/process-adapter.js';

/** The heap limit of an isolated adapter's process (MiB): runaway allocation ends that process, never the pack. */
export const DEFAULT_ISOLATE_HEAP_MB = 2048;

/** The least time a start (and each restart) of an isolated adapter's process is given. */
export const ISOLATE_START_MS = 30_000;

export interface IsolateOptions {
  /** The run's per-call timeout. */
  timeoutMs?: number;
  /** The run's spec data: what `reference` is built with. */
  spec?: SpecData;
  /** The folder module paths are relative to and the process runs in. */
  cwd?: string;
  /** The process's V8 heap limit in MiB (default `DEFAULT_ISOLATE_HEAP_MB`). */
  maxHeapMb?: number;
  /** Restarts allowed after the first start (the process transport's default). */
  maxRestarts?: number;
  /** Called once the process has been started, before it answers `describe` (see `TransportOptions.onSpawned`). */
  onSpawned?: () => void;
  /** What one answer may hold (D-REL-02). */
  budgets?: Budgets;
}

/**
 * The server that hosts the adapter: `serve-main` of the build (`builtModule`). From sources that
 * have no build (tsx), the TypeScript file, started with tsx's loader resolved from here (never from
 * the user's folder, which may not have it).
 */
function serverCommand(): string[] {
  const built = builtModule(import.meta.url, './process/serve-main');
  if (built !== undefined) return [built];
  const tsxDir = dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  return [
    '--import',
    pathToFileURL(join(tsxDir, 'dist', 'loader.mjs')).href,
    fileURLToPath(new URL('./process/serve-main.ts', import.meta.url)),
  ];
}

/**
 * Runs a JavaScript or TypeScript adapter module, or `reference`, in a child process of its own
 * that speaks `uaix-adapter/1` (`serve-main`), so that whatever it does (hang, block the event loop,
 * exit, crash, allocate without bound, patch prototypes) is a fault of the check at hand and never
 * the pack's: the process transport kills it, restarts it within its limit, and the run goes on.
 * A module that cannot be loaded is the same usage error as in process.
 */
export async function createIsolatedAdapter(target: string, options: IsolateOptions = {}): Promise<ProcessAdapter> {
  const cwd = options.cwd ?? process.cwd();
  if (target !== 'reference') resolveAdapterFile(target, cwd); // a missing file is a usage error before anything starts
  const spec = options.spec ?? bundledSpec();
  let specDir: string | undefined;
  const args = [`--max-old-space-size=${options.maxHeapMb ?? DEFAULT_ISOLATE_HEAP_MB}`, ...serverCommand()];
  if (target === 'reference' && spec !== bundledSpec()) {
    // The run's spec data (a --spec-dir with overrides) goes to the process as a file: the reference it builds judges alike.
    specDir = mkdtempSync(join(tmpdir(), 'uaix-isolate-spec-'));
    const file = join(specDir, 'spec.json');
    writeFileSync(file, JSON.stringify(spec));
    args.push('--spec-file', file);
  }
  args.push(target);
  const removeSpec = () => {
    if (specDir !== undefined) rmSync(specDir, { recursive: true, force: true });
    specDir = undefined;
  };
  if (specDir !== undefined) process.once('exit', removeSpec);
  try {
    const adapter = await createProcessAdapter([process.execPath, ...args], {
      cwd,
      label: `isolated ${target}`,
      // Node and a TypeScript module can take many seconds to load on a loaded machine: not the adapter's fault.
      startTimeoutMs: Math.max(options.timeoutMs ?? 0, ISOLATE_START_MS),
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
      ...(options.maxRestarts !== undefined ? { maxRestarts: options.maxRestarts } : {}),
      ...(options.onSpawned !== undefined ? { onSpawned: options.onSpawned } : {}),
      ...(options.budgets !== undefined ? { budgets: options.budgets } : {}),
    });
    return withCleanup(adapter, () => {
      removeSpec();
      process.off('exit', removeSpec);
    });
  } catch (e) {
    removeSpec();
    process.off('exit', removeSpec);
    throw e;
  }
}

/** The adapter, with `cleanup` run once its processes are closed. */
function withCleanup(adapter: ProcessAdapter, cleanup: () => void): ProcessAdapter {
  const control = processControl(adapter)!;
  const close = control.close.bind(control);
  control.close = async () => {
    await close();
    cleanup();
  };
  return adapter;
}
