import { AdapterFault } from '../../engine/check.js';
import { UsageError } from '../../contract/errors.js';
import { joinCommand } from './command-line.js';
import { Connection, RemoteError } from './connection.js';
import type { ProcessEvidence } from './evidence.js';
import { shapeProblem } from '../../contract/shapes.js';
import { LOAD_FAILED_CODE, PROTOCOL, PROTOCOL_MAJOR } from './protocol.js';
import { DEFAULT_BUDGETS, type Budgets } from '../../contract/budgets.js';

/** What an adapter process says about itself in answer to `describe`. */
export interface DescribeResult {
  name: string;
  version: string;
  capabilityLevel?: string;
  protocol: string;
  methods: string[];
  [extra: string]: unknown;
}

export interface TransportOptions {
  /** The command, already split into words. */
  argv: readonly string[];
  /** How messages and evidence name the adapter (default: the command line). */
  label?: string;
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Per-request deadline in ms (default 10 000); a restart before the request has the start deadline. */
  timeoutMs?: number;
  /**
   * Deadline of a start and its `describe`, the first and every restart (default: max(timeoutMs,
   * 10 000)): a process that takes seconds to load (a JVM, a TypeScript module) is not faulted for it.
   */
  startTimeoutMs?: number;
  /** Restarts allowed after the first start (default 3). */
  maxRestarts?: number;
  /** Longest line accepted from the adapter (default: the budget `answer-bytes`, 8 MiB). */
  maxLineBytes?: number;
  /** What one answer may hold (D-REL-02); default `DEFAULT_BUDGETS`. */
  budgets?: Budgets;
  /** How long `close()` waits for the process to exit after closing its stdin (default 2000 ms). */
  closeGraceMs?: number;
  /**
   * Called once the first process has been started, before its `describe` answer: the caller can
   * load its own code while the process boots (restarts do not call it).
   */
  onSpawned?: () => void;
}

export const DEFAULT_MAX_RESTARTS = 3;
export const DEFAULT_MAX_LINE_BYTES = DEFAULT_BUDGETS['answer-bytes'];

/**
 * Supervises an adapter process: starts it, performs the `describe` handshake, sends requests, and
 * after the process died or broke the protocol starts a fresh one on the next request, at most
 * `maxRestarts` times; after that every request faults at once with the reason.
 */
export class ProcessTransport {
  private conn: Connection | undefined;
  private restarts = 0;
  private lastFailure: string | undefined;
  private stopped: string | undefined;
  private info: DescribeResult | undefined;
  private starting: Promise<Connection> | undefined;
  readonly timeoutMs: number;
  readonly maxRestarts: number;

  constructor(private readonly opts: TransportOptions) {
    if (opts.argv.length === 0) throw new UsageError('the adapter command is empty');
    this.timeoutMs = opts.timeoutMs ?? 10_000;
    this.maxRestarts = opts.maxRestarts ?? DEFAULT_MAX_RESTARTS;
  }

  get command(): string {
    return this.opts.label ?? joinCommand(this.opts.argv);
  }

  /** The deadline of a start (see `TransportOptions.startTimeoutMs`). */
  get startBoundMs(): number {
    return this.startTimeoutMs;
  }

  private get startTimeoutMs(): number {
    return this.opts.startTimeoutMs ?? Math.max(this.timeoutMs, 10_000);
  }

  /** Restarts used so far. */
  get restartCount(): number {
    return this.restarts;
  }

  /** Starts the first process and returns its `describe` answer; a UsageError when it cannot start. */
  async start(): Promise<DescribeResult> {
    try {
      this.conn = this.spawn();
      this.opts.onSpawned?.();
      this.info = await this.handshake(this.conn, this.startTimeoutMs);
      return this.info;
    } catch (e) {
      await this.close();
      if (e instanceof UsageError) throw e;
      const ev = e instanceof AdapterFault ? (e.evidence as ProcessEvidence | undefined) : undefined;
      const tail = ev?.stderrTail ? `\nstderr: ${ev.stderrTail.trim().split('\n').slice(-5).join('\n        ')}` : '';
      throw new UsageError(`the adapter process did not start (${this.command}): ${(e as Error).message}${tail}`);
    }
  }

  private spawn(): Connection {
    return new Connection({
      argv: this.opts.argv,
      ...(this.opts.label !== undefined ? { label: this.opts.label } : {}),
      maxLineBytes: this.opts.maxLineBytes ?? this.opts.budgets?.['answer-bytes'] ?? DEFAULT_MAX_LINE_BYTES,
      ...(this.opts.budgets !== undefined ? { budgets: this.opts.budgets } : {}),
      restarts: this.restarts,
      ...(this.opts.cwd !== undefined ? { cwd: this.opts.cwd } : {}),
      ...(this.opts.env !== undefined ? { env: this.opts.env } : {}),
    });
  }

  /** Sends `describe` and checks the answer; a connection that fails it is stopped. */
  private async handshake(conn: Connection, timeoutMs: number): Promise<DescribeResult> {
    try {
      return this.checkDescribe(await conn.request('describe', [], timeoutMs));
    } catch (e) {
      conn.abort(`describe failed: ${(e as Error).message}`);
      if (e instanceof RemoteError && e.code === LOAD_FAILED_CODE) throw new UsageError(e.message);
      if (e instanceof RemoteError)
        throw new AdapterFault(`describe: the adapter answered with an error: ${e.message}`);
      throw e;
    }
  }

  private checkDescribe(result: unknown): DescribeResult {
    const problem = shapeProblem('describe', result);
    if (problem)
      throw new AdapterFault(`describe: the answer is not a ${PROTOCOL} describe result: ${problem}`, {
        line: JSON.stringify(result)?.slice(0, 500),
      });
    const info = result as DescribeResult;
    if (Number(info.protocol.split('/')[1]) !== PROTOCOL_MAJOR)
      throw new AdapterFault(`describe: the adapter speaks ${info.protocol}; this pack speaks ${PROTOCOL}`);
    if (this.info && [...this.info.methods].sort().join() !== [...info.methods].sort().join()) {
      throw new AdapterFault(
        `describe: the restarted adapter lists other methods (${info.methods.join(', ')}) than at the start (${this.info.methods.join(', ')})`,
      );
    }
    return info;
  }

  /** A live connection, restarting one when the last died and the budget allows. */
  private async connection(method: string): Promise<Connection> {
    if (this.conn?.alive) return this.conn;
    if (this.starting) return this.starting;
    if (this.conn && !this.conn.alive) {
      this.lastFailure = this.conn.deathMessage;
      const unseen = this.conn.takeUnreportedFault(method);
      this.conn = undefined;
      if (unseen) throw unseen; // the breakdown errors this call; the next one restarts the process
    }
    if (this.restarts >= this.maxRestarts) {
      throw new AdapterFault(
        `${method}: the adapter process failed ${this.restarts + 1} times and is not restarted again (limit ${this.maxRestarts} restarts); last failure: ${this.lastFailure ?? 'unknown'}`,
        {
          kind: 'gave-up',
          command: this.command,
          method,
          stderrTail: '',
          restarts: this.restarts,
        } satisfies ProcessEvidence,
      );
    }
    this.restarts += 1;
    this.starting = (async () => {
      const conn = this.spawn();
      try {
        await this.handshake(conn, this.startTimeoutMs);
        this.conn = conn;
        return conn;
      } catch (e) {
        this.lastFailure = (e as Error).message;
        if (e instanceof AdapterFault)
          throw new AdapterFault(`${method}: restarting the adapter failed: ${e.message}`, e.evidence);
        throw e;
      } finally {
        this.starting = undefined;
      }
    })();
    return this.starting;
  }

  /**
   * Sends `method(params)`. Resolves with the result; rejects with a RemoteError when the
   * implementation answered with an error, or an AdapterFault when the process broke down.
   */
  async call(method: string, params: readonly unknown[]): Promise<unknown> {
    if (this.stopped)
      throw new AdapterFault(`${method}: ${this.stopped}`, {
        kind: 'aborted',
        command: this.command,
        method,
        stderrTail: '',
        restarts: this.restarts,
      } satisfies ProcessEvidence);
    const conn = await this.connection(method);
    return conn.request(method, params, this.timeoutMs);
  }

  /** Kills the process now (Ctrl-C); every later call faults at once. */
  abort(reason = 'the run was interrupted; the adapter process was stopped'): void {
    this.stopped ??= reason;
    this.conn?.abort(reason);
  }

  /** Closes stdin, lets the process exit, kills it if it does not. Idempotent. */
  async close(): Promise<void> {
    this.stopped ??= 'the adapter was closed';
    const conn = this.conn ?? (this.starting ? await this.starting.catch(() => undefined) : undefined);
    this.conn = undefined;
    await conn?.close(this.opts.closeGraceMs ?? 2000);
  }
}
