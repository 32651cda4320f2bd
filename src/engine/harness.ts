import { AdapterFault, type Harness } from './check.js';
import { shapeProblem, type AnswerShape } from '../contract/shapes.js';
import { TimeoutError, withTimeout } from './timeout.js';
import type { Adapter, AdapterInfo } from '../contract/adapter.js';
import type { SpecData } from '../spec/index.js';
import { UsageError } from '../contract/errors.js';

/** The validators' clock when a run names none. */
export const DEFAULT_NOW = '2026-06-01T00:00:00Z';
/** The per-call timeout when a run names none. */
export const DEFAULT_TIMEOUT_MS = 10_000;

type Shape = AnswerShape | ((v: unknown) => string | null);

/** One line of an error, whatever was thrown. */
export function describeThrown(e: unknown): string {
  if (e instanceof Error) return `${e.name === 'Error' ? '' : `${e.name}: `}${e.message}`.slice(0, 2000);
  try {
    return `threw a non-error value: ${JSON.stringify(e)?.slice(0, 500)}`;
  } catch {
    return `threw a non-error value: ${String(e).slice(0, 500)}`;
  }
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

/** Builds the harness through which checks reach an in-process adapter. */
export function createHarness(adapter: Adapter, info: AdapterInfo, options: { timeoutMs: number; now: string; spec: SpecData }): Harness {
  async function call(method: string, args: unknown[]): Promise<unknown> {
    const { fn, self } = resolveMember(adapter, method);
    // The adapter gets its own copy, as it would across a process boundary: an implementation that
    // edits its input must not change the case the report shows.
    const own = args.map((a) => {
      try {
        return structuredClone(a);
      } catch {
        return a;
      }
    });
    // A synchronous throw and an async rejection are the same thing to the pack.
    return withTimeout(Promise.resolve().then(() => fn.apply(self, own)), options.timeoutMs);
  }
  return {
    info,
    now: options.now,
    spec: options.spec,
    async invoke<T>(method: string, args: unknown[], shape?: Shape): Promise<T> {
      let value: unknown;
      try {
        value = await call(method, args);
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
}

/** Calls `describe()` with a timeout and checks its shape; an adapter that cannot describe itself is unusable. */
export async function describeAdapter(adapter: Adapter, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<AdapterInfo> {
  if (adapter == null || typeof adapter.describe !== 'function') throw new UsageError('the adapter has no describe() method');
  let info: unknown;
  try {
    info = await withTimeout(Promise.resolve().then(() => adapter.describe()), timeoutMs);
  } catch (e) {
    throw new UsageError(`the adapter's describe() failed: ${describeThrown(e)}`);
  }
  const problem = shapeProblem('adapter-info', info);
  if (problem) throw new UsageError(`the adapter's describe() answered with a wrong shape: expected a ${problem}`);
  return info as AdapterInfo;
}
