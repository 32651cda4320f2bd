import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough, Writable } from 'node:stream';
import type { Adapter } from '../../contract/adapter.js';
import { serveAdapter } from '../process/serve.js';
import { DEFAULT_MAX_LINE_BYTES as MAX_REQUEST_BYTES } from '../process/transport.js';

/** Where `serveAdapterHttp` listens. */
export interface HttpServeOptions {
  /** Default `127.0.0.1`: the loopback address only. */
  host?: string;
  /** Default 0: a free port, chosen by the system. */
  port?: number;
  /** The path requests are posted to (default `/uaix`); any other path is answered 404. */
  path?: string;
}

/** A running service: its URL, and how to stop it. */
export interface HttpService {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** The id a response line of the pack's server starts with (`serveAdapter` writes `jsonrpc` first, then `id`). */
const RESPONSE_HEAD = /^\{"jsonrpc":"2\.0","id":(\d+|null),/;
/** The id a request starts with when written as the pack writes it (`encodeRequest`). */
const REQUEST_HEAD = /^\{"jsonrpc":"2\.0","id":(\d{1,15}),/;

function answer(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    ...headers,
  });
  res.end(body);
}

function rpcError(id: unknown, code: number, message: string): string {
  return JSON.stringify({ jsonrpc: '2.0', id: typeof id === 'number' ? id : null, error: { code, message } });
}

/**
 * Serves an in-process adapter over the HTTP binding of `uaix-adapter/1` (docs/protocol.md, "The
 * HTTP binding"): one POST of one request message, answered 200 with one response message. The
 * answers are those of the stdio server (`serveAdapter`: the same describe, the same error codes,
 * the module called one request at a time unless it declares `inFlight`), so the two bindings of
 * one implementation answer alike. How the tests put the reference behind HTTP, how the bench
 * compares the bindings, and a way to try a JavaScript implementation as a service.
 */
export async function serveAdapterHttp(adapter: Adapter, options: HttpServeOptions = {}): Promise<HttpService> {
  const path = options.path ?? '/uaix';
  const input = new PassThrough();
  /**
   * Requests sent to the stdio server, by the id it was given, in the order they were sent: the
   * response waiting, the client's own id, and the text of a request passed on unparsed.
   */
  const pending = new Map<number, { res: ServerResponse; id: number; text?: string }>();
  let nextId = 1;
  let rest = '';
  /**
   * The request an `id: null` answer is for. A request passed on unparsed has a numeric id, so the
   * stdio server answers it with `id: null` only when it is not JSON: each such answer is for the
   * earliest pending request that is not, in the order they were sent (it answers those at once).
   */
  const unparsed = (): number | undefined => {
    for (const [own, p] of pending) {
      if (p.text === undefined) continue;
      try {
        JSON.parse(p.text);
      } catch {
        return own;
      }
    }
    return undefined;
  };
  const onLine = (line: string) => {
    const head = RESPONSE_HEAD.exec(line);
    if (!head) return; // the stdio server writes nothing else
    const own = head[1] !== 'null' ? Number(head[1]) : unparsed();
    const p = own !== undefined ? pending.get(own) : undefined;
    if (!p) return;
    pending.delete(own!);
    answer(p.res, 200, `{"jsonrpc":"2.0","id":${p.id},${line.slice(head[0].length)}`);
  };
  const output = new Writable({
    write(chunk: Buffer | string, _enc, done) {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop()!;
      for (const line of lines) if (line !== '') onLine(line);
      done();
    },
  });
  const served = serveAdapter(adapter, input, output);

  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://service');
    if (url.pathname !== path) return answer(res, 404, rpcError(null, -32600, `nothing is served at ${url.pathname}`));
    if (req.method !== 'POST')
      return answer(res, 405, rpcError(null, -32600, 'the uaix-adapter/1 HTTP binding takes POST only'), {
        allow: 'POST',
      });
    const chunks: Buffer[] = [];
    let bytes = 0;
    let refused = false;
    req.on('data', (c: Buffer) => {
      if (refused) return;
      bytes += c.length;
      if (bytes > MAX_REQUEST_BYTES) {
        refused = true;
        answer(res, 413, rpcError(null, -32600, `a request may hold at most ${MAX_REQUEST_BYTES} bytes`), {
          connection: 'close',
        });
        req.resume();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => {
      if (refused) return;
      const text = Buffer.concat(chunks).toString('utf8');
      const own = nextId++;
      // The form the pack sends (jsonrpc, then id, on one line): the id is swapped in the text, and
      // the stdio server parses it (once).
      const head = REQUEST_HEAD.exec(text);
      if (head !== null && !text.includes('\n')) {
        pending.set(own, { res, id: Number(head[1]), text });
        input.write(`{"jsonrpc":"2.0","id":${own},${text.slice(head[0].length)}\n`);
        return;
      }
      let msg: { id?: unknown } & Record<string, unknown>;
      try {
        msg = JSON.parse(text);
      } catch {
        return answer(res, 200, rpcError(null, -32700, 'parse error'));
      }
      if (msg === null || typeof msg !== 'object' || Array.isArray(msg) || typeof msg.id !== 'number')
        return answer(res, 200, rpcError(null, -32600, 'invalid request'));
      pending.set(own, { res, id: msg.id });
      input.write(`${JSON.stringify({ ...msg, id: own })}\n`);
    });
  };
  const server = createServer(onRequest);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}${path}`,
    server,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      input.end();
      await served;
    },
  };
}
