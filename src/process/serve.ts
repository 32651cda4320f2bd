import { createInterface } from 'node:readline';
import type { Adapter } from '../core/types.js';
import { APPLICATION_ERROR_CODE, decodeParams, PROTOCOL } from './protocol.js';

type Fn = (...a: unknown[]) => unknown;

/** The contract members an in-process adapter implements, as protocol method names. */
export function listMethods(adapter: Adapter): string[] {
  const out: string[] = [];
  for (const [name, value] of Object.entries(adapter)) {
    if (name === 'describe') continue;
    if (typeof value === 'function') out.push(name);
    else if (value !== null && typeof value === 'object') {
      for (const [inner, fn] of Object.entries(value)) if (typeof fn === 'function') out.push(`${name}.${inner}`);
      // Members defined on a class prototype (a policy object built with `class`).
      for (const inner of Object.getOwnPropertyNames(Object.getPrototypeOf(value) ?? {})) {
        if (inner !== 'constructor' && typeof (value as Record<string, unknown>)[inner] === 'function' && !out.includes(`${name}.${inner}`)) out.push(`${name}.${inner}`);
      }
    }
  }
  return out;
}

function resolve(adapter: Adapter, methods: readonly string[], method: string): { fn: Fn; self: unknown } | undefined {
  if (method !== 'describe' && !methods.includes(method)) return undefined;
  let self: unknown = adapter;
  let value: unknown = adapter;
  for (const p of method.split('.')) {
    self = value;
    value = (value as Record<string, unknown>)[p];
  }
  return typeof value === 'function' ? { fn: value as Fn, self } : undefined;
}

/**
 * Serves an in-process adapter over the `uaix-adapter/1` protocol on `input`/`output` (stdin and
 * stdout by default): how a JavaScript implementation runs out of process, and how the bench wraps
 * the reference. Requests are answered as they complete. Resolves when `input` ends.
 */
export async function serveAdapter(adapter: Adapter, input: NodeJS.ReadableStream = process.stdin, output: NodeJS.WritableStream = process.stdout): Promise<void> {
  const methods = listMethods(adapter);
  const send = (msg: object) => output.write(`${JSON.stringify(msg)}\n`);
  const inflight = new Set<Promise<unknown>>();
  const lines = createInterface({ input, crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    let req: { id?: unknown; method?: unknown; params?: unknown };
    try {
      req = JSON.parse(line);
    } catch {
      send({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } });
      continue;
    }
    const id = typeof req.id === 'number' ? req.id : null;
    if (id === null || typeof req.method !== 'string' || !Array.isArray(req.params)) {
      send({ jsonrpc: '2.0', id, error: { code: -32600, message: 'invalid request' } });
      continue;
    }
    const target = resolve(adapter, methods, req.method);
    if (!target) {
      send({ jsonrpc: '2.0', id, error: { code: -32601, message: `no method ${req.method}` } });
      continue;
    }
    const params = decodeParams(req.params);
    const isDescribe = req.method === 'describe';
    const work: Promise<unknown> = Promise.resolve()
      .then(() => target.fn.apply(target.self, params))
      .then(
        (result) => send({ jsonrpc: '2.0', id, result: isDescribe ? { ...(result as object), protocol: PROTOCOL, methods } : (result ?? null) }),
        (e: unknown) => send({ jsonrpc: '2.0', id, error: { code: APPLICATION_ERROR_CODE, message: e instanceof Error ? e.message : String(e) } }),
      )
      .finally(() => inflight.delete(work));
    inflight.add(work);
  }
  await Promise.all(inflight);
}
