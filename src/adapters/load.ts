import type { Adapter } from '../contract/adapter.js';
import { bundledSpec, type SpecData } from '../spec/index.js';
import { loadAdapterModule } from './module.js';
import { createProcessAdapter, processControl } from './process/process-adapter.js';
import { createUasVerifyCommandAdapter } from './process/uas-verify-command.js';
import { referenceFor } from './reference.js';

/**
 * Adapter specs that name a command rather than a module. A module path never starts with one of
 * these prefixes (write `./cmd:x` for a file really called `cmd:x`), so the two forms cannot be
 * confused.
 */
export const COMMAND_PREFIX = 'cmd:';
export const UAS_VERIFY_PREFIX = 'uas-verify-cmd:';

export interface LoadOptions {
  /** The run's per-call timeout (an adapter process's own deadlines are set a little under it). */
  timeoutMs?: number;
  /** The spec data of the run: what `reference` is built with (default: the bundled spec). */
  spec?: SpecData;
  /** The folder module paths are relative to and commands run in (default: the current directory). */
  cwd?: string;
}

/**
 * Loads the adapter a spec names: `reference`, a command (`cmd:<command line>` starts an adapter
 * process speaking `uaix-adapter/1`; `uas-verify-cmd:<template>` runs a command-line UAS verifier
 * per case), or a module file or folder. Every loading problem is a `UsageError`.
 */
export async function loadAdapter(spec: string, options: LoadOptions = {}): Promise<Adapter> {
  if (spec === 'reference') return referenceFor(options.spec ?? bundledSpec());
  const where = options.cwd !== undefined ? { cwd: options.cwd } : {};
  const timeout = options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {};
  if (spec.startsWith(COMMAND_PREFIX)) return createProcessAdapter(spec.slice(COMMAND_PREFIX.length), { ...timeout, ...where });
  if (spec.startsWith(UAS_VERIFY_PREFIX)) return createUasVerifyCommandAdapter(spec.slice(UAS_VERIFY_PREFIX.length), { ...timeout, ...where });
  return loadAdapterModule(spec, options.cwd);
}

/** Kills an out-of-process adapter's processes at once (signal handlers); no-op for in-process adapters. */
export function abortAdapter(adapter: Adapter): void {
  processControl(adapter)?.abort();
}

/** Ends an out-of-process adapter's processes and waits until they are gone; no-op for in-process adapters. */
export async function closeAdapter(adapter: Adapter): Promise<void> {
  await processControl(adapter)?.close();
}
