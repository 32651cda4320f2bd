import type { Adapter, AdapterInfo } from '../../contract/adapter.js';
import { UsageError } from '../../contract/errors.js';
import { CALL_BOUND, CROSSES_PROCESS, IN_FLIGHT } from '../../engine/harness.js';
import { splitCommand } from './command-line.js';
import { ProcessTransport, type DescribeResult, type TransportOptions } from './transport.js';

/** The lifecycle handle a process-backed adapter carries, under a symbol so it never looks like a contract member. */
export const PROCESS_CONTROL: unique symbol = Symbol.for('uaix-conformance.process-control');

export interface ProcessControl {
  /** Kills the process(es) at once; later calls fault. Safe to call from a signal handler. */
  abort(): void;
  /** Ends the process(es) politely and waits until they are gone. */
  close(): Promise<void>;
}

export type ProcessAdapter = Adapter & { [PROCESS_CONTROL]: ProcessControl };

/** The adapter a command runs as: the handshake's info, and one function per method it lists. */
export interface ProcessAdapterOptions extends Omit<TransportOptions, 'argv'> {
  /**
   * The timeout the harness applies to each call (the runner's `timeoutMs`). The transport's own
   * deadline is a little shorter, so that its fault (with the stderr tail and the killed process)
   * is the one reported rather than the harness's bare "timed out".
   */
  timeoutMs?: number;
}

// `then` would make the adapter a thenable: awaiting it would call the process, never settle, and hang the start.
const RESERVED = new Set(['describe', '__proto__', 'prototype', 'constructor', 'then']);

/**
 * The transport deadline for a harness timeout: a quarter shorter, by at most one second, so that the
 * transport's fault (with its evidence, and the kill) wins the race even when a loaded machine
 * delays timers by a few hundred milliseconds.
 */
export function transportDeadline(harnessTimeoutMs: number): number {
  return Math.max(1, harnessTimeoutMs - Math.min(1000, Math.floor(harnessTimeoutMs / 4)));
}

/**
 * Starts `command` (a command line, split without a shell, or argv words) and returns it as an
 * in-process `Adapter`: `describe()` answers the handshake's info, and every method the process
 * listed becomes a member (dotted names become nested members: `recovery.start`). A JSON-RPC
 * error answer is a thrown error; a broken process is an `AdapterFault` with evidence.
 */
export async function createProcessAdapter(
  command: string | readonly string[],
  options: ProcessAdapterOptions = {},
): Promise<ProcessAdapter> {
  let argv: readonly string[];
  try {
    argv = typeof command === 'string' ? splitCommand(command) : command;
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  if (argv.length === 0) throw new UsageError('the adapter command is empty');
  const harnessTimeout = options.timeoutMs ?? 10_000;
  const transport = new ProcessTransport({ ...options, argv, timeoutMs: transportDeadline(harnessTimeout) });
  const described = await transport.start();
  const adapter = buildAdapter(described, (method, args) => transport.call(method, args), {
    abort: () => transport.abort(),
    close: () => transport.close(),
  });
  // A call may restart the process first: the harness waits for the transport's own deadlines.
  Object.defineProperty(adapter, CALL_BOUND, { value: transport.startBoundMs + harnessTimeout, enumerable: false });
  return adapter;
}

/** Builds the Adapter object from a describe result and a call function. */
export function buildAdapter(
  described: DescribeResult,
  call: (method: string, args: unknown[]) => Promise<unknown>,
  control: ProcessControl,
): ProcessAdapter {
  const info: AdapterInfo = {
    name: described.name,
    version: described.version,
    ...(described.capabilityLevel !== undefined
      ? { capabilityLevel: described.capabilityLevel as AdapterInfo['capabilityLevel'] }
      : {}),
    ...(described.instances !== undefined ? { instances: described.instances as AdapterInfo['instances'] } : {}),
  };
  const adapter: Record<string, unknown> = { describe: () => ({ ...info }) };
  methods: for (const method of described.methods) {
    const parts = method.split('.');
    if (parts.some((p) => RESERVED.has(p))) continue;
    let holder = adapter;
    for (const p of parts.slice(0, -1)) {
      if (!Object.hasOwn(holder, p)) holder[p] = {};
      const next = holder[p];
      // `a` and `a.b` both listed: `a` is a method, so `a.b` has nowhere to live.
      if (typeof next !== 'object' || next === null) continue methods;
      holder = next as Record<string, unknown>;
    }
    const last = parts[parts.length - 1]!;
    if (Object.hasOwn(holder, last)) continue;
    holder[last] = (...args: unknown[]) => call(method, args);
  }
  Object.defineProperty(adapter, PROCESS_CONTROL, { value: control, enumerable: false });
  // Arguments go out as JSON and answers come back decoded: the harness needs no copy of its own.
  Object.defineProperty(adapter, CROSSES_PROCESS, { value: true, enumerable: false });
  // How many requests it takes at once (the describe schema holds it to a whole number from 1).
  Object.defineProperty(adapter, IN_FLIGHT, {
    value: typeof described.inFlight === 'number' ? described.inFlight : 1,
    enumerable: false,
  });
  return adapter as unknown as ProcessAdapter;
}

/** The lifecycle handle of an adapter, when it runs out of process. */
export function processControl(adapter: Adapter): ProcessControl | undefined {
  return (adapter as Partial<ProcessAdapter>)[PROCESS_CONTROL];
}
