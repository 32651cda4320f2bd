import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpService, serveAdapterHttp } from '../../../src/adapters/http/serve.js';
import { referenceAdapter } from '../../../src/adapters/reference.js';

/** The pack's own server of the HTTP binding (how the tests and the bench put a JavaScript adapter behind HTTP). */
describe('serveAdapterHttp', () => {
  let service: HttpService;
  beforeAll(async () => {
    service = await serveAdapterHttp(referenceAdapter);
  });
  afterAll(() => service.close());

  const post = async (body: string | Uint8Array, url = service.url) => {
    const r = await fetch(url, { method: 'POST', body });
    return { status: r.status, body: (await r.json()) as Record<string, unknown> };
  };

  it('answers each request with its own id, describe first, as the stdio server does', async () => {
    const [d, c] = await Promise.all([
      post('{"jsonrpc":"2.0","id":41,"method":"describe","params":[]}'),
      post('{ "method": "computeChecksum", "id": 7, "jsonrpc": "2.0", "params": [{"a": 1}] }'),
    ]);
    expect(d).toMatchObject({ status: 200, body: { id: 41, result: { protocol: 'uaix-adapter/1', inFlight: 16 } } });
    expect(c).toMatchObject({ status: 200, body: { id: 7, result: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) } });
  });

  it('what is not a request is answered as JSON-RPC says, with the id when it has one', async () => {
    expect((await post('{"jsonrpc":"2.0","id":8,"method":"computeChecksum","params":[{"a":1]}')).body).toEqual({
      jsonrpc: '2.0',
      id: 8,
      error: { code: -32700, message: 'parse error' },
    });
    expect((await post('garbage')).body).toMatchObject({ id: null, error: { code: -32700 } });
    expect((await post('{"jsonrpc":"2.0","method":"describe","params":[]}')).body).toMatchObject({
      id: null,
      error: { code: -32600 },
    });
    expect((await post('{"jsonrpc":"2.0","id":9,"method":"nope","params":[]}')).body).toMatchObject({
      id: 9,
      error: { code: -32601 },
    });
  });

  it('another path is 404, another method 405, a body past 8 MiB 413', async () => {
    expect((await post('{}', service.url.replace('/uaix', '/other'))).status).toBe(404);
    expect((await fetch(service.url)).status).toBe(405);
    expect((await post(new Uint8Array(8 * 1024 * 1024 + 1))).status).toBe(413);
  });
});
