import { UsageError } from '../../contract/errors.js';
import type { Adapter } from '../../contract/adapter.js';
import { createProcessAdapter, processControl } from './process-adapter.js';
import { createUasVerifyCommandAdapter } from './uas-verify-command.js';

export { createProcessAdapter, processControl, PROCESS_CONTROL, type ProcessAdapter, type ProcessControl } from './process-adapter.js';
export { createUasVerifyCommandAdapter, verdictOfRun } from './uas-verify-command.js';
export { serveAdapter, listMethods } from './serve.js';
export { PROTOCOL } from './protocol.js';

/**
 * Adapter specs that name a command rather than a module. A module path never starts with one of
 * these prefixes (write `./cmd:x` for a file really called `cmd:x`), so the two forms cannot be
 * confused; `--adapter-cmd` and `--uas-verify-cmd` are the same specs without the prefix.
 */
export const COMMAND_PREFIX = 'cmd:';
export const UAS_VERIFY_PREFIX = 'uas-verify-cmd:';

/** The one adapter spec named by `--adapter`, `--adapter-cmd` or `--uas-verify-cmd` (exactly one of them). */
export function adapterSpecOf(values: { adapter?: string | undefined; 'adapter-cmd'?: string | undefined; 'uas-verify-cmd'?: string | undefined }): string | undefined {
  const given = [
    values.adapter !== undefined ? values.adapter : undefined,
    values['adapter-cmd'] !== undefined ? COMMAND_PREFIX + values['adapter-cmd'] : undefined,
    values['uas-verify-cmd'] !== undefined ? UAS_VERIFY_PREFIX + values['uas-verify-cmd'] : undefined,
  ].filter((s): s is string => s !== undefined);
  if (given.length > 1) throw new UsageError('give one of --adapter, --adapter-cmd and --uas-verify-cmd');
  return given[0];
}

/**
 * Starts the adapter a `cmd:` or `uas-verify-cmd:` spec names; undefined for any other spec (a
 * module path). `timeoutMs` is the run's per-call timeout.
 */
export async function loadProcessAdapter(spec: string, options: { timeoutMs?: number } = {}): Promise<Adapter | undefined> {
  if (spec.startsWith(COMMAND_PREFIX)) return createProcessAdapter(spec.slice(COMMAND_PREFIX.length), options);
  if (spec.startsWith(UAS_VERIFY_PREFIX)) return createUasVerifyCommandAdapter(spec.slice(UAS_VERIFY_PREFIX.length), options);
  return undefined;
}

/** Adds a hint to a failed module load when the spec looks like a command line. */
export function withCommandHint(spec: string): (e: unknown) => never {
  return (e) => {
    if (e instanceof UsageError && /\s/.test(spec.trim())) throw new UsageError(`${e.message} (to run a command, use --adapter-cmd "${spec}" or --adapter "cmd:${spec}")`);
    throw e;
  };
}

/** Kills an out-of-process adapter's processes at once (signal handlers); no-op for in-process adapters. */
export function abortAdapter(adapter: Adapter): void {
  processControl(adapter)?.abort();
}

/** Ends an out-of-process adapter's processes and waits until they are gone; no-op for in-process adapters. */
export async function closeAdapter(adapter: Adapter): Promise<void> {
  await processControl(adapter)?.close();
}
