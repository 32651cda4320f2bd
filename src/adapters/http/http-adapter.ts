import type { Budgets } from '../../contract/budgets.js';
import type { Adapter } from '../../contract/adapter.js';
import { CALL_BOUND } from '../../engine/harness.js';
import { buildAdapter, PROCESS_CONTROL, type ProcessControl, transportDeadline } from '../process/process-adapter.js';
import type { Header } from './headers.js';
import { isReadOnlyMethod } from './read-only.js';
import type { NetworkRecord } from '../../model/report.js';
import { HttpTransport, THROTTLE } from './transport.js';
import { parseServiceUrl } from './url.js';

/** How a live service is reached, besides its URL: what `--header`, `--read-only` and `--max-rate` say. */
export interface HttpAdapterOptions {
  /** The run's per-call timeout (`--timeout`); each attempt's own deadline is a little shorter. */
  timeoutMs?: number;
  /** Request headers (`--header`), sent with every request and never written anywhere. */
  headers?: readonly Header[];
  /** Call only the members that change nothing on the service (D-HTTP-07). */
  readOnly?: boolean;
  /** Requests per second at most (`--max-rate`). */
  maxRate?: number;
  /** Applied to the excerpts of what the service answered (secrets it echoed). */
  redact?: (s: string) => string;
  /** The user agent the requests name. */
  userAgent?: string;
  /** What one answer may hold (D-REL-02). */
  budgets?: Budgets;
}

/** Under this symbol a live service's adapter carries its network figures (`networkStats`). */
const NETWORK: unique symbol = Symbol.for('uaix-conformance.http-network');

/**
 * Reaches a live service over the HTTP binding of `uaix-adapter/1` (docs/protocol.md; D-HTTP-01)
 * and returns it as an `Adapter`: `describe()` answers the handshake's info, and every method the
 * service listed becomes a member (a read-only run keeps only the members that change nothing). A
 * service that cannot be reached or does not answer `describe` is a one-line `UsageError`.
 */
export async function createHttpAdapter(url: string, options: HttpAdapterOptions = {}): Promise<Adapter> {
  const service = parseServiceUrl(url);
  const harnessTimeout = options.timeoutMs ?? 10_000;
  const transport = new HttpTransport({
    url: service,
    headers: options.headers ?? [],
    timeoutMs: transportDeadline(harnessTimeout),
    ...(options.maxRate !== undefined ? { maxRate: options.maxRate } : {}),
    ...(options.redact !== undefined ? { redact: options.redact } : {}),
    ...(options.userAgent !== undefined ? { userAgent: options.userAgent } : {}),
    ...(options.budgets !== undefined ? { budgets: options.budgets } : {}),
  });
  const described = await transport.start();
  const methods = options.readOnly === true ? described.methods.filter((m) => isReadOnlyMethod(m)) : described.methods;
  const control: ProcessControl = { abort: () => transport.abort(), close: () => transport.close() };
  const adapter = buildAdapter({ ...described, methods }, (method, args) => transport.call(method, args), control);
  // A call may wait out throttling (D-HTTP-04) and its `--max-rate` slot: the harness allows for both.
  const rateWait = options.maxRate !== undefined ? ((2 * 32 + THROTTLE.waitsPerCall) * 1000) / options.maxRate : 0;
  const bound =
    (THROTTLE.waitsPerCall + 2) * harnessTimeout + THROTTLE.waitsPerCall * THROTTLE.longestWaitMs + rateWait;
  Object.defineProperty(adapter, CALL_BOUND, { value: Math.ceil(bound), enumerable: false });
  const record = (): NetworkRecord => ({
    ...transport.stats,
    waitedMs: Math.round(transport.stats.waitedMs),
    readOnly: options.readOnly === true,
    ...(options.maxRate !== undefined ? { maxRate: options.maxRate } : {}),
  });
  Object.defineProperty(adapter, NETWORK, { value: record, enumerable: false });
  return adapter;
}

/** The lifecycle handle of a live service's adapter (stops its requests, ends its connections). */
export function httpControl(adapter: Adapter): ProcessControl | undefined {
  return (adapter as { [PROCESS_CONTROL]?: ProcessControl })[PROCESS_CONTROL];
}

/** The network figures of a live service's adapter so far; undefined for any other adapter. */
export function networkRecord(adapter: Adapter): NetworkRecord | undefined {
  const read = (adapter as { [NETWORK]?: () => NetworkRecord })[NETWORK];
  return typeof read === 'function' ? read() : undefined;
}

export { abortAllTransports } from './transport.js';
