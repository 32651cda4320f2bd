import { spawn, type ChildProcess } from 'node:child_process';
import { AdapterFault } from '../../engine/check.js';
import { joinCommand } from './command-line.js';
import { cutLine, STDERR_TAIL, type FaultKind, type ProcessEvidence } from './evidence.js';
import { LineSplitter } from './line-splitter.js';
import { containment, exitOf, type Contained } from './contain.js';
import { MEMBER_ANSWER, shapeProblem } from '../../contract/shapes.js';
import {
  budgetHint,
  DEFAULT_BUDGETS,
  measureJsonText,
  overBudget,
  RESPONSE_WRAPPER,
  textOverBudget,
  type Budgets,
} from '../../contract/budgets.js';
import { encodeRequest, PROTOCOL, PROTOCOL_ERROR_CODES } from './protocol.js';

/** An error the implementation answered with (a JSON-RPC error outside the protocol codes). */
export class RemoteError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly data?: unknown,
  ) {
    super(message);
    // The pack's own server (serve.ts) sends the in-process description of what was thrown as the
    // message (`thrown` in data): shown exactly as an in-process run shows it, so both paths report alike.
    this.name = isPackServerThrow(data) ? 'Error' : 'RemoteError';
  }
}

/** True for the error data the pack's own server attaches to a thrown error. */
function isPackServerThrow(data: unknown): boolean {
  return data !== null && typeof data === 'object' && (data as { thrown?: unknown }).thrown === 'error';
}

export interface ConnectionOptions {
  argv: readonly string[];
  /** How messages and evidence name the adapter (default: the command line). */
  label?: string;
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  maxLineBytes: number;
  /** What one answer may hold (D-REL-02): checked on its text before it is parsed. Default: `DEFAULT_BUDGETS`. */
  budgets?: Budgets;
  /** How this connection's faults count restarts (filled in by the supervisor). */
  restarts: number;
}

interface Pending {
  method: string;
  resolve(v: unknown): void;
  reject(e: unknown): void;
  /** Its deadline in ms (none when not finite and positive). */
  timeoutMs: number;
}

interface Death {
  kind: FaultKind;
  method?: string;
  message: string;
  extra: Partial<ProcessEvidence>;
}

/** Kills every live adapter process at once (a signal, in any phase: start-up included); their pending requests fault. */
export function abortAllConnections(reason = 'the run was interrupted; the adapter process was stopped'): void {
  for (const c of live) c.abort(reason);
}

/** Every live adapter process, so that an exiting pack never leaves one behind. */
const live = new Set<Connection>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const c of live) {
      c.kill('SIGKILL');
      c.sweep();
    }
  });
}

function delay(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms).unref());
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/** The deepest nesting of `[` and `{` in a JSON text, strings skipped (one pass, no parse). */
export function nestingDepth(text: string): number {
  return measureJsonText(text).depth;
}

/**
 * The `id` member of a JSON text's top-level object, when it is a whole number, read without parsing
 * the rest (an answer over its budgets is never parsed, but its request is still named); undefined
 * when there is none or the text is not an object.
 */
export function topLevelId(text: string | Uint8Array): number | undefined {
  const at = typeof text === 'string' ? (i: number) => text.charCodeAt(i) : (i: number) => text[i]!;
  let depth = 0;
  let keyIsId = false;
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = at(i);
    if (c === 0x22) {
      const start = i + 1;
      for (i += 1; i < text.length && at(i) !== 0x22; i++) if (at(i) === 0x5c) i += 1;
      if (depth === 1 && expectKey) keyIsId = i - start === 2 && at(start) === 0x69 && at(start + 1) === 0x64; // "id"
      continue;
    }
    if (c === 0x7b || c === 0x5b) {
      depth += 1;
      if (depth === 1) expectKey = c === 0x7b;
    } else if (c === 0x7d || c === 0x5d) depth -= 1;
    else if (depth === 1 && c === 0x2c) expectKey = true;
    else if (depth === 1 && c === 0x3a) {
      expectKey = false;
      if (keyIsId) {
        let j = i + 1;
        while (at(j) === 0x20) j += 1;
        let n = 0;
        const from = j;
        for (; j < text.length && at(j) >= 0x30 && at(j) <= 0x39 && j - from < 15; j++) n = n * 10 + (at(j) - 0x30);
        return j > from ? n : undefined;
      }
    }
  }
  return undefined;
}

/**
 * One running adapter process and the requests in flight on it. Any breach of the protocol kills
 * the process (its output can no longer be trusted to line up with our requests) and faults every
 * pending request with the evidence; the supervisor decides whether to start another.
 */
export class Connection {
  readonly command: string;
  private readonly child: ChildProcess;
  /** How it was started: in a PID namespace, with a mark in its environment, or as it is (`contain.ts`). */
  private readonly contained: Contained;
  private readonly pending = new Map<number, Pending>();
  /** The one running deadline: that of the oldest pending request with one (see `armClock`). */
  private clock: { id: number; timer: NodeJS.Timeout } | undefined;
  private readonly splitter: LineSplitter;
  private nextId = 1;
  private stderr = '';
  private death: Death | undefined;
  /** True when the process broke down while no request was pending: the next request is told, never left unaware. */
  private unreported = false;
  private exit: { code: number | null; signal: string | null } | undefined;
  private readonly closed: Promise<void>;
  /** Settles when the process itself exited (its pipes may stay open: a grandchild that left the group holds them). */
  private readonly exited: Promise<void>;

  constructor(private readonly opts: ConnectionOptions) {
    this.command = opts.label ?? joinCommand(opts.argv);
    this.splitter = new LineSplitter(opts.maxLineBytes);
    installExitHook();
    // Its own process group, so that killing it also kills whatever it started (a shell, npx, a JVM),
    // and its own PID namespace where the platform allows, so that what left the group dies with it too (D-REL-03).
    this.contained = containment().contain(opts.argv, opts.env, opts.cwd);
    this.child = spawn(this.contained.argv[0]!, this.contained.argv.slice(1), {
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: process.platform !== 'win32',
      ...(opts.cwd !== undefined ? { cwd: opts.cwd } : {}),
      ...(this.contained.env !== undefined ? { env: this.contained.env } : {}),
    });
    live.add(this);
    this.closed = new Promise<void>((resolve) => this.child.once('close', () => resolve()));
    this.exited = new Promise<void>((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.once('error', () => resolve());
    });
    void this.exited.then(() => this.contained.sweep());
    this.closed.then(() => live.delete(this));
    this.child.once('error', (e) =>
      this.die({
        kind: 'spawn-failed',
        message: `cannot start the adapter (${this.command}): ${e.message}`,
        extra: {},
      }),
    );
    this.child.once('exit', (rawCode, rawSignal) => {
      const { code, signal } = exitOf(this.contained.shell, rawCode, rawSignal);
      this.exit = { code, signal };
      // Answers it wrote before exiting still count: read stdout to its end (bounded) before faulting.
      const message = signal
        ? `the adapter process was killed by ${signal}`
        : `the adapter process exited with code ${code}`;
      void Promise.race([this.closed, delay(500)]).then(() => this.die({ kind: 'exit', message, extra: {} }));
    });
    this.child.stdin!.on('error', () => {}); // EPIPE when it died: its exit says more.
    this.child.stderr!.setEncoding('utf8');
    // Always drained, so a chatty adapter never blocks on a full stderr pipe; only the tail is kept.
    this.child.stderr!.on('data', (s: string) => {
      this.stderr = (this.stderr + s).slice(-4 * STDERR_TAIL);
    });
    this.child.stdout!.on('data', (chunk: Buffer) => this.onData(chunk));
    this.child.stdout!.once('end', () => {
      // A crash closes stdout and exits at about the same time; name the exit when there is one.
      setTimeout(() => {
        if (!this.exit)
          this.die({ kind: 'stdout-closed', message: 'the adapter process closed its stdout', extra: {} });
      }, 500).unref();
    });
  }

  /** True until the process broke the protocol, exited, or was stopped. */
  get alive(): boolean {
    return this.death === undefined;
  }

  /** Why it died, for the next request's fault message. */
  get deathMessage(): string | undefined {
    return this.death?.message;
  }

  /**
   * The fault of a breakdown no request saw (an answer to an id never sent, arriving while nothing
   * was pending), once: the transport reports it on the next request instead of restarting silently.
   */
  takeUnreportedFault(method: string): AdapterFault | undefined {
    if (!this.unreported || !this.death) return undefined;
    this.unreported = false;
    const f = this.fault(method, this.death);
    return new AdapterFault(`${f.message} (while no request was pending, after the previous answer)`, f.evidence);
  }

  /** Sends one request; settles with the result, a RemoteError, or an AdapterFault. */
  request(method: string, params: readonly unknown[], timeoutMs: number): Promise<unknown> {
    if (this.death) return Promise.reject(this.fault(method, this.death));
    const id = this.nextId++;
    let line: string;
    try {
      line = encodeRequest(id, method, params);
    } catch (e) {
      return Promise.reject(
        new AdapterFault(
          `${method}: the case has no JSON form and cannot be sent to an adapter process: ${(e as Error).message}`,
        ),
      );
    }
    return new Promise((resolve, reject) => {
      this.pending.set(id, { method, resolve, reject, timeoutMs });
      this.armClock();
      this.child.stdin!.write(`${line}\n`);
    });
  }

  /**
   * Starts the deadline of the oldest pending request, when no deadline runs. One clock runs at a
   * time: a request's time starts when it was sent or when every request sent before it was
   * answered, whichever is later. An adapter that answers one request at a time (most do) then has
   * the whole deadline for each, however many wait behind it, and when it hangs the request it
   * hangs on is the one that times out.
   */
  private armClock(): void {
    if (this.clock !== undefined || this.death) return;
    for (const [id, p] of this.pending) {
      if (!Number.isFinite(p.timeoutMs) || p.timeoutMs <= 0) continue;
      const timer = setTimeout(
        () =>
          this.die({
            kind: 'timeout',
            method: p.method,
            message: `no answer within ${p.timeoutMs} ms; the adapter process was killed`,
            extra: {},
          }),
        p.timeoutMs,
      );
      this.clock = { id, timer };
      return;
    }
  }

  /** Takes request `id` off the pending list, and hands the clock on when it was the timed one. */
  private settle(id: number): Pending | undefined {
    const p = this.pending.get(id);
    if (!p) return undefined;
    this.pending.delete(id);
    if (this.clock?.id === id) {
      clearTimeout(this.clock.timer);
      this.clock = undefined;
      this.armClock();
    }
    return p;
  }

  private onData(chunk: Buffer): void {
    if (this.death) return;
    const { lines, tooLong } = this.splitter.push(chunk);
    for (const raw of lines) {
      if (this.death) return;
      this.onLine(raw);
    }
    if (tooLong && !this.death) {
      const head = tooLong.head.toString('utf8');
      this.die({
        kind: 'line-too-long',
        message: `the adapter wrote a line longer than ${this.opts.maxLineBytes} bytes (${budgetHint('answer-bytes')})`,
        extra: { line: cutLine(head), lineBytes: tooLong.bytes },
      });
    }
  }

  private onLine(raw: Buffer): void {
    // Held to the answer budgets before it is decoded or parsed: a line of a million tiny members costs
    // one scan, never a million objects. The line is whole: its id, read without parsing the rest,
    // names the request that errors, alone; a line whose request cannot be told ends the process, as a
    // line too long does.
    const over = this.overBudget(raw);
    if (over !== undefined) {
      const head = raw.subarray(0, 4 * 500).toString('utf8');
      const cut = { line: cutLine(head), lineBytes: raw.length };
      const id = topLevelId(raw) ?? (this.pending.size === 1 ? this.pending.keys().next().value : undefined);
      const p = id !== undefined ? this.settle(id) : undefined;
      if (p === undefined) return this.die({ kind: 'over-budget', message: over, extra: cut });
      return p.reject(this.fault(p.method, { kind: 'over-budget', message: over, extra: cut }));
    }
    // Decoding never fails; only a line that decoded to U+FFFD needs the strict (slower) second look.
    const text = raw.toString('utf8');
    if (text.includes('\uFFFD')) {
      try {
        decoder.decode(raw);
      } catch {
        return this.die({
          kind: 'bad-json',
          message: 'the adapter wrote a line that is not UTF-8',
          extra: { line: cutLine(text), lineBytes: raw.length },
        });
      }
    }
    if (text.trim() === '') return; // blank lines carry nothing; tolerated
    const cut = { line: cutLine(text), ...(text.length > 500 ? { lineBytes: raw.length } : {}) };
    let msg: { id: number | null; result?: unknown; error?: { code: number; message: string; data?: unknown } };
    try {
      msg = JSON.parse(text);
    } catch {
      return this.die({ kind: 'bad-json', message: 'the adapter wrote a line that is not JSON', extra: cut });
    }
    const problem = shapeProblem('response', msg);
    if (problem)
      return this.die({
        kind: 'bad-message',
        message: `the adapter wrote a message that is not a ${PROTOCOL} response`,
        extra: { ...cut, problem },
      });
    if (msg.id === null)
      return this.die({
        kind: 'bad-message',
        message: `the adapter could not read a request: ${msg.error!.message.slice(0, 200)}`,
        extra: cut,
      });
    const p = this.settle(msg.id);
    if (!p)
      return this.die({
        kind: 'wrong-id',
        message: `the adapter answered id ${msg.id}, which no pending request carries`,
        extra: cut,
      });
    if (msg.error) {
      const { code, message, data } = msg.error;
      if (PROTOCOL_ERROR_CODES.has(code))
        p.reject(
          this.fault(p.method, {
            kind: 'protocol-error',
            message: `the adapter answered with protocol error ${code}: ${message.slice(0, 200)}`,
            extra: cut,
          }),
        );
      else p.reject(new RemoteError(message, code, data));
      return;
    }
    const findings = (msg.result as { findings?: unknown } | null)?.findings;
    const budgets = this.opts.budgets ?? DEFAULT_BUDGETS;
    if (Array.isArray(findings) && findings.length > budgets.findings)
      return p.reject(
        this.fault(p.method, {
          kind: 'over-budget',
          message: overBudget('findings', budgets.findings, 'the verdict has'),
          extra: cut,
        }),
      );
    const schema = MEMBER_ANSWER[p.method];
    const bad = schema ? shapeProblem(schema, msg.result) : null;
    if (bad)
      p.reject(
        this.fault(p.method, {
          kind: 'bad-result',
          message: `the adapter's result does not match ${schema}.schema.json`,
          extra: { ...cut, problem: bad },
        }),
      );
    else p.resolve(msg.result);
  }

  /** The first answer budget a line's text goes over, in words; undefined when it keeps to them all. */
  private overBudget(text: string | Uint8Array): string | undefined {
    return textOverBudget(measureJsonText(text), this.opts.budgets ?? DEFAULT_BUDGETS, RESPONSE_WRAPPER);
  }

  private fault(method: string, d: Death): AdapterFault {
    const evidence: ProcessEvidence = {
      kind: d.kind,
      command: this.command,
      method,
      // When the pack killed it, its exit status says nothing about the adapter.
      ...(this.exit && d.kind === 'exit' ? { exitCode: this.exit.code, signal: this.exit.signal } : {}),
      ...d.extra,
      stderrTail: this.stderr.slice(-STDERR_TAIL),
      restarts: this.opts.restarts,
    };
    const where = d.method && d.method !== method ? ` (while answering ${d.method})` : '';
    return new AdapterFault(`${method}: ${d.message}${where}`, evidence);
  }

  /**
   * Marks the connection dead, kills the process group, and once the process is gone (its stderr
   * read to the end) faults every pending request. Only the first cause counts.
   */
  private die(d: Death): void {
    if (this.death) return;
    this.death = d;
    this.unreported = this.pending.size === 0 && d.kind !== 'closed' && d.kind !== 'aborted';
    this.kill('SIGKILL');
    this.stopClock();
    const settle = () => {
      for (const [id, p] of this.pending) {
        this.pending.delete(id);
        p.reject(this.fault(p.method, d));
      }
    };
    // Once it exited (or at the latest a second after the kill), its pipes go, whoever still holds them.
    void Promise.race([this.exited.then(() => Promise.race([this.closed, delay(200)])), delay(1000)]).then(() =>
      this.releasePipes(),
    );
    // An abort (a signal) answers at once: the run must stop within a second, whatever the process does.
    if (d.kind === 'aborted') settle();
    else void Promise.race([this.closed, delay(1000)]).then(settle);
  }

  private stopClock(): void {
    if (this.clock !== undefined) clearTimeout(this.clock.timer);
    this.clock = undefined;
  }

  /** Signals the process group (and the process itself, should the group be gone). */
  kill(signal: NodeJS.Signals): void {
    const pid = this.child.pid;
    if (pid === undefined || this.child.exitCode !== null || this.child.signalCode !== null) {
      // The leader is gone; its group may still hold stragglers it started.
      if (pid !== undefined && process.platform !== 'win32') {
        try {
          process.kill(-pid, signal);
        } catch {
          /* nothing left */
        }
      }
      return;
    }
    try {
      if (process.platform === 'win32') this.child.kill(signal);
      else process.kill(-pid, signal);
    } catch {
      try {
        this.child.kill(signal);
      } catch {
        /* already gone */
      }
    }
  }

  /** Kills what the process left outside its group, where only its mark tells (a PID namespace needs nothing). */
  sweep(): void {
    this.contained.sweep();
  }

  /** Stops at once (Ctrl-C): pending requests fault with `message`. */
  abort(message: string): void {
    this.die({ kind: 'aborted', message, extra: {} });
  }

  /**
   * Ends the conversation politely: closes stdin (the protocol's "exit now"), waits `graceMs` for
   * the process to exit, then SIGTERM, then SIGKILL. Resolves once the process is gone.
   */
  async close(graceMs: number): Promise<void> {
    if (!this.death) {
      this.death = { kind: 'closed', message: 'the adapter was closed', extra: {} };
      this.child.stdin!.end();
      // Wait for the process to exit, not for its pipes to close: a grandchild may hold them for ever.
      const gone = await Promise.race([this.exited.then(() => true), delay(graceMs).then(() => false)]);
      if (!gone) {
        this.kill('SIGTERM');
        const termed = await Promise.race([this.exited.then(() => true), delay(500).then(() => false)]);
        if (!termed) this.kill('SIGKILL');
      }
      this.stopClock();
      for (const [id, p] of this.pending) {
        this.pending.delete(id);
        p.reject(this.fault(p.method, this.death));
      }
    }
    await Promise.race([this.exited.then(() => Promise.race([this.closed, delay(200)])), delay(2000)]);
    this.kill('SIGKILL'); // stragglers of the group
    this.releasePipes();
    live.delete(this);
  }

  /** Destroys our ends of the pipes and stops the child keeping the pack alive: nothing it left behind can hold the CLI open. */
  private releasePipes(): void {
    for (const stream of [this.child.stdin, this.child.stdout, this.child.stderr]) stream?.destroy();
    this.child.unref();
  }
}
