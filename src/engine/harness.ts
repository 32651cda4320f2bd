import { getMaxListeners, setMaxListeners } from 'node:events';
import { AdapterFault, type Harness, type InvokeOptions } from './check.js';
import { shapeProblem, type AnswerShape } from '../contract/shapes.js';
import { guardPrototypes } from './prototype-guard.js';
import { InterruptedError, TimeoutError, withTimeout } from './timeout.js';
import type { Adapter, AdapterInfo } from '../contract/adapter.js';
import type { SpecData } from '../spec/index.js';
import { UsageError } from '../contract/errors.js';

/** The validators' clock when a run names none. */
export const DEFAULT_NOW = '2026-06-01T00:00:00Z';
/** The per-call timeout when a run names none. */
export const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * Set (a number of ms) on an adapter that enforces deadlines of its own, as the process transport
 * does: the longest one call can take, a restart of the process included. The harness then times a
 * call by that bound, so that the transport's fault (with its evidence) is the one reported and a
 * slow restart is not mistaken for the call hanging.
 */
export const CALL_BOUND: unique symbol = Symbol.for('uaix-conformance.call-bound') as never;

/**
 * Set (`true`, non-enumerable, so that a spread copy of the adapter loses it) on an adapter whose
 * calls cross a process boundary, as the process transport's do: its arguments are serialized and
 * its answers decoded from JSON, so each side already has its own plain copy, and its code runs in
 * another process, where it cannot patch this one's built-ins. The harness then makes no copy of
 * its own and runs no prototype guard for it: a case is copied once (by the transport), not three
 * times.
 */
export const CROSSES_PROCESS: unique symbol = Symbol.for('uaix-conformance.crosses-process') as never;

/**
 * Set (a whole number, non-enumerable) on an adapter whose calls cross a process boundary and that
 * accepts that many requests at once: `inFlight` of an adapter process's describe answer.
 */
export const IN_FLIGHT: unique symbol = Symbol.for('uaix-conformance.in-flight') as never;

/** The most requests the pack keeps in flight on one adapter, whatever its `inFlight` says. */
export const MAX_PIPELINE = 32;

/** The requests a run may keep in flight on `adapter`: 1 unless it crosses a process and declared more. */
function pipelineWindow(adapter: Adapter): number {
  if (!crossesProcess(adapter)) return 1;
  const n = (adapter as { [IN_FLIGHT]?: unknown })[IN_FLIGHT];
  return typeof n === 'number' && Number.isInteger(n) && n > 1 ? Math.min(n, MAX_PIPELINE) : 1;
}

/** The pipelines of the harnesses that have one (`pipelineOf`). */
const PIPELINES = new WeakMap<Harness, { window: number; harness: () => Harness }>();

/**
 * How a run may pipeline calls through `h`: the number of cases it may keep in flight, and a
 * harness for them whose deadline allows a call to wait behind the others. Undefined when the
 * adapter takes one request at a time.
 */
export function pipelineOf(h: Harness): { window: number; harness: Harness } | undefined {
  const p = PIPELINES.get(h);
  return p === undefined ? undefined : { window: p.window, harness: p.harness() };
}

/** True when `adapter` says its calls cross a process boundary (`CROSSES_PROCESS`). */
function crossesProcess(adapter: Adapter): boolean {
  return (adapter as { [CROSSES_PROCESS]?: unknown })[CROSSES_PROCESS] === true;
}

/** The harness's deadline for one call of `adapter`. */
function callDeadline(adapter: Adapter, timeoutMs: number): number {
  const own = (adapter as { [CALL_BOUND]?: unknown })[CALL_BOUND];
  return typeof own === 'number' && own > timeoutMs ? own : timeoutMs;
}

type Shape = AnswerShape | ((v: unknown) => string | null);

/** Runs `read`, or gives `fallback` when it throws (a hostile getter, toString or Proxy trap). */
function guardedRead<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

/** A thrown value that is not an Error, in words: never throws, whatever its toJSON, toString or Symbol.toPrimitive do. */
function describeNonError(e: unknown): string {
  if (typeof e === 'symbol') return `threw a symbol: ${guardedRead(() => e.toString(), 'Symbol()').slice(0, 500)}`;
  if (typeof e === 'function')
    return `threw a function: ${guardedRead(() => String((e as { name?: unknown }).name || 'anonymous'), 'anonymous').slice(0, 200)}`;
  if (e === undefined) return 'threw a non-error value: undefined';
  const json = guardedRead(() => JSON.stringify(e) as string | undefined, undefined);
  if (typeof json === 'string') return `threw a non-error value: ${json.slice(0, 500)}`;
  const text = guardedRead(() => String(e), undefined as string | undefined);
  return text !== undefined
    ? `threw a non-error value: ${text.slice(0, 500)}`
    : 'threw a value that cannot be shown (its toJSON and toString throw)';
}

/** One line of an error, whatever was thrown. Never throws. */
export function describeThrown(e: unknown): string {
  const isError = guardedRead(() => e instanceof Error, false);
  if (!isError) return describeNonError(e);
  const err = e as Error;
  const name = guardedRead(() => (typeof err.name === 'string' ? err.name : 'Error'), 'Error');
  const message = guardedRead(
    () => (typeof err.message === 'string' ? err.message : String(err.message)),
    '(its message cannot be read)',
  );
  return `${name === 'Error' ? '' : `${name}: `}${message}`.slice(0, 2000);
}

function resolveMember(adapter: Adapter, method: string): { fn: (...a: unknown[]) => unknown; self: unknown } {
  const parts = method.split('.');
  let self: unknown = adapter;
  let value: unknown = adapter;
  for (const p of parts) {
    self = value;
    value = value == null ? undefined : (value as Record<string, unknown>)[p];
  }
  if (typeof value !== 'function') throw new AdapterFault(`adapter has no method ${method}`);
  return { fn: value as (...a: unknown[]) => unknown, self };
}

/**
 * The answer as plain data, read once: what crosses a process boundary, and what the judges may
 * read without meeting a throwing getter or Proxy trap of the implementation. An answer that
 * cannot be read is the implementation's fault.
 */
function snapshotAnswer(method: string, value: unknown, json: boolean): unknown {
  // As JSON text carries them: -0 is 0, a non-finite number null.
  if (json && typeof value === 'number') return Number.isFinite(value) ? value + 0 : null;
  if (value === null || typeof value !== 'object') return value;
  try {
    return json ? JSON.parse(JSON.stringify(value)) : structuredClone(value);
  } catch (e) {
    throw new AdapterFault(`${method} answered with a value that cannot be read: ${describeThrown(e)}`);
  }
}

/** The arguments as the adapter gets them in process: its own copies (see `InvokeOptions.json`). */
function ownArguments(args: unknown[], json: boolean): unknown[] {
  if (json) return JSON.parse(JSON.stringify(args)) as unknown[];
  return args.map((a) => {
    try {
      return structuredClone(a);
    } catch {
      return a;
    }
  });
}

/** Builds the harness through which checks reach an in-process adapter. */
export function createHarness(adapter: Adapter, info: AdapterInfo, options: HarnessOptions): Harness {
  // A call that waits behind others in flight may take their deadlines too, the transport's own
  // clock (one request at a time) being what finds a hang.
  const deadline = callDeadline(adapter, options.timeoutMs) + Math.max(0, (options.queue ?? 1) - 1) * options.timeoutMs;
  // Each call in flight listens for the run's stop: a window of them is no listener leak.
  if (options.queue !== undefined && options.signal !== undefined)
    setMaxListeners(Math.max(getMaxListeners(options.signal), options.queue + 10), options.signal);
  const remote = crossesProcess(adapter);
  const guard = remote ? undefined : guardPrototypes();
  async function call(method: string, args: unknown[], json = false): Promise<unknown> {
    if (options.signal?.aborted) throw new AdapterFault(`${method}: the run was interrupted`); // never start a call (or a process) after a stop
    const { fn, self } = resolveMember(adapter, method);
    // The adapter gets its own copy, as it would across a process boundary: an implementation that
    // edits its input must not change the case the report shows. Across one, the transport made it.
    const own = remote ? args : ownArguments(args, json);
    // A synchronous throw and an async rejection are the same thing to the pack.
    let value: unknown;
    let patched: string[];
    try {
      value = await withTimeout(
        Promise.resolve().then(() => fn.apply(self, own)),
        deadline,
        options.signal,
      );
    } catch (e) {
      if (e instanceof InterruptedError) throw new AdapterFault(`${method}: the run was interrupted`);
      throw e;
    } finally {
      patched = guard?.restore() ?? [];
    }
    if (patched.length)
      throw new AdapterFault(
        `${method} changed built-ins the pack relies on (${patched.slice(0, 5).join(', ')}); they were restored`,
      );
    return remote ? value : snapshotAnswer(method, value, json);
  }
  const harness: Harness = {
    info,
    now: options.now,
    spec: options.spec,
    async invoke<T>(method: string, args: unknown[], shape?: Shape, invokeOptions?: InvokeOptions): Promise<T> {
      let value: unknown;
      try {
        value = await call(method, args, invokeOptions?.json === true);
      } catch (e) {
        if (e instanceof AdapterFault) throw e;
        throw new AdapterFault(`${method} ${e instanceof TimeoutError ? 'timed out' : 'threw'}: ${describeThrown(e)}`);
      }
      if (shape !== undefined) {
        const problem = typeof shape === 'string' ? shapeProblem(shape, value) : shape(value);
        if (problem) throw new AdapterFault(`${method} answered with a wrong shape: expected a ${problem}`, value);
      }
      return value as T;
    },
    async invokeOrReject<T>(method: string, args: unknown[]) {
      try {
        return { rejected: false as const, value: (await call(method, args)) as T };
      } catch (e) {
        if (e instanceof AdapterFault) throw e;
        if (e instanceof TimeoutError) throw new AdapterFault(`${method} timed out: ${e.message}`);
        return { rejected: true as const, message: describeThrown(e) };
      }
    },
  };
  const window = options.queue === undefined ? pipelineWindow(adapter) : 1;
  if (window > 1) {
    let queued: Harness | undefined;
    PIPELINES.set(harness, {
      window,
      harness: () => (queued ??= createHarness(adapter, info, { ...options, queue: window })),
    });
  }
  return harness;
}

/** Options of `createHarness`. */
export interface HarnessOptions {
  timeoutMs: number;
  now: string;
  spec: SpecData;
  signal?: AbortSignal;
  /** The calls in flight at once through this harness (default 1): each call's deadline allows for waiting behind the others. */
  queue?: number;
}

/** Calls `describe()` with a timeout and checks its shape; an adapter that cannot describe itself is unusable. */
export async function describeAdapter(
  adapter: Adapter,
  timeoutMs = DEFAULT_TIMEOUT_MS,
  signal?: AbortSignal,
): Promise<AdapterInfo> {
  if (adapter == null || typeof adapter.describe !== 'function')
    throw new UsageError('the adapter has no describe() method');
  let info: unknown;
  try {
    info = await withTimeout(
      Promise.resolve().then(() => adapter.describe()),
      timeoutMs,
      signal,
    );
  } catch (e) {
    throw new UsageError(`the adapter's describe() failed: ${describeThrown(e)}`);
  }
  const problem = shapeProblem('adapter-info', info);
  if (problem) throw new UsageError(`the adapter's describe() answered with a wrong shape: expected a ${problem}`);
  return info as AdapterInfo;
}
