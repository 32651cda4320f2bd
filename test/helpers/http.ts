import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { decodeParams, PROTOCOL } from '../../src/adapters/process/protocol.js';
import { listMethods } from '../../src/adapters/process/serve.js';
import { referenceAdapter } from '../../src/adapters/reference.js';
import type { Adapter } from '../../src/contract/adapter.js';

/**
 * Live services for the tests of the HTTP binding: real HTTP (or HTTPS) servers on the loopback
 * address, started by the test, answering as the test's handler says, and counting what came in.
 */

/** One request as the handler sees it: its JSON-RPC message (when the body is one), its headers and body. */
export interface Incoming {
  req: IncomingMessage;
  res: ServerResponse;
  body: string;
  msg: { id: number; method: string; params: unknown[] } | undefined;
  /** 1 for the first request the service got. */
  n: number;
}

export interface TestService {
  url: string;
  /** Requests received, connections opened, the most requests answered at once. */
  stats: { requests: number; connections: number; maxConcurrent: number; methods: string[]; startedAt: number[] };
  close(): Promise<void>;
}

/** Answers with the JSON text of `value`, status 200. */
export function sendJson(
  res: ServerResponse,
  value: unknown,
  status = 200,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** Answers with a page (text or HTML). */
export function sendText(
  res: ServerResponse,
  status: number,
  text: string,
  type = 'text/html; charset=utf-8',
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/**
 * The JSON-RPC answer of `adapter` to one request message, as a conforming service gives it:
 * describe with the protocol, its methods and `inFlight`; a thrown error as code -32000.
 */
export async function rpcAnswer(
  adapter: Adapter,
  msg: { id: number; method: string; params: unknown[] },
  describe: Record<string, unknown> = {},
): Promise<unknown> {
  const methods = listMethods(adapter);
  if (msg.method === 'describe')
    return {
      jsonrpc: '2.0',
      id: msg.id,
      result: { ...(await adapter.describe()), protocol: PROTOCOL, methods, inFlight: 4, ...describe },
    };
  if (!methods.includes(msg.method))
    return { jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: `no method ${msg.method}` } };
  let self: unknown = adapter;
  let fn: unknown = adapter;
  for (const p of msg.method.split('.')) {
    self = fn;
    fn = (fn as Record<string, unknown>)[p];
  }
  try {
    const result = await (fn as (...a: unknown[]) => unknown).apply(self, decodeParams(msg.params));
    return { jsonrpc: '2.0', id: msg.id, result: result ?? null };
  } catch (e) {
    return { jsonrpc: '2.0', id: msg.id, error: { code: -32000, message: (e as Error).message } };
  }
}

/** A handler that answers as the reference does (over `rpcAnswer`). */
export function asReference(describe: Record<string, unknown> = {}, adapter: Adapter = referenceAdapter) {
  return async ({ res, msg }: Incoming) => {
    if (msg === undefined) return sendText(res, 400, 'not JSON', 'text/plain');
    sendJson(res, await rpcAnswer(adapter, msg, describe));
  };
}

/**
 * Starts a service on the loopback address that hands every request to `handler` (with TLS when
 * `tls` holds a key and certificate). Its URL's path is `/uaix`.
 */
export async function startService(
  handler: (incoming: Incoming) => void | Promise<void>,
  tls?: { key: string; cert: string },
): Promise<TestService> {
  const stats: TestService['stats'] = { requests: 0, connections: 0, maxConcurrent: 0, methods: [], startedAt: [] };
  let concurrent = 0;
  const sockets = new Set<Socket>();
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      stats.requests += 1;
      stats.startedAt.push(performance.now());
      concurrent += 1;
      stats.maxConcurrent = Math.max(stats.maxConcurrent, concurrent);
      res.once('close', () => (concurrent -= 1));
      const body = Buffer.concat(chunks).toString('utf8');
      let msg: Incoming['msg'];
      try {
        msg = JSON.parse(body);
      } catch {
        msg = undefined;
      }
      if (msg !== undefined) stats.methods.push(msg.method);
      Promise.resolve(handler({ req, res, body, msg, n: stats.requests })).catch((e: Error) => {
        if (!res.headersSent) sendText(res, 500, `test service failed: ${e.message}`, 'text/plain');
      });
    });
  };
  const server: Server = tls ? createTlsServer({ key: tls.key, cert: tls.cert }, onRequest) : createServer(onRequest);
  server.on(tls ? 'secureConnection' : 'connection', (socket: Socket) => {
    stats.connections += 1;
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}/uaix`,
    stats,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
