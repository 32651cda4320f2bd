import { afterEach, describe, expect, it } from 'vitest';
import { bodyExcerpt } from '../../../src/adapters/http/evidence.js';
import { createHttpAdapter, httpControl, networkRecord } from '../../../src/adapters/http/http-adapter.js';
import { retryAfterMs } from '../../../src/adapters/http/transport.js';
import type { Adapter } from '../../../src/contract/adapter.js';
import { AdapterFault } from '../../../src/engine/check.js';
import { asReference, sendText, startService, type TestService } from '../../helpers/http.js';

const services: TestService[] = [];
const adapters: Adapter[] = [];
afterEach(async () => {
  await Promise.all(adapters.splice(0).map((a) => httpControl(a)!.close()));
  await Promise.all(services.splice(0).map((s) => s.close()));
});

async function adapterFor(handler: Parameters<typeof startService>[0], options = {}): Promise<Adapter> {
  const s = await startService(handler);
  services.push(s);
  const a = await createHttpAdapter(s.url, { timeoutMs: 20_000, ...options });
  adapters.push(a);
  return a;
}

/** The fault `p` rejects with. */
async function faultOf(p: Promise<unknown>): Promise<AdapterFault> {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(AdapterFault);
  return e as AdapterFault;
}

describe('Retry-After and excerpts', () => {
  it('reads delay-seconds and HTTP dates; anything else is absent', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(undefined, now)).toBeUndefined();
  });

  it('an excerpt of a page is its text, whitespace collapsed, cut to 300 characters', () => {
    expect(bodyExcerpt('<html><head><script>x()</script></head><body><p>A &amp; B</p>\n\n<p>C</p></body></html>')).toBe(
      'A & B C',
    );
    expect(bodyExcerpt(' plain\n text ', 'text/plain')).toBe('plain text');
    expect(bodyExcerpt('x'.repeat(400))).toBe(`${'x'.repeat(300)}…`);
  });
});

describe('the transport', () => {
  it('a byte string crosses as base64 and an answer is checked against its schema', async () => {
    const a = await adapterFor(asReference());
    const source = new TextEncoder().encode('no artifact\n');
    const verdict = (await a.verifyUas!(source, '<not-xml')) as { valid: boolean };
    expect(verdict.valid).toBe(false);
    await expect(a.toKeyless!({ not: 'an envelope' })).rejects.toMatchObject({ name: 'RemoteError' });
  });

  it('an answer longer than 8 MiB is a fault, and the connection goes', async () => {
    const a = await adapterFor(async (incoming) => {
      if (incoming.msg?.method === 'computeChecksum')
        return sendText(incoming.res, 200, 'x'.repeat(9 * 1024 * 1024), 'application/json');
      await asReference()(incoming);
    });
    const f = await faultOf(Promise.resolve(a.computeChecksum!({})));
    expect(f.message).toBe('computeChecksum: the service answered more than 8388608 bytes');
    expect(f.evidence).toMatchObject({ kind: 'answer-too-large', status: 200 });
    // The next call opens another connection and goes on.
    expect(
      await a.fromKeyless!(['x']).then(
        () => 'answered',
        () => 'refused',
      ),
    ).toBe('refused');
  });

  it('a case with no JSON form never leaves the pack', async () => {
    const a = await adapterFor(asReference());
    const f = await faultOf(Promise.resolve(a.computeChecksum!({ n: 1n })));
    expect(f.evidence).toMatchObject({ kind: 'unsendable' });
  });

  it('closing the adapter ends a throttle wait at once, and later calls fault', async () => {
    const a = await adapterFor(async (incoming) => {
      if (incoming.msg?.method !== 'describe')
        return sendText(incoming.res, 429, '', 'text/plain', { 'retry-after': '20' });
      await asReference()(incoming);
    });
    const started = performance.now();
    const pending = faultOf(Promise.resolve(a.computeChecksum!({})));
    await new Promise((r) => setTimeout(r, 100));
    await httpControl(a)!.close();
    const f = await pending;
    expect(f.evidence).toMatchObject({ kind: 'aborted' });
    expect(performance.now() - started).toBeLessThan(15_000); // a bound against hanging, not a speed target
    expect((await faultOf(Promise.resolve(a.computeChecksum!({})))).evidence).toMatchObject({ kind: 'aborted' });
    expect(networkRecord(a)).toMatchObject({ throttled: 1, readOnly: false });
  });
});
