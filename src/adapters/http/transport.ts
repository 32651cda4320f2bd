import { STATUS_CODES } from 'node:http';
import { Agent } from 'undici';
import { UsageError } from '../../contract/errors.js';
import { MEMBER_ANSWER, shapeProblem } from '../../contract/shapes.js';
import { AdapterFault } from '../../engine/check.js';
import { MAX_PIPELINE } from '../../engine/harness.js';
import { RemoteError } from '../process/connection.js';
import {
  DEFAULT_BUDGETS,
  measureJsonText,
  overBudget,
  RESPONSE_WRAPPER,
  textOverBudget,
  type Budgets,
} from '../../contract/budgets.js';
import { cutLine } from '../process/evidence.js';
import {
  encodeRequest,
  LOAD_FAILED_CODE,
  PROTOCOL,
  PROTOCOL_ERROR_CODES,
  PROTOCOL_MAJOR,
} from '../process/protocol.js';
import { DEFAULT_MAX_LINE_BYTES, type DescribeResult } from '../process/transport.js';
import { bodyExcerpt, isHtml, type HttpEvidence, type HttpFaultKind } from './evidence.js';
import type { Header } from './headers.js';
import { shownLocation, type ServiceUrl } from './url.js';

/**
 * The HTTP binding of `uaix-adapter/1` (docs/protocol.md, "The HTTP binding"; D-HTTP-01): each
 * request is one POST of one JSON-RPC request message to the service's URL, answered by status 200
 * and one response message. The client is undici's (the package Node's own `fetch` is built on),
 * through its dispatcher and one `Agent` per adapter: connections are kept alive and reused, and
 * the requests in flight never exceed what the service declared (`inFlight`). No redirect is
 * followed; TLS is Node's, with its CA list and `NODE_EXTRA_CA_CERTS`.
 */

/** The longest answer the pack reads: the longest line of the stdio binding. */
export const MAX_ANSWER_BYTES = DEFAULT_MAX_LINE_BYTES;
/** How much of a refusal's body (a 4xx or 5xx page) is read for its excerpt. */
const ERROR_BODY_BYTES = 64 * 1024;

/** D-HTTP-04: throttling (429, or 503 with `Retry-After`) is waited out, within these bounds. */
export const THROTTLE = Object.freeze({
  /** Waits per request; the next throttle errors it. */
  waitsPerCall: 5,
  /** The longest wait the pack accepts: a longer `Retry-After` errors the request at once. */
  longestWaitMs: 30_000,
  /** The wait after a 429 without `Retry-After`. */
  defaultWaitMs: 1_000,
  /** The longest the whole run waits for the service; then every throttle errors its request at once. */
  runBudgetMs: 600_000,
});

/** How the network behaved over a run: what report.json's `network` counts (D-HTTP-04). */
export interface NetworkStats {
  /** Answers 429 or 503 with `Retry-After` that were waited out, the request then sent again. */
  throttled: number;
  /** The time the run held its requests back for them (ms, wall clock, overlapping waits counted once). */
  waitedMs: number;
  /** Requests sent again after their connection dropped before the whole answer came. */
  resent: number;
}

export interface HttpTransportOptions {
  url: ServiceUrl;
  headers: readonly Header[];
  /** Per-attempt deadline (ms). */
  timeoutMs: number;
  /** Deadline of the `describe` at the start (default max(timeoutMs, 10 000)). */
  startTimeoutMs?: number;
  /** Requests per second at most (`--max-rate`); unbounded when absent. */
  maxRate?: number;
  /** Applied to every excerpt of what the service answered (secrets it echoed). */
  redact?: (s: string) => string;
  /** The user agent the requests name. */
  userAgent?: string;
  /** What one answer may hold (D-REL-02): checked on its text before it is parsed. Default: `DEFAULT_BUDGETS`. */
  budgets?: Budgets;
}

/** Every live transport, so a signal in any phase (the start included) stops their requests. */
const live = new Set<HttpTransport>();

/** Aborts every live transport's requests at once (a signal, start-up included). */
export function abortAllTransports(reason = 'the run was interrupted'): void {
  for (const t of live) t.abort(reason);
}

/** What one attempt came to, before the retry rules look at it. */
type Attempt =
  | { ok: true; value: unknown }
  | { ok: false; error: Error }
  | { ok: false; throttle: { waitMs: number; retryAfter?: string; status: number } }
  | { ok: false; dropped: AdapterFault };

const decoder = new TextDecoder('utf-8', { fatal: true });

/** Network error codes that mean the connection went away under a request. */
const DROPPED = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE', 'UND_ERR_CLOSED', 'ECONNABORTED']);
const UNRESOLVED = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL', 'EAI_NODATA']);
const TLS_CODE = /CERT|SELF_SIGNED|UNABLE_TO_|^ERR_TLS|^ERR_SSL|^EPROTO$|ALTNAME|HANDSHAKE/;

/** What came back to one POST: the status, the headers (names in lower case) and the body, `cut` when longer than was read. */
interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  bytes: number;
  cut: boolean;
}

/** Why the pack stopped a request: its deadline passed, or it read all of the body it reads. */
const DEADLINE = new Error('the deadline passed');
const CUT = new Error('the body was longer than the pack reads');

/** True when a refusal's body is a JSON-RPC response after all (a server that maps errors to 4xx/5xx). */
function looksLikeResponse(text: string): boolean {
  try {
    const v = JSON.parse(text) as { jsonrpc?: unknown };
    return v !== null && typeof v === 'object' && v.jsonrpc === '2.0';
  } catch {
    return false;
  }
}

/** `Retry-After` (delay-seconds or an HTTP date) in ms from now; undefined when absent or unreadable. */
export function retryAfterMs(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * Talks to one live service: the `describe` handshake, then one POST per call. Never throws
 * anything but a result, a `RemoteError` (the implementation refused) or an `AdapterFault` (the
 * service or the network broke down), and never retries except as D-HTTP-04 says.
 */
export class HttpTransport {
  private agent: Agent;
  /** How to stop each request in flight (a deadline, or the whole transport stopping). */
  private readonly cancels = new Set<(e: Error) => void>();
  /** Where the requests go: the service's origin, and its path with the query. */
  private readonly origin: string;
  private readonly path: string;
  private readonly headers: Record<string, string>;
  private readonly spacingMs: number;
  private readonly redact: (s: string) => string;
  private nextId = 1;
  private stopped: string | undefined;
  /** Requests in flight, and the calls waiting for a free place. */
  private active = 0;
  private limit = 1;
  private readonly waiting: (() => void)[] = [];
  /** No request starts before this instant (performance.now()): a throttle's wait. */
  private notBefore = 0;
  /** The next instant a request may start at under `--max-rate`. */
  private nextSlot = 0;
  /** The waits under way (a throttle, a rate slot): a stop ends them at once. */
  private readonly sleepers = new Set<() => void>();
  readonly stats: NetworkStats = { throttled: 0, waitedMs: 0, resent: 0 };

  constructor(private readonly opts: HttpTransportOptions) {
    this.agent = HttpTransport.agentFor(1);
    const target = new URL(opts.url.target);
    this.origin = target.origin;
    this.path = `${target.pathname}${target.search}`;
    this.headers = {
      'content-type': 'application/json',
      accept: 'application/json',
      'user-agent': opts.userAgent ?? 'uaix-conformance',
      ...(opts.url.authorization !== undefined ? { authorization: opts.url.authorization } : {}),
      ...Object.fromEntries(opts.headers.map(([n, v]) => [n.toLowerCase(), v])),
    };
    this.spacingMs = opts.maxRate !== undefined ? 1000 / opts.maxRate : 0;
    this.redact = opts.redact ?? ((s) => s);
    live.add(this);
  }

  /**
   * The connections to the service: kept alive and reused, at most `connections` of them (the
   * requests it takes at once), so a busy one is waited for rather than another one opened.
   */
  private static agentFor(connections: number): Agent {
    // The pack's own deadline (`--timeout`) is the one that counts: undici's own are off.
    return new Agent({ connections, headersTimeout: 0, bodyTimeout: 0 });
  }

  /** How messages and evidence name the service. */
  get shown(): string {
    return this.opts.url.shown;
  }

  /** Sends `describe` and checks the answer; every failure is a one-line usage error. */
  async start(): Promise<DescribeResult> {
    const deadline = this.opts.startTimeoutMs ?? Math.max(this.opts.timeoutMs, 10_000);
    let answer: unknown;
    try {
      answer = await this.call('describe', [], deadline);
    } catch (e) {
      await this.close();
      throw new UsageError(this.startProblem(e));
    }
    const problem = shapeProblem('describe', answer);
    const info = answer as DescribeResult;
    const refuse = (why: string) => {
      void this.close();
      return new UsageError(`the service at ${this.shown} ${why}`);
    };
    if (problem) throw refuse(`answered describe with something that is not a ${PROTOCOL} describe result: ${problem}`);
    if (Number(info.protocol.split('/')[1]) !== PROTOCOL_MAJOR)
      throw refuse(`speaks ${info.protocol}; this pack speaks ${PROTOCOL}`);
    this.limit = typeof info.inFlight === 'number' ? Math.min(info.inFlight, MAX_PIPELINE) : 1;
    if (this.limit > 1) {
      // The handshake's one connection makes way for as many as the service takes requests at once.
      const first = this.agent;
      this.agent = HttpTransport.agentFor(this.limit);
      void first.close().catch(() => undefined);
    }
    return info;
  }

  /** One line for a start that failed: what went wrong, and what to do about it. */
  private startProblem(e: unknown): string {
    const message = e instanceof Error ? e.message.replace(/^describe: /, '') : String(e);
    if (e instanceof RemoteError && e.code === LOAD_FAILED_CODE) return e.message;
    if (e instanceof RemoteError) return `the service at ${this.shown} answered describe with an error: ${message}`;
    const ev = e instanceof AdapterFault ? (e.evidence as HttpEvidence | undefined) : undefined;
    const where = `the service at ${this.shown}`;
    switch (ev?.kind) {
      case 'connection-refused':
        return `cannot reach ${where}: connection refused (is it running, on this host and port?)`;
      case 'unresolved':
        return `cannot reach ${where}: the host name ${new URL(this.opts.url.target).hostname} does not resolve`;
      case 'tls':
        return `cannot reach ${where}: ${message} (a certificate of a private CA? name it with NODE_EXTRA_CA_CERTS=<ca.pem>)`;
      case 'redirect':
        return `${where} redirects describe to ${ev.location ?? 'elsewhere'}: the pack follows no redirect; give the final URL`;
      case 'timeout':
        return `${where} did not answer describe: ${message}`;
      default:
        return `${where} did not answer describe as a ${PROTOCOL} service: ${message}`;
    }
  }

  /** Takes a place among the requests in flight (at most the service's `inFlight`): at once when one is free. */
  private acquire(): Promise<void> | undefined {
    if (this.active < this.limit) {
      this.active += 1;
      return undefined;
    }
    return new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active -= 1;
  }

  /** Waits `ms`, or until the transport is stopped. */
  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.sleepers.add(done);
    });
  }

  /** Waits until a request may start: after any throttle's wait, and at its `--max-rate` slot. At once when nothing holds it back. */
  private gate(): Promise<void> | undefined {
    const now = performance.now();
    let at = Math.max(now, this.notBefore);
    if (this.spacingMs > 0) {
      at = Math.max(at, this.nextSlot);
      this.nextSlot = at + this.spacingMs;
    }
    return at > now ? this.held(at - now) : undefined;
  }

  private async held(ms: number): Promise<void> {
    await this.sleep(ms);
    // Another request may have been throttled meanwhile: its wait holds this one back too.
    while (!this.stopped && performance.now() < this.notBefore) await this.sleep(this.notBefore - performance.now());
  }

  /** Holds every request back for `waitMs` from now; returns false when the run's budget for waiting is spent. */
  private holdBack(waitMs: number): boolean {
    const now = performance.now();
    const until = now + waitMs;
    if (until <= this.notBefore) return true;
    const added = until - Math.max(now, this.notBefore);
    if (this.stats.waitedMs + added > THROTTLE.runBudgetMs) return false;
    this.stats.waitedMs += added;
    this.notBefore = until;
    return true;
  }

  private evidence(method: string, kind: HttpFaultKind, extra: Partial<HttpEvidence> = {}): HttpEvidence {
    return { kind, url: this.shown, method, ...extra };
  }

  private fault(method: string, kind: HttpFaultKind, message: string, extra: Partial<HttpEvidence> = {}): AdapterFault {
    return new AdapterFault(`${method}: ${message}`, this.evidence(method, kind, extra));
  }

  /**
   * Sends `method(params)`: resolves with the result; rejects with a RemoteError when the
   * implementation answered with an error, or an AdapterFault when the service or the network broke down.
   */
  async call(method: string, params: readonly unknown[], deadlineMs = this.opts.timeoutMs): Promise<unknown> {
    if (this.stopped) throw this.fault(method, 'aborted', this.stopped);
    const id = this.nextId++;
    let body: string;
    try {
      body = encodeRequest(id, method, params);
    } catch (e) {
      throw this.fault(
        method,
        'unsendable',
        `the case has no JSON form and cannot be sent to a service: ${(e as Error).message}`,
      );
    }
    const place = this.acquire();
    if (place !== undefined) await place;
    try {
      let throttles = 0;
      let resent = false;
      for (;;) {
        const gate = this.gate();
        if (gate !== undefined) await gate;
        if (this.stopped) throw this.fault(method, 'aborted', this.stopped);
        const attempt = await this.attempt(method, id, body, deadlineMs);
        if (attempt.ok) return attempt.value;
        if ('error' in attempt) throw attempt.error;
        if ('dropped' in attempt) {
          // A session's call may have changed the service's state before it dropped: never sent twice.
          if (resent || method.startsWith('recovery.')) throw attempt.dropped;
          resent = true;
          this.stats.resent += 1;
          continue;
        }
        const { waitMs, retryAfter, status } = attempt.throttle;
        const said = retryAfter !== undefined ? ` (Retry-After: ${retryAfter.slice(0, 60)})` : '';
        const ev = {
          status,
          throttled: throttles,
          ...(retryAfter !== undefined ? { retryAfter: retryAfter.slice(0, 60) } : {}),
        };
        if (throttles >= THROTTLE.waitsPerCall)
          throw this.fault(
            method,
            'throttled',
            `the service answered ${status} again${said} after ${throttles} waits; the pack waits at most ${THROTTLE.waitsPerCall} times per request`,
            ev,
          );
        if (waitMs > THROTTLE.longestWaitMs)
          throw this.fault(
            method,
            'throttled',
            `the service answered ${status}${said}, a wait of ${Math.round(waitMs / 1000)} s; the pack waits at most ${THROTTLE.longestWaitMs / 1000} s`,
            ev,
          );
        if (!this.holdBack(waitMs))
          throw this.fault(
            method,
            'throttled',
            `the service answered ${status}${said}, and the run has already waited ${Math.round(this.stats.waitedMs / 1000)} s for it, its limit`,
            ev,
          );
        throttles += 1;
        this.stats.throttled += 1;
      }
    } finally {
      this.release();
    }
  }

  /**
   * One POST through undici's dispatcher (its lowest layer: no stream or URL object per request),
   * within `deadlineMs`. Resolves with the answer, its body cut to `MAX_ANSWER_BYTES` for a 200 and
   * to `ERROR_BODY_BYTES` for any other status (a cut body closes the connection); rejects with the
   * network error, or `DEADLINE` when the deadline passed.
   */
  private post(body: string, deadlineMs: number): Promise<Answer> {
    return new Promise<Answer>((resolve, reject) => {
      let abort: ((e: Error) => void) | undefined;
      let cancelled: Error | undefined;
      let settled = false;
      const chunks: Buffer[] = [];
      const headers: Record<string, string> = {};
      let status = 0;
      let bytes = 0;
      let cap = MAX_ANSWER_BYTES;
      const settle = (then: () => void) => {
        if (settled) return;
        settled = true;
        if (timer !== undefined) clearTimeout(timer);
        this.cancels.delete(cancel);
        then();
      };
      const answer = (cut: boolean) => () =>
        resolve({ status, headers, body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks), bytes, cut });
      // Before the request is under way (its connection still opening), a cancel settles it at once;
      // undici stops it as soon as it starts.
      const cancel = (e: Error) => {
        cancelled = e;
        if (abort !== undefined) abort(e);
        else settle(() => reject(e));
      };
      const timer =
        Number.isFinite(deadlineMs) && deadlineMs > 0 ? setTimeout(() => cancel(DEADLINE), deadlineMs) : undefined;
      this.cancels.add(cancel);
      this.agent.dispatch(
        { origin: this.origin, path: this.path, method: 'POST', headers: this.headers, body },
        {
          onConnect: (a) => {
            abort = a;
            if (cancelled !== undefined) a(cancelled);
          },
          onHeaders: (code, raw) => {
            status = code;
            for (let i = 0; i + 1 < raw.length; i += 2) {
              const name = raw[i]!.toString('latin1').toLowerCase();
              headers[name] ??= raw[i + 1]!.toString('latin1');
            }
            cap = code === 200 ? MAX_ANSWER_BYTES : ERROR_BODY_BYTES;
            return true;
          },
          onData: (chunk) => {
            bytes += chunk.length;
            if (bytes > cap) {
              chunks.push(chunk.subarray(0, Math.max(0, chunk.length - (bytes - cap))));
              settle(answer(true));
              abort?.(CUT);
              return false;
            }
            chunks.push(chunk);
            return true;
          },
          onComplete: () => settle(answer(false)),
          onError: (e) => settle(() => reject(e)),
        },
      );
    });
  }

  /** One POST, and what came of it. */
  private async attempt(method: string, id: number, body: string, deadlineMs: number): Promise<Attempt> {
    let res: Answer;
    try {
      res = await this.post(body, deadlineMs);
    } catch (e) {
      if (this.stopped) return { ok: false, error: this.fault(method, 'aborted', this.stopped) };
      if (e === DEADLINE)
        return {
          ok: false,
          error: this.fault(method, 'timeout', `no answer within ${deadlineMs} ms; the request was abandoned`),
        };
      return this.networkFailure(method, e);
    }
    const { status, headers } = res;
    const contentType = headers['content-type'];
    if (status === 200) {
      if (res.cut)
        return {
          ok: false,
          error: this.fault(method, 'answer-too-large', `the service answered more than ${MAX_ANSWER_BYTES} bytes`, {
            status,
            line: cutLine(this.redact(res.body.subarray(0, 2000).toString('utf8'))),
            lineBytes: res.bytes,
          }),
        };
      return this.answerOf(method, id, res.body, contentType);
    }
    const retryAfter = headers['retry-after'];
    const waitMs = retryAfterMs(retryAfter);
    if (status === 429 || (status === 503 && waitMs !== undefined))
      return {
        ok: false,
        throttle: {
          waitMs: waitMs ?? THROTTLE.defaultWaitMs,
          status,
          ...(retryAfter !== undefined ? { retryAfter } : {}),
        },
      };
    const text = this.redact(res.body.toString('utf8'));
    const excerpt = bodyExcerpt(text, contentType);
    const named = `${status}${STATUS_CODES[status] ? ` ${STATUS_CODES[status]}` : ''}`;
    const ct = contentType !== undefined ? { contentType: contentType.slice(0, 100) } : {};
    if (status >= 300 && status < 400) {
      const location = headers.location;
      const shown = location !== undefined ? shownLocation(location, this.opts.url.target) : undefined;
      return {
        ok: false,
        error: this.fault(
          method,
          'redirect',
          `the service answered ${named}${shown !== undefined ? ` to ${shown}` : ''}: the pack follows no redirect (give the final URL)`,
          { status, ...(shown !== undefined ? { location: shown } : {}), ...ct },
        ),
      };
    }
    if (status === 413) {
      const sent = Buffer.byteLength(body);
      return {
        ok: false,
        error: this.fault(
          method,
          'too-large',
          `the service refused the request as too large (413) after ${sent} bytes were sent`,
          { status, bytesSent: sent, body: excerpt, ...ct },
        ),
      };
    }
    const what = isHtml(contentType, text) ? 'an HTML page' : 'a body';
    const jsonRpc = looksLikeResponse(text)
      ? ' (a JSON-RPC response: the HTTP binding answers every response, errors included, with status 200)'
      : '';
    return {
      ok: false,
      error: this.fault(
        method,
        'status',
        `the service answered ${named} with ${what}${excerpt !== '' ? `: ${excerpt}` : ''}${jsonRpc}`,
        { status, body: excerpt, ...ct },
      ),
    };
  }

  /** A thrown network error, classified: a dropped connection may be resent (D-HTTP-04), the rest fault the call. */
  private networkFailure(method: string, e: unknown): Attempt {
    const err = e as { code?: unknown; message?: unknown; cause?: { code?: unknown } };
    const code = typeof err.code === 'string' ? err.code : typeof err.cause?.code === 'string' ? err.cause.code : '';
    const text = this.redact(String(err.message ?? e)).slice(0, 300);
    const withCode = code !== '' ? { code } : {};
    if (DROPPED.has(code))
      return {
        ok: false,
        dropped: this.fault(
          method,
          'dropped',
          `the connection closed before the whole answer came (${text})`,
          withCode,
        ),
      };
    if (code === 'ECONNREFUSED')
      return { ok: false, error: this.fault(method, 'connection-refused', 'connection refused', withCode) };
    if (UNRESOLVED.has(code))
      return {
        ok: false,
        error: this.fault(method, 'unresolved', `the host name does not resolve (${code})`, withCode),
      };
    if (TLS_CODE.test(code)) return { ok: false, error: this.fault(method, 'tls', `TLS: ${text}`, withCode) };
    return { ok: false, error: this.fault(method, 'network', `the request failed: ${text}`, withCode) };
  }

  /** A 200 answer, checked as the stdio binding checks a line (D-HTTP-01). */
  private answerOf(method: string, id: number, raw: Buffer, contentType: string | undefined): Attempt {
    let text: string;
    try {
      text = raw.toString('utf8');
      if (text.includes('\uFFFD')) decoder.decode(raw);
    } catch {
      return {
        ok: false,
        error: this.fault(method, 'bad-json', 'the service answered with a body that is not UTF-8', {
          status: 200,
          line: cutLine(this.redact(raw.toString('utf8'))),
          lineBytes: raw.length,
        }),
      };
    }
    const shown = this.redact(text);
    const cut = { status: 200, line: cutLine(shown), ...(text.length > 500 ? { lineBytes: raw.length } : {}) };
    // Held to the answer budgets before it is parsed (D-REL-02), as an adapter process's answer line is.
    const budgets = this.opts.budgets ?? DEFAULT_BUDGETS;
    const over = textOverBudget(measureJsonText(text), budgets, RESPONSE_WRAPPER);
    if (over !== undefined) return { ok: false, error: this.fault(method, 'over-budget', over, cut) };
    let msg: { id: number | null; result?: unknown; error?: { code: number; message: string; data?: unknown } };
    try {
      msg = JSON.parse(text);
    } catch {
      const what = isHtml(contentType, text)
        ? `an HTML page: ${bodyExcerpt(shown, contentType)}`
        : 'a body that is not JSON';
      return {
        ok: false,
        error: this.fault(method, 'bad-json', `the service answered 200 with ${what}`, {
          ...cut,
          ...(contentType !== undefined ? { contentType: contentType.slice(0, 100) } : {}),
        }),
      };
    }
    const problem = shapeProblem('response', msg);
    if (problem)
      return {
        ok: false,
        error: this.fault(
          method,
          'bad-message',
          `the service answered with a message that is not a ${PROTOCOL} response`,
          {
            ...cut,
            problem,
          },
        ),
      };
    if (msg.id === null)
      return {
        ok: false,
        error: this.fault(
          method,
          'bad-message',
          `the service could not read the request: ${this.redact(msg.error!.message).slice(0, 200)}`,
          cut,
        ),
      };
    if (msg.id !== id)
      return {
        ok: false,
        error: this.fault(method, 'wrong-id', `the service answered id ${msg.id} to the request with id ${id}`, cut),
      };
    if (msg.error) {
      const { code, message, data } = msg.error;
      if (PROTOCOL_ERROR_CODES.has(code))
        return {
          ok: false,
          error: this.fault(
            method,
            'protocol-error',
            `the service answered with protocol error ${code}: ${this.redact(message).slice(0, 200)}`,
            cut,
          ),
        };
      return { ok: false, error: new RemoteError(message, code, data) };
    }
    const findings = (msg.result as { findings?: unknown } | null)?.findings;
    if (Array.isArray(findings) && findings.length > budgets.findings)
      return {
        ok: false,
        error: this.fault(method, 'over-budget', overBudget('findings', budgets.findings, 'the verdict has'), cut),
      };
    const schema = MEMBER_ANSWER[method];
    const bad = schema ? shapeProblem(schema, msg.result) : null;
    if (bad)
      return {
        ok: false,
        error: this.fault(method, 'bad-result', `the service's result does not match ${schema}.schema.json`, {
          ...cut,
          problem: bad,
        }),
      };
    return { ok: true, value: msg.result };
  }

  /** Marks the transport stopped and ends its requests and waits in flight. */
  private stop(reason: string): void {
    this.stopped ??= reason;
    for (const cancel of [...this.cancels]) cancel(new Error(reason));
    for (const wake of [...this.sleepers]) wake();
    live.delete(this);
  }

  /** Stops every request now (Ctrl-C); later calls fault at once. */
  abort(reason = 'the run was interrupted'): void {
    this.stop(reason);
    void this.agent.destroy().catch(() => undefined);
  }

  /** Ends the connections (the calls in flight are stopped). Idempotent. */
  async close(): Promise<void> {
    if (!live.has(this) && this.stopped) return;
    this.stop('the adapter was closed');
    await this.agent.destroy().catch(() => undefined);
  }
}
