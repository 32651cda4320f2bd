import { createInterface } from 'node:readline';
import type { Adapter } from '../../contract/adapter.js';
import { describeThrown } from '../../engine/harness.js';
import { APPLICATION_ERROR_CODE, decodeParams, INTERNAL_ERROR_CODE, LOAD_FAILED_CODE, PROTOCOL } from './protocol.js';

type Fn = (...a: unknown[]) => unknown;

/** The contract members an in-process adapter implements, as protocol method names. */
export function listMethods(adapter: Adapter): string[] {
  const out: string[] = [];
  for (const [name, value] of Object.entries(adapter)) {
    if (name === 'describe') continue;
    if (typeof value === 'function') out.push(name);
    else if (value !== null && typeof value === 'object') {
      for (const [inner, fn] of Object.entries(value)) if (typeof fn === 'function') out.push(`${name}.${inner}`);
      // Members defined on a class prototype (a policy object built with `class`), never Object's own.
      const proto = Object.getPrototypeOf(value) as object | null;
      if (proto === null || proto === Object.prototype) continue;
      for (const inner of Object.getOwnPropertyNames(proto)) {
        if (
          inner !== 'constructor' &&
          typeof (value as Record<string, unknown>)[inner] === 'function' &&
          !out.includes(`${name}.${inner}`)
        )
          out.push(`${name}.${inner}`);
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
 * The requests the pack's own server says it accepts at once (`inFlight` of its describe answer)
 * when the adapter module says nothing: it queues them and calls the module one request at a time,
 * as an in-process run does, so the module never sees two calls at once.
 */
export const SERVE_IN_FLIGHT = 16;

/** The `inFlight` a module's own describe() declares: a whole number of at least 1, else undefined. */
function declaredInFlight(info: unknown): number | undefined {
  const n = info !== null && typeof info === 'object' ? (info as { inFlight?: unknown }).inFlight : undefined;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 ? n : undefined;
}

/**
 * Serves an in-process adapter over the `uaix-adapter/1` protocol on `input`/`output` (stdin and
 * stdout by default): how a JavaScript implementation runs out of process, and how the bench wraps
 * the reference. A synchronous answer is written at once (no promise hop: the round trip is the
 * cost the bench measures). The module is called one request at a time, requests that arrive
 * during an asynchronous one waiting in order, unless its describe() declares `inFlight` itself:
 * then its calls overlap as requests arrive. Resolves when `input` ends and every answer was written.
 */
export function serveAdapter(
  adapter: Adapter,
  input: NodeJS.ReadableStream = process.stdin,
  output: NodeJS.WritableStream = process.stdout,
): Promise<void> {
  const methods = listMethods(adapter);
  const send = (msg: object) => output.write(`${JSON.stringify(msg)}\n`);
  const inflight = new Set<Promise<unknown>>();
  /** Calls overlap only when the module said so (its describe answer declared `inFlight`). */
  let overlap = false;
  /** Requests that arrived while an asynchronous call ran, when calls do not overlap. */
  const waiting: string[] = [];
  let busy = false;
  const answer = (id: number, isDescribe: boolean, result: unknown) => {
    let line: string;
    try {
      let body = result ?? null;
      if (isDescribe) {
        const own = declaredInFlight(result);
        overlap = own !== undefined;
        body = { inFlight: own ?? SERVE_IN_FLIGHT, ...(result as object), protocol: PROTOCOL, methods };
      }
      line = JSON.stringify({ jsonrpc: '2.0', id, result: body });
    } catch (e) {
      // A throwing getter, a Proxy trap, a bigint: the answer has no JSON form. Said as a fault, never as a refusal.
      send({
        jsonrpc: '2.0',
        id,
        error: { code: INTERNAL_ERROR_CODE, message: `the answer cannot be serialized: ${describeThrown(e)}` },
      });
      return;
    }
    output.write(`${line}\n`);
  };
  const refuse = (id: number, e: unknown) =>
    send({
      jsonrpc: '2.0',
      id,
      error: { code: APPLICATION_ERROR_CODE, message: describeThrown(e), data: { thrown: 'error' } },
    });
  const onLine = (line: string) => {
    if (busy) waiting.push(line);
    else handle(line);
  };
  /** Handles the requests that waited for an asynchronous call, until one is asynchronous again. */
  const drain = () => {
    busy = false;
    while (!busy && waiting.length > 0) handle(waiting.shift()!);
  };
  const handle = (line: string) => {
    if (line.trim() === '') return;
    let req: { id?: unknown; method?: unknown; params?: unknown };
    try {
      req = JSON.parse(line);
    } catch {
      send({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } });
      return;
    }
    const id = typeof req.id === 'number' ? req.id : null;
    if (id === null || typeof req.method !== 'string' || !Array.isArray(req.params)) {
      send({ jsonrpc: '2.0', id, error: { code: -32600, message: 'invalid request' } });
      return;
    }
    const target = resolve(adapter, methods, req.method);
    if (!target) {
      send({ jsonrpc: '2.0', id, error: { code: -32601, message: `no method ${req.method}` } });
      return;
    }
    const isDescribe = req.method === 'describe';
    let result: unknown;
    try {
      result = target.fn.apply(target.self, decodeParams(req.params));
    } catch (e) {
      refuse(id, e);
      return;
    }
    let then: unknown;
    try {
      then =
        result !== null && (typeof result === 'object' || typeof result === 'function')
          ? (result as { then?: unknown }).then
          : undefined;
    } catch (e) {
      refuse(id, e); // a throwing `then` getter is the implementation failing on this input
      return;
    }
    if (typeof then !== 'function') {
      answer(id, isDescribe, result);
      return;
    }
    const work: Promise<unknown> = Promise.resolve(result).then(
      (r) => answer(id, isDescribe, r),
      (e: unknown) => refuse(id, e),
    );
    inflight.add(work);
    if (!overlap) busy = true;
    void work.finally(() => {
      inflight.delete(work);
      if (!overlap) drain();
    });
  };
  const lines = createInterface({ input, crlfDelay: Infinity });
  lines.on('line', onLine);
  return new Promise((done) => lines.once('close', () => void settled().then(() => done())));
  /** Resolves once every call, those still waiting included, was answered. */
  async function settled(): Promise<void> {
    while (inflight.size > 0) await Promise.all(inflight);
  }
}

/**
 * Serves a module that could not be loaded: every request, `describe` first, is answered with the
 * load error (code `LOAD_FAILED_CODE`), which the pack shows as the usage error it is.
 */
export function serveLoadFailure(
  message: string,
  input: NodeJS.ReadableStream = process.stdin,
  output: NodeJS.WritableStream = process.stdout,
): Promise<void> {
  const lines = createInterface({ input, crlfDelay: Infinity });
  lines.on('line', (line) => {
    let id: unknown = null;
    try {
      id = (JSON.parse(line) as { id?: unknown }).id ?? null;
    } catch {
      /* answered with id null */
    }
    output.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: typeof id === 'number' ? id : null, error: { code: LOAD_FAILED_CODE, message } })}\n`,
    );
  });
  return new Promise((done) => lines.once('close', () => done()));
}
