import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { serveAdapterHttp } from '../../src/adapters/http/serve.js';
import { referenceAdapter } from '../../src/adapters/reference.js';
import { readReport } from '../../src/io/json-file.js';
import { cli, expectUsageError, readJson, tempDir } from '../helpers/cli.js';
import { asReference, rpcAnswer, sendJson, sendText, startService, type TestService } from '../helpers/http.js';
import { HAVE_OPENSSL, makeTestPki } from '../helpers/tls.js';

/**
 * A run against a live service (`--adapter-url`), through `main` as a shell runs it, against real
 * HTTP servers on the loopback address: the reference behind HTTP, and services that throttle, are
 * slow, drop connections, refuse large requests, answer HTML error pages, or echo secrets. Each
 * gives the documented outcome (docs/protocol.md, "The HTTP binding"), a complete report, and an
 * exit code that never says green when something was not judged.
 */

const services: TestService[] = [];
async function service(...args: Parameters<typeof startService>): Promise<TestService> {
  const s = await startService(...args);
  services.push(s);
  return s;
}
afterEach(async () => {
  await Promise.all(services.splice(0).map((s) => s.close()));
});

/** A few cheap checks that call each read-only member once per case. */
const FEW = ['--check', 'INT-CHECKSUM', '--check', 'WIRE-ROUNDTRIP', '--check', 'ENV-SEED-FIXTURES', '--seed', '3'];

type Check = { id: string; status: string; error?: { message: string; evidence?: Record<string, unknown> } };
const byId = (report: { checks: Check[] }, id: string) => report.checks.find((c) => c.id === id)!;

/** A report as two runs of the same cases must agree on: no timing, no machine, no adapter spec, no network figures. */
function comparable(report: any): unknown {
  const { environment: _e, network: _n, adapter, run, checks, ...rest } = report;
  const { startedAt: _s, durationMs: _d, ...runRest } = run;
  const { spec: _spec, ...info } = adapter;
  return { ...rest, adapter: info, run: runRest, checks: checks.map(({ durationMs: _x, ...c }: any) => c) };
}

describe('a live service over HTTP (--adapter-url)', () => {
  it('the reference behind HTTP passes every check, with the same report as in process (timings aside)', async () => {
    const live = await serveAdapterHttp(referenceAdapter);
    try {
      const dir = tempDir();
      const args = ['--seed', '11', '--runs', '4'];
      const http = await cli(['--adapter-url', live.url, ...args, '--out', 'http'], dir);
      expect(http.code, http.stderr).toBe(0);
      const local = await cli(['--adapter', 'reference', ...args, '--out', 'local'], dir);
      expect(local.code, local.stderr).toBe(0);
      const h = readJson(join(dir, 'http', 'report.json'));
      const l = readJson(join(dir, 'local', 'report.json'));
      expect(h.summary.failed + h.summary.errored + h.summary.skipped).toBe(0);
      expect(comparable(h)).toEqual(comparable(l));
      expect(h.adapter.spec).toBe(live.url);
      expect(h.network).toEqual({ throttled: 0, waitedMs: 0, resent: 0, readOnly: false });
      // report.json with its network figures is a valid report, and reads back.
      expect(readReport(join(dir, 'http', 'report.json')).network).toEqual(h.network);
      expect(h.checks.find((c: any) => c.status === 'passed')).toBeDefined();
    } finally {
      await live.close();
    }
  });
});

describe('network behaviour', () => {
  it('keeps connections alive and sends at most inFlight requests at once', async () => {
    const s = await service(async (incoming) => {
      await new Promise((r) => setTimeout(r, 2)); // answers overlap: the run keeps several in flight
      await asReference({ inFlight: 3 })(incoming);
    });
    const r = await cli(['--adapter-url', s.url, ...FEW, '--runs', '20', '--no-reports']);
    expect(r.code, r.stderr).toBe(0);
    expect(s.stats.requests).toBeGreaterThan(60);
    expect(s.stats.maxConcurrent).toBeLessThanOrEqual(3);
    expect(s.stats.maxConcurrent).toBeGreaterThan(1);
    // Connections are reused: never more than the requests the service takes at once (plus the one describe used).
    expect(s.stats.connections).toBeLessThanOrEqual(4);
  });

  it('waits out 429 and 503 with Retry-After, counts them in report.json and says so; never a failure by itself', async () => {
    const s = await service(async (incoming) => {
      if (incoming.n === 3) return sendText(incoming.res, 429, 'slow down', 'text/plain', { 'retry-after': '1' });
      if (incoming.n === 6) return sendText(incoming.res, 503, 'busy', 'text/plain', { 'retry-after': '0' });
      if (incoming.n === 8) return sendText(incoming.res, 429, 'slow down', 'text/plain'); // no Retry-After: 1 s
      await asReference()(incoming);
    });
    const dir = tempDir();
    const r = await cli(['--adapter-url', s.url, ...FEW, '--runs', '5', '--out', 'out'], dir);
    expect(r.code, r.stderr).toBe(0);
    const report = readJson(join(dir, 'out', 'report.json'));
    expect(report.summary.passed).toBe(3);
    expect(report.network.throttled).toBe(3);
    // Two waits of a second each, one of none (they may overlap with nothing else: the wall clock counts).
    expect(report.network.waitedMs).toBeGreaterThanOrEqual(1900);
    expect(report.network.waitedMs).toBeLessThan(10_000);
    expect(r.stderr).toMatch(/the service throttled 3 requests \(429\/503\), the run waited \d+\.\d s for it/);
  });

  it('a service that keeps throttling, or asks for too long a wait, errors that check; the run goes on', async () => {
    const s = await service(async (incoming) => {
      if (incoming.msg?.method === 'computeChecksum')
        return sendText(incoming.res, 429, 'no', 'text/plain', { 'retry-after': '0' });
      if (incoming.msg?.method === 'toKeyless')
        return sendText(incoming.res, 503, 'maintenance', 'text/plain', { 'retry-after': '120' });
      await asReference()(incoming);
    });
    const dir = tempDir();
    const r = await cli(['--adapter-url', s.url, ...FEW, '--runs', '5', '--out', 'out'], dir);
    expect(r.code, r.stderr).toBe(1);
    const report = readJson(join(dir, 'out', 'report.json'));
    expect(byId(report, 'ENV-SEED-FIXTURES').status).toBe('passed');
    const checksum = byId(report, 'INT-CHECKSUM');
    expect(checksum.status).toBe('errored');
    expect(checksum.error!.message).toMatch(/answered 429 again \(Retry-After: 0\) after 5 waits/);
    expect(checksum.error!.evidence).toMatchObject({ kind: 'throttled', status: 429, throttled: 5 });
    const wire = byId(report, 'WIRE-ROUNDTRIP');
    expect(wire.error!.message).toMatch(
      /answered 503 \(Retry-After: 120\), a wait of 120 s; the pack waits at most 30 s/,
    );
  });

  it('a slow service: the call is abandoned at --timeout, that check errors, the others pass', async () => {
    const s = await service(async (incoming) => {
      if (incoming.msg?.method === 'computeChecksum') await new Promise((r) => setTimeout(r, 8000));
      await asReference()(incoming);
    });
    const dir = tempDir();
    // A deadline the other checks meet on a loaded machine, and computeChecksum never does.
    const r = await cli(['--adapter-url', s.url, ...FEW, '--runs', '3', '--timeout', '2500', '--out', 'out'], dir);
    expect(r.code, r.stderr).toBe(1);
    const report = readJson(join(dir, 'out', 'report.json'));
    const checksum = byId(report, 'INT-CHECKSUM');
    expect(checksum.status).toBe('errored');
    expect(checksum.error!.message).toMatch(/^computeChecksum: no answer within \d+ ms; the request was abandoned$/);
    expect(checksum.error!.evidence).toMatchObject({ kind: 'timeout', method: 'computeChecksum', url: s.url });
    expect(byId(report, 'WIRE-ROUNDTRIP').status).toBe('passed');
    expect(byId(report, 'ENV-SEED-FIXTURES').status).toBe('passed');
  });

  it('a dropped connection is sent again once; dropped twice, the check errors and the report is whole', async () => {
    let dropped = 0;
    const s = await service(async (incoming) => {
      const method = incoming.msg?.method;
      // toKeyless: drops the first one only (resent, passes); computeChecksum: drops every time.
      if (method === 'computeChecksum' || (method === 'toKeyless' && dropped++ === 0)) {
        incoming.req.socket.destroy();
        return;
      }
      // One request at a time: no other request in flight is dropped (and resent) with the one at hand.
      await asReference({ inFlight: 1 })(incoming);
    });
    const dir = tempDir();
    const r = await cli(['--adapter-url', s.url, ...FEW, '--runs', '3', '--out', 'out'], dir);
    expect(r.code, r.stderr).toBe(1);
    const report = readJson(join(dir, 'out', 'report.json'));
    expect(report.checks).toHaveLength(3);
    const checksum = byId(report, 'INT-CHECKSUM');
    expect(checksum.status).toBe('errored');
    expect(checksum.error!.message).toMatch(/^computeChecksum: the connection closed before the whole answer came/);
    expect(checksum.error!.evidence).toMatchObject({ kind: 'dropped', code: 'UND_ERR_SOCKET' });
    expect(byId(report, 'WIRE-ROUNDTRIP').status).toBe('passed');
    expect(report.network.resent).toBe(2); // the toKeyless one, and the first of computeChecksum's
    expect(r.stderr).toMatch(/2 requests were sent again after a dropped connection/);
  });

  it('413: errored with the size that was sent', async () => {
    const s = await service(async (incoming) => {
      if (incoming.body.length > 1500) return sendText(incoming.res, 413, 'Request Entity Too Large', 'text/plain');
      await asReference()(incoming);
    });
    const dir = tempDir();
    const r = await cli(['--adapter-url', s.url, '--check', 'ENV-SEED-FIXTURES', '--runs', '2', '--out', 'out'], dir);
    expect(r.code, r.stderr).toBe(1);
    const check = byId(readJson(join(dir, 'out', 'report.json')), 'ENV-SEED-FIXTURES');
    expect(check.status).toBe('errored');
    const sent = check.error!.evidence!.bytesSent as number;
    expect(sent).toBeGreaterThan(1500);
    expect(check.error!.message).toBe(
      `validateEnvelope: the service refused the request as too large (413) after ${sent} bytes were sent`,
    );
    expect(check.error!.evidence).toMatchObject({ kind: 'too-large', status: 413, body: 'Request Entity Too Large' });
  });

  it('HTML error pages: errored with a short excerpt of the page text, never its markup', async () => {
    const page = (title: string) =>
      `<!DOCTYPE html><html><head><title>${title}</title><style>body{color:red}</style></head><body><h1>${title}</h1><p>The upstream server did not answer.</p><hr><center>nginx</center><script>alert(1)</script>${'<p>filler</p>'.repeat(200)}</body></html>`;
    const s = await service(async (incoming) => {
      if (incoming.msg?.method === 'computeChecksum') return sendText(incoming.res, 502, page('502 Bad Gateway'));
      if (incoming.msg?.method === 'toKeyless') return sendText(incoming.res, 200, page('Login'));
      await asReference()(incoming);
    });
    const dir = tempDir();
    const r = await cli(['--adapter-url', s.url, ...FEW, '--runs', '2', '--out', 'out'], dir);
    expect(r.code, r.stderr).toBe(1);
    const report = readJson(join(dir, 'out', 'report.json'));
    const checksum = byId(report, 'INT-CHECKSUM');
    expect(checksum.error!.message).toMatch(
      /^computeChecksum: the service answered 502 Bad Gateway with an HTML page: 502 Bad Gateway 502 Bad Gateway The upstream server did not answer\. nginx filler/,
    );
    expect(checksum.error!.message).not.toMatch(/<|alert|color:red/);
    expect((checksum.error!.evidence!.body as string).length).toBeLessThanOrEqual(301);
    const wire = byId(report, 'WIRE-ROUNDTRIP');
    expect(wire.error!.message).toMatch(/^toKeyless: the service answered 200 with an HTML page: Login Login/);
    expect(wire.error!.evidence).toMatchObject({ kind: 'bad-json', contentType: 'text/html; charset=utf-8' });
    expect(byId(report, 'ENV-SEED-FIXTURES').status).toBe('passed');
  });

  it('a JSON-RPC answer with a wrong id, or not a response, errors its check only', async () => {
    const s = await service(async (incoming) => {
      const { msg, res } = incoming;
      if (msg?.method === 'computeChecksum') return sendJson(res, { jsonrpc: '2.0', id: msg.id + 1000, result: 'x' });
      if (msg?.method === 'toKeyless') return sendJson(res, { hello: 'world' });
      await asReference()(incoming);
    });
    const dir = tempDir();
    const r = await cli(['--adapter-url', s.url, ...FEW, '--runs', '2', '--out', 'out'], dir);
    expect(r.code, r.stderr).toBe(1);
    const report = readJson(join(dir, 'out', 'report.json'));
    expect(byId(report, 'INT-CHECKSUM').error!.evidence).toMatchObject({ kind: 'wrong-id' });
    expect(byId(report, 'WIRE-ROUNDTRIP').error!.evidence).toMatchObject({ kind: 'bad-message' });
    expect(byId(report, 'ENV-SEED-FIXTURES').status).toBe('passed');
  });

  it('a service that goes away mid-run: every later check errors, the report is whole, exit 1', async () => {
    let s!: TestService;
    s = await service(async (incoming) => {
      if (incoming.msg?.method === 'computeChecksum') void s.close();
      await asReference()(incoming);
    });
    const dir = tempDir();
    const r = await cli(['--adapter-url', s.url, ...FEW, '--runs', '3', '--out', 'out'], dir);
    expect(r.code, r.stderr).toBe(1);
    const report = readJson(join(dir, 'out', 'report.json'));
    expect(report.incomplete).toBe(false);
    expect(report.checks.map((c: Check) => c.status)).toEqual(['passed', 'errored', 'errored']);
    expect(byId(report, 'WIRE-ROUNDTRIP').error!.evidence).toMatchObject({ kind: 'connection-refused' });
  });
});

describe('the start: one line and exit 2 when the service cannot be used', () => {
  it('connection refused', async () => {
    const s = await service(asReference());
    await s.close();
    expectUsageError(
      await cli(['--adapter-url', s.url, '--runs', '1']),
      /^uaix-conformance: cannot reach the service at http:\/\/127\.0\.0\.1:\d+\/uaix: connection refused \(is it running, on this host and port\?\)$/,
    );
  });

  it('a host name that does not resolve', async () => {
    expectUsageError(
      await cli(['--adapter-url', 'http://no-such-host.invalid/uaix', '--runs', '1']),
      /^uaix-conformance: cannot reach the service at http:\/\/no-such-host\.invalid\/uaix: the host name no-such-host\.invalid does not resolve$/,
    );
  });

  it('a redirect is not followed: the line names where it points, without its secrets', async () => {
    const s = await service(({ res }) =>
      sendText(res, 308, '', 'text/plain', { location: 'https://elsewhere.example/uaix?token=hunter2-secret' }),
    );
    const r = await cli(['--adapter-url', s.url, '--runs', '1']);
    expectUsageError(
      r,
      /redirects describe to https:\/\/elsewhere\.example\/uaix\?token=REDACTED: the pack follows no redirect; give the final URL$/,
    );
    expect(r.stderr).not.toContain('hunter2');
  });

  it('a 404 or a describe that is not one', async () => {
    const missing = await service(({ res }) => sendText(res, 404, '<h1>Not Found</h1>'));
    expectUsageError(
      await cli(['--adapter-url', missing.url, '--runs', '1']),
      /did not answer describe as a uaix-adapter\/1 service: the service answered 404 Not Found with an HTML page: Not Found$/,
    );
    const wrong = await service(({ res, msg }) => sendJson(res, { jsonrpc: '2.0', id: msg!.id, result: { name: 1 } }));
    expectUsageError(
      await cli(['--adapter-url', wrong.url, '--runs', '1']),
      /answered describe with something that is not a uaix-adapter\/1 describe result/,
    );
  });

  it('options that only a live service takes, a bad URL or header, a stray word next to --header', async () => {
    expectUsageError(
      await cli(['--adapter', 'reference', '--header', 'X-A: b', '--read-only']),
      /^uaix-conformance: --header, --read-only: only for a live service \(--adapter-url/,
    );
    expectUsageError(await cli(['--adapter-url', 'ftp://x/y']), /--adapter-url takes an http:\/\/ or https:\/\/ URL$/);
    expectUsageError(
      await cli(['--adapter-url', 'http://127.0.0.1:9/uaix', '--header', 'Authorization Bearer abc123secret']),
      /--header takes "Name: value" \(this one has no name before a colon; it is not shown here/,
    );
    expectUsageError(
      await cli(['--adapter-url', 'http://127.0.0.1:9/uaix', '--header', 'Content-Type: text/plain']),
      /--header Content-Type: the pack sets this header itself/,
    );
    expectUsageError(
      await cli(['--adapter-url', 'http://127.0.0.1:9/uaix', '--max-rate', '0']),
      /--max-rate must be between 1 and 100000/,
    );
    const stray = await cli([
      '--adapter-url',
      'http://127.0.0.1:9/uaix',
      '--header',
      'Authorization:',
      'tok-abc-123456',
    ]);
    expectUsageError(stray, /unexpected argument \(not shown: with --header it may be part of a secret/);
    expect(stray.stderr).not.toContain('tok-abc');
  });
});

describe('--read-only', () => {
  it('calls only the members that change nothing, at most --max-rate requests a second, and says so first', async () => {
    const s = await service(asReference());
    const dir = tempDir();
    const r = await cli(
      [
        '--adapter-url',
        s.url,
        '--read-only',
        '--max-rate',
        '40',
        '--check',
        'INT-CHECKSUM',
        '--check',
        'REC-ISOLATED-NOOP',
        '--runs',
        '12',
        '--out',
        'out',
      ],
      dir,
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr.split('\n')[0]).toBe(
      `uaix-conformance: read-only run against ${s.url}: only validateEnvelope, computeChecksum, toKeyless, fromKeyless, validateError, verifyUas are called (recovery sessions change the service's state and are left out), at most 40 requests/s`,
    );
    expect(s.stats.methods.filter((m) => m.startsWith('recovery.'))).toEqual([]);
    const report = readJson(join(dir, 'out', 'report.json'));
    expect(byId(report, 'INT-CHECKSUM').status).toBe('passed');
    expect(byId(report, 'REC-ISOLATED-NOOP')).toMatchObject({
      status: 'skipped',
      skipReason: "--read-only leaves out recovery: it changes the service's state, so it is not called",
    });
    expect(report.network).toMatchObject({ readOnly: true, maxRate: 40 });
    // 13 requests (describe and 12 cases) at most 40 a second: the first and the last at least 11 slots apart.
    const [first, last] = [s.stats.startedAt[0]!, s.stats.startedAt.at(-1)!];
    expect(s.stats.requests).toBe(13);
    expect(last - first).toBeGreaterThanOrEqual(11 * 25 * 0.9);
  });
});

/** Every file under `dir`, as text. */
function filesIn(dir: string): { file: string; text: string }[] {
  return (readdirSync(dir, { recursive: true }) as string[])
    .map((f) => join(dir, f))
    .filter((f) => statSync(f).isFile())
    .map((file) => ({ file, text: readFileSync(file, 'latin1') }));
}

describe('secrets stay out of every report and the terminal', () => {
  it('header values, URL credentials and query values a service echoes appear nowhere the pack writes', async () => {
    const TOKEN = 'tok_live_9f8e7d6c5b4a';
    const KEY = 'key-0123456789';
    const PASSWORD = 'pa55-w0rd-xyz';
    const QUERY = 'qk-777-secret';
    const secrets = [TOKEN, KEY, PASSWORD, QUERY, Buffer.from(`alice:${PASSWORD}`).toString('base64')];
    const s = await service(async (incoming) => {
      const { req, res, msg } = incoming;
      // A debug-minded service: everything it answers quotes the request's headers and address.
      const echo = `auth=${req.headers.authorization} key=${req.headers['x-api-key']} url=${req.url}`;
      if (msg?.method === 'describe')
        return sendJson(res, {
          jsonrpc: '2.0',
          id: msg.id,
          result: {
            ...((await rpcAnswer(referenceAdapter, msg)) as { result: object }).result,
            name: `echo ${echo}`,
          },
        });
      if (msg?.method === 'validateEnvelope')
        return sendJson(res, { jsonrpc: '2.0', id: msg.id, result: { valid: true, findings: [{ message: echo }] } });
      if (msg?.method === 'computeChecksum')
        return sendText(res, 500, `<html><body><h1>Internal error</h1><pre>${echo}</pre></body></html>`);
      if (msg?.method === 'toKeyless')
        return sendJson(res, { jsonrpc: '2.0', id: msg.id, error: { code: -32000, message: `refused: ${echo}` } });
      await asReference()(incoming);
    });
    const url = `${s.url.replace('http://', `http://alice:${PASSWORD}@`)}?api_key=${QUERY}&v=1`;
    const dir = tempDir();
    const checks = ['--check', 'ENV-EXPIRED', '--check', 'INT-CHECKSUM', '--check', 'WIRE-ROUNDTRIP'];
    const args = ['--adapter-url', url, '-H', `Authorization: Bearer ${TOKEN}`, '--header', `X-Api-Key: ${KEY}`];
    const run = await cli([...args, ...checks, '--runs', '3', '--seed', '5', '--verbose', '--out', 'out'], dir);
    expect(run.code, run.stderr).toBe(1);
    // The service did get them, and echoed them.
    const report = readJson(join(dir, 'out', 'report.json'));
    expect(report.adapter.name).toBe('echo auth=[redacted] key=[redacted] url=/uaix?api_key=[redacted]&v=1');
    expect(report.adapter.spec).toBe(`${s.url}?api_key=REDACTED&v=REDACTED`);
    expect(report.checks.map((c: Check) => c.status)).toEqual(['failed', 'errored', 'failed']);
    const site = await cli(['site', join('out', 'report.json'), '--out', 'site'], dir);
    expect(site.code, site.stderr).toBe(0);
    const doctor = await cli(['doctor', ...args], dir);
    expect(doctor.code).toBe(1);
    const written = [...filesIn(join(dir, 'out')), ...filesIn(join(dir, 'site'))];
    expect(written.map((f) => f.file.slice(dir.length + 1))).toEqual(
      expect.arrayContaining([
        'out/report.json',
        'out/junit.xml',
        'out/report.html',
        'out/summary.md',
        'site/index.html',
      ]),
    );
    const texts = [
      ...written,
      ...[run, site, doctor].flatMap((r, i) => [
        { file: `stdout ${i}`, text: r.stdout },
        { file: `stderr ${i}`, text: r.stderr },
      ]),
    ];
    const leaks = texts.flatMap(({ file, text }) =>
      secrets.filter((x) => text.includes(x)).map((x) => `${file}: ${x}`),
    );
    expect(leaks).toEqual([]);
    // What was hidden is said to be: the reader knows a secret was there.
    expect(readFileSync(join(dir, 'out', 'report.json'), 'utf8')).toContain('[redacted]');
    expect(run.stdout + run.stderr).toContain('[redacted]');
  });
});

describe('a config file', () => {
  it('names the service and its headers; its header values are secrets too', async () => {
    const SECRET = 'cfg-token-8c7b6a5d4e';
    let sent: string | undefined;
    const s = await service(async (incoming) => {
      sent = incoming.req.headers['x-api-key'] as string;
      if (incoming.msg?.method === 'computeChecksum')
        return sendText(incoming.res, 500, `key ${sent} is not allowed`, 'text/plain');
      await asReference()(incoming);
    });
    const dir = tempDir();
    writeFileSync(
      join(dir, 'uaix-conformance.config.json'),
      JSON.stringify({ 'adapter-url': s.url, header: [`X-Api-Key: ${SECRET}`], check: ['INT-CHECKSUM'], runs: 2 }),
    );
    const r = await cli(['--out', 'out'], dir);
    expect(r.code, r.stderr).toBe(1);
    expect(sent).toBe(SECRET);
    const text = readFileSync(join(dir, 'out', 'report.json'), 'utf8');
    expect(JSON.parse(text).checks[0].error.message).toBe(
      'computeChecksum: the service answered 500 Internal Server Error with a body: key [redacted] is not allowed',
    );
    expect([text, r.stdout, r.stderr].some((t) => t.includes(SECRET))).toBe(false);
  });
});

describe.skipIf(!HAVE_OPENSSL)('https', () => {
  it('a certificate no trusted CA signed is a usage error that names NODE_EXTRA_CA_CERTS', async () => {
    const pki = makeTestPki();
    const s = await service(asReference(), { key: pki.key, cert: pki.cert });
    expectUsageError(
      await cli(['--adapter-url', s.url, '--runs', '1']),
      /^uaix-conformance: cannot reach the service at https:\/\/127\.0\.0\.1:\d+\/uaix: TLS: .*certificate.* \(a certificate of a private CA\? name it with NODE_EXTRA_CA_CERTS=<ca\.pem>\)$/,
    );
    expect(s.stats.requests).toBe(0);
  });
});

describe('doctor --adapter-url', () => {
  it('the reference behind HTTP: all is well, with the requests it takes at once', async () => {
    const s = await service(asReference());
    const r = await cli(['doctor', '--adapter-url', s.url]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stderr).toMatch(new RegExp(`doctor: ${s.url.replace(/[.?]/g, '\\$&')}: uaix-conformance reference`));
    expect(r.stdout).toMatch(/note: it takes 4 requests at once[\s\S]*all is well/);
  });

  it('says in plain words what is wrong with the wiring: an error page, a JSON-RPC error sent with 500, the wrong shape', async () => {
    const s = await service(async (incoming) => {
      const { msg, res } = incoming;
      if (msg?.method === 'computeChecksum') return sendText(res, 502, '<html><title>Bad Gateway</title></html>');
      if (msg?.method === 'toKeyless')
        return sendJson(res, { jsonrpc: '2.0', id: msg.id, error: { code: -32000, message: 'no' } }, 500);
      if (msg?.method === 'validateEnvelope') return sendJson(res, { jsonrpc: '2.0', id: msg.id, result: { ok: 1 } });
      await asReference()(incoming);
    });
    const r = await cli(['doctor', '--adapter-url', s.url]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/problem: validateEnvelope: the answer has the wrong shape/);
    expect(r.stdout).toMatch(
      /problem: computeChecksum: the service answered 502 Bad Gateway with an HTML page: Bad Gateway/,
    );
    expect(r.stdout).toMatch(
      /problem: toKeyless: the service answered 500 Internal Server Error with a body: .* \(a JSON-RPC response: the HTTP binding answers every response, errors included, with status 200\)/,
    );
    expect(r.stdout).toMatch(/3 problems\n$/);
  });

  it('a service that is not there: one problem, exit 1', async () => {
    const s = await service(asReference());
    await s.close();
    const r = await cli(['doctor', '--adapter-url', s.url]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/problem: the adapter did not start: cannot reach the service at .*: connection refused/);
  });
});
