// A uaix-conformance starter service: an HTTP server speaking the HTTP binding of uaix-adapter/1
// (one JSON-RPC 2.0 request per POST, answered with status 200 and one response). Node only.
//
//   node server.mjs --port 8080
//   npx uaix-conformance --adapter-url http://127.0.0.1:8080/uaix
//
// Every member below is a stub. describe lists only the members named in IMPLEMENTED; the pack
// skips (never fails) the checks of every other member. Implement a member (call your
// implementation from it), add its name to IMPLEMENTED, and run the pack again.
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';

const PROTOCOL = 'uaix-adapter/1';
const PATH = '/uaix';

/** The members that work so far: add a name here once its stub is replaced. */
const IMPLEMENTED = [];

/** A stub's answer: a clear error, should it ever be called. */
function notImplemented(member) {
  throw new Error(`not implemented: ${member}`);
}

const members = {
  /** (packet, { now }) => { valid, findings? } */
  validateEnvelope: (packet, context) => notImplemented('validateEnvelope'),
  /** (packet) => "sha256:<64 hex>" */
  computeChecksum: (packet) => notImplemented('computeChecksum'),
  /** (packet) => the keyless arrays; throw when the packet cannot be mapped */
  toKeyless: (packet) => notImplemented('toKeyless'),
  /** (wire) => the keyed envelope; throw when the arrays cannot be mapped */
  fromKeyless: (wire) => notImplemented('fromKeyless'),
  /** (payload, { now }) => { valid, findings? } */
  validateError: (payload, context) => notImplemented('validateError'),
  /** (source: Uint8Array, artifact: string) => { valid, findings? } */
  verifyUas: (source, artifact) => notImplemented('verifyUas'),
  /** The recovery policy: each of a session's messages gives a list of actions. */
  'recovery.start': (scenario) => notImplemented('recovery.start'),
  'recovery.observe': (sessionId, observation) => notImplemented('recovery.observe'),
};

/** The handshake: who this is, and the members it implements. */
function describe() {
  // Once the answers depend on nothing but the request, say how many requests this service takes
  // at once (inFlight: 16): the pack then keeps that many in flight.
  return {
    name: 'my-implementation',
    version: '0.0.1',
    capabilityLevel: 'L0',
    protocol: PROTOCOL,
    methods: [...IMPLEMENTED],
    inFlight: 1,
  };
}

/** A byte-string parameter ({ "$base64": ... }) as bytes; every other parameter as it came. */
function decode(param) {
  const isBytes =
    param !== null && typeof param === 'object' && Object.keys(param).length === 1 && typeof param.$base64 === 'string';
  return isBytes ? new Uint8Array(Buffer.from(param.$base64, 'base64')) : param;
}

/** The response to one request message. */
async function handle(req) {
  const { id, method, params } = req;
  if (method === 'describe') return { jsonrpc: '2.0', id, result: describe() };
  if (!IMPLEMENTED.includes(method))
    return { jsonrpc: '2.0', id, error: { code: -32601, message: `no method ${method}` } };
  try {
    return { jsonrpc: '2.0', id, result: (await members[method](...params.map(decode))) ?? null };
  } catch (e) {
    // The implementation refused or failed on this input.
    console.error(`${method}: ${e.message}`);
    return { jsonrpc: '2.0', id, error: { code: -32000, message: String(e.message) } };
  }
}

/** Every response, errors included, goes with status 200. */
function answer(res, status, message) {
  const body = JSON.stringify(message);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

const server = createServer((req, res) => {
  if (req.method !== 'POST' || new URL(req.url, 'http://x').pathname !== PATH)
    return answer(res, 404, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'not here' } });
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', async () => {
    let message;
    try {
      message = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return answer(res, 200, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } });
    }
    answer(res, 200, await handle(message));
  });
});

const { values } = parseArgs({ options: { host: { type: 'string' }, port: { type: 'string' } } });
const host = values.host ?? '127.0.0.1';
server.listen(Number(values.port ?? process.env.PORT ?? 8080), host, () => {
  console.error(`listening on http://${host}:${server.address().port}${PATH}`);
});
