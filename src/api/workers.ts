import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { IN_PROCESS_ENV, type LoadOptions } from '../adapters/load.js';
import { COMMAND_PREFIX, UAS_VERIFY_PREFIX } from '../contract/adapter-spec.js';
import { DEFAULT_BUDGETS } from '../contract/budgets.js';
import type { CheckDefinition, Harness } from '../engine/check.js';
import { CHUNK_RUNS, chunkCount, shardUnits } from '../engine/chunks.js';
import { createHarness, DEFAULT_NOW, DEFAULT_TIMEOUT_MS, describeAdapter } from '../engine/harness.js';
import { entryBase, reportOf, runCheck, runChecks, type RunOptions, type ToolStamp } from '../engine/runner.js';
import { entryOf } from '../model/merge.js';
import { sortedTags, type CheckReport, type Report } from '../model/report.js';
import { builtModule } from '../io/package.js';
import { bundledSpec, type SpecData } from '../spec/index.js';

/**
 * `--workers N`: a run's (check, chunk) units (the split `--shard` uses, `src/engine/chunks.ts`) run
 * on N adapter instances at once: this thread with the adapter it loaded, and N-1 worker threads
 * that load their own from the same spec. Each runner takes the next unit when it is free (from a
 * shared `Board`), and the entries are assembled in catalog order the way `merge` rebuilds a
 * sharded check, so report.json is the same for every N, timings aside.
 */

/** How a worker thread loads its own instance of the adapter: what `loadAdapter` takes (the spec data goes separately). */
export interface AdapterLoad {
  /** The adapter spec (`reference`, a module path, `cmd:...`), as `loadAdapter` takes it. */
  spec: string;
  options: Omit<LoadOptions, 'spec'>;
}

/** A pool: how many adapter instances run at once, and how the worker threads load theirs. */
export interface PoolPlan {
  workers: number;
  load: AdapterLoad;
  /** Calls `tuneJitForPool` once a pool is decided on. */
  tuneJit?: boolean;
}

/**
 * V8's interrupt budget (bytes of bytecode run before a function is weighed for optimisation) for a
 * pooled run: about nine times Node 20's default of 67,584. A run of the pack executes a great deal
 * of code briefly: serially, V8 optimises it on the idle core, but in a pool every core runs a
 * thread of checks, and the optimising compiler's background work takes their time (measured on 2
 * cores, full pack at R=100, `--workers 2`: about 7 s of CPU for a 3.8 s run at the default, 5.7 s
 * for 3.2 s at this budget; at R=1000, 19.5 s either way). Hot code still gets optimised, later.
 */
export const POOL_INTERRUPT_BUDGET = 600_000;

/**
 * Raises V8's interrupt budget to `POOL_INTERRUPT_BUDGET` for the rest of the process (V8's flags
 * are the process's: the worker threads share them), unless the process was started with an
 * interrupt budget of its own (on the command line or in NODE_OPTIONS). Returns whether it did.
 */
export function tuneJitForPool(
  execArgv: readonly string[] = process.execArgv,
  nodeOptions: string = process.env.NODE_OPTIONS ?? '',
): boolean {
  if ([...execArgv, ...nodeOptions.split(/\s+/)].some((a) => /^--interrupt[-_]budget(?:=|$)/.test(a))) return false;
  setFlagsFromString(`--interrupt-budget=${POOL_INTERRUPT_BUDGET}`);
  return true;
}

/** One (check, chunk) unit: the check's position in the run's checks, and the chunk index. */
export interface Unit {
  check: number;
  chunk: number;
}

/** What a worker thread is given (structured-cloned). */
export interface WorkerData {
  slot: number;
  board: SharedArrayBuffer;
  /** Worker threads of the pool (the board's shape). */
  threads: number;
  units: Unit[];
  checkIds: string[];
  load: AdapterLoad;
  /** The run's spec data; null for the bundled spec (the worker has its own copy). */
  spec: SpecData | null;
  run: Pick<
    RunOptions,
    'adapterSpec' | 'seed' | 'runs' | 'timeoutMs' | 'now' | 'chunkRuns' | 'shrinkBudgetMs' | 'verdictOnly'
  >;
  /** When the pool started (`Date.now()`): what the pending cells count from. */
  epoch: number;
}

/** Messages of a worker thread: a unit started or ended (null: interrupted); then its last, `done` or `failed` (it cannot go on). */
export type WorkerMessage =
  | { type: 'start'; unit: number }
  | { type: 'end'; unit: number; entry: CheckReport | null }
  | { type: 'failed'; message: string }
  | { type: 'done' };

/**
 * The shared board (an Int32Array over a SharedArrayBuffer): every runner reads and writes it
 * without waiting for the main thread's event loop, which a synchronous in-process adapter keeps
 * busy. The units are dealt in contiguous segments, one per runner (runner 0 is the main thread,
 * worker thread `slot` is runner `slot + 1`): each takes the next unit of its own segment, and once
 * that is used up, the next of another's. Neighbouring units are the same suite's checks, so each
 * thread warms up (compiles validators, optimises generators) for fewer suites than when every
 * thread takes every suite's units; the entries are the same either way.
 */
export class Board {
  /**
   * Cells: [0] stop flag; one per check, its lowest chunk that did not pass; one per worker thread,
   * the unit it runs (-1: none); one per runner, its segment's next unit; one per worker thread, since
   * when (ms after the pool started, 0: not) a call into its in-process adapter is pending.
   */
  readonly cells: Int32Array;

  constructor(
    readonly checkCount: number,
    readonly threads: number,
    readonly unitCount: number,
    buffer?: SharedArrayBuffer,
  ) {
    const fresh = buffer === undefined;
    this.cells = new Int32Array(
      buffer ?? new SharedArrayBuffer(4 * (1 + checkCount + threads + threads + 1 + threads)),
    );
    if (!fresh) return;
    this.cells.fill(0x7fffffff, 1, 1 + checkCount);
    this.cells.fill(-1, 1 + checkCount, 1 + checkCount + threads);
    for (let r = 0; r <= threads; r++) this.cells[this.cursor(r)] = this.segment(r)[0];
  }

  /** The board's memory, to give to a worker thread. */
  get buffer(): SharedArrayBuffer {
    return this.cells.buffer as SharedArrayBuffer;
  }

  /** Units [from, to) of runner `r`'s segment. */
  segment(r: number): [number, number] {
    const runners = this.threads + 1;
    return [Math.floor((r * this.unitCount) / runners), Math.floor(((r + 1) * this.unitCount) / runners)];
  }

  private cursor(r: number): number {
    return 1 + this.checkCount + this.threads + r;
  }

  private current(slot: number): number {
    return 1 + this.checkCount + slot;
  }

  /** Tells every runner to stop between cases. */
  raiseStop(): void {
    Atomics.store(this.cells, 0, 1);
  }

  /** True once the run must stop. */
  get stopped(): boolean {
    return Atomics.load(this.cells, 0) === 1;
  }

  /**
   * The next unit for runner `r`, or undefined when none is left or the run stops. A unit past a
   * chunk of its check that did not pass is passed over: the serial run never runs it.
   */
  claim(r: number, units: readonly Unit[]): number | undefined {
    const runners = this.threads + 1;
    for (let k = 0; k < runners; k++) {
      const s = (r + k) % runners;
      const end = this.segment(s)[1];
      for (;;) {
        if (this.stopped) return undefined;
        const i = Atomics.add(this.cells, this.cursor(s), 1);
        if (i >= end) break; // this segment is used up: help the next
        const u = units[i]!;
        if (u.chunk > Atomics.load(this.cells, 1 + u.check)) continue;
        return i;
      }
    }
    return undefined;
  }

  /** Records a unit's entry: a chunk that did not pass cuts the later chunks of its check. */
  settle(unit: Unit, entry: CheckReport | undefined): void {
    if (entry === undefined || entry.status === 'passed') return;
    for (;;) {
      const cut = Atomics.load(this.cells, 1 + unit.check);
      if (unit.chunk >= cut || Atomics.compareExchange(this.cells, 1 + unit.check, cut, unit.chunk) === cut) return;
    }
  }

  /** Marks which unit worker thread `slot` runs (-1: none), so that a thread that dies names the unit it took down. */
  markCurrent(slot: number, unit: number): void {
    Atomics.store(this.cells, this.current(slot), unit);
  }

  /** The unit worker thread `slot` runs, -1 when none. */
  heldBy(slot: number): number {
    return Atomics.load(this.cells, this.current(slot));
  }

  private pendingCell(slot: number): number {
    return 1 + this.checkCount + this.threads + this.threads + 1 + slot;
  }

  /** Marks since when (ms after the pool started; 0: no call) worker thread `slot` waits on its in-process adapter. */
  markPending(slot: number, sinceMs: number): void {
    Atomics.store(this.cells, this.pendingCell(slot), sinceMs);
  }

  /** Since when worker thread `slot` waits on its in-process adapter (ms after the pool started), 0 when it does not. */
  pendingSince(slot: number): number {
    return Atomics.load(this.cells, this.pendingCell(slot));
  }
}

/** The units of a run in run order: every chunk of every check, or a shard's share of them. */
export function unitsOf(
  checks: readonly CheckDefinition[],
  opts: Pick<RunOptions, 'runs' | 'shard' | 'chunkRuns'>,
): Unit[] {
  const chunkRuns = opts.chunkRuns ?? CHUNK_RUNS;
  const share = opts.shard
    ? shardUnits(
        checks.map((c) => c.id),
        opts.runs,
        opts.shard,
        chunkRuns,
      )
    : undefined;
  const all = Array.from({ length: chunkCount(opts.runs, chunkRuns) }, (_, k) => k);
  return checks.flatMap((c, check) => (share ? (share.get(c.id) ?? []) : all).map((chunk) => ({ check, chunk })));
}

/**
 * The entry of one check from the entries of its units, walked in chunk order as the serial run
 * (and `merge`) does: up to the first chunk that did not pass. `ended` holds each unit's entry
 * (null: interrupted). Returns undefined while a needed unit has not ended, null when one was
 * interrupted (the check is left out, the report incomplete). With several units, each entry has
 * one part; a shard's entry keeps the parts it ran, an unsharded one has none (as serially).
 */
export function assembleEntry(
  chunks: readonly number[],
  ended: ReadonlyMap<number, CheckReport | null>,
  sharded: boolean,
): CheckReport | null | undefined {
  if (chunks.length === 1) return ended.get(chunks[0]!);
  const parts: NonNullable<CheckReport['parts']> = [];
  const tags: Record<string, number> = {};
  const n = { cases: 0, notJudged: 0 };
  let durationMs = 0;
  let last: CheckReport | undefined;
  for (const k of chunks) {
    const e = ended.get(k);
    if (e === undefined || e === null) return e;
    if (e.status === 'skipped') return e; // the adapter lacks a member: every unit of the check says so alike
    const part = e.parts![0]!;
    parts.push(part);
    n.cases += part.cases;
    n.notJudged += part.notJudged ?? 0;
    durationMs += part.durationMs;
    for (const [t, n] of Object.entries(part.tags)) tags[t] = (tags[t] ?? 0) + n;
    last = e;
    if (part.status !== 'passed') break;
  }
  const entry = entryOf(last!, parts[parts.length - 1]!.status, n, sortedTags(tags), durationMs);
  return sharded ? { ...entry, parts } : entry;
}

/** The entry of a unit whose worker thread died while running it: its check errors, the run goes on. */
export function lostUnitEntry(check: CheckDefinition, chunk: number, split: boolean, message: string): CheckReport {
  const entry: CheckReport = {
    ...entryBase(check),
    status: 'errored',
    runs: 0,
    evidence: { cases: 0, tags: {} },
    error: { message },
    durationMs: 0,
  };
  if (split) entry.parts = [{ chunk, status: 'errored', cases: 0, tags: {}, durationMs: 0 }];
  return entry;
}

/**
 * The worker thread's entry: `worker-thread` of the build (`builtModule`). From sources that have
 * no build (tsx), the TypeScript file, loaded by a bootstrap that registers tsx's loader in the
 * thread (resolved from here, as `src/adapters/isolated.ts` does for its child).
 */
function workerEntry(): { file: string | URL; eval: boolean; env?: Record<string, string | undefined> } {
  const built = builtModule(import.meta.url, './worker-thread');
  if (built !== undefined) return { file: built, eval: false };
  // A thread that loads the sources through tsx gives V8 coverage of the same files in another
  // transform than the test runner's, which c8 would merge into nonsense: such threads record none.
  const { NODE_V8_COVERAGE: _coverage, ...env } = process.env;
  const tsxDir = dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const api = pathToFileURL(join(tsxDir, 'dist', 'esm', 'api', 'index.mjs')).href;
  const entry = new URL('./worker-thread.ts', import.meta.url).href;
  return {
    file: `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`,
    eval: true,
    env,
  };
}

/** How long worker threads get to end their units after a stop before they are terminated. */
export const ABORT_GRACE_MS = 5000;

/** A worker thread of the pool, as the main thread follows it. */
interface Runner {
  worker: Worker;
  /** Settles when the thread has exited. */
  exited: Promise<void>;
}

/**
 * Runs `opts` on a pool (see the top of this file) and returns the same report as `runChecks`.
 * Runs serially instead when one instance is all there is to use: one worker, at most one unit, a
 * replay, or an adapter whose `describe()` says `instances: "single"`. The checks are the pack
 * catalog's (`runPack` selects them): the worker threads find theirs by id.
 */
export async function runPooled(opts: RunOptions, stamp: ToolStamp, plan: PoolPlan): Promise<Report> {
  const units = unitsOf(opts.checks, opts);
  const threads = Math.min(plan.workers, units.length) - 1;
  if (threads < 1 || opts.replayPath !== undefined) return runChecks(opts, stamp);
  const startedAt = new Date().toISOString();
  const t0 = performance.now();
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const info = await describeAdapter(opts.adapter, timeoutMs, opts.signal);
  if (info.instances === 'single') return runChecks(opts, stamp);
  if (plan.tuneJit === true) tuneJitForPool();
  const pool = new Pool(opts, plan, units, threads, timeoutMs);
  const results = await pool.run(
    createHarness(opts.adapter, info, {
      timeoutMs,
      now: opts.now ?? DEFAULT_NOW,
      spec: pool.spec,
      ...(opts.signal ? { signal: opts.signal } : {}),
    }),
  );
  const timing = { startedAt, durationMs: Math.round(performance.now() - t0) };
  return reportOf(opts, stamp, info, timing, results, results.length < pool.checkCount);
}

/**
 * One pooled run: the board the runners share, the worker threads, and the entries assembled as
 * units end. `run` starts the threads, runs units on this thread too, waits for every thread, and
 * returns the entries in catalog order.
 */
class Pool {
  readonly spec: SpecData;
  private readonly board: Board;
  private readonly checks: readonly CheckDefinition[];
  /** The chunks each check runs (its planned units), and the checks that have some. */
  private readonly planned: number[][];
  private readonly mine: number[];
  /** Each check's ended units (null: interrupted), and its whole entry once assembled. */
  private readonly ended: Map<number, CheckReport | null>[];
  private readonly entries = new Map<number, CheckReport | null>();
  private readonly started = new Set<number>();
  private endedCount = 0;
  private readonly split: boolean;
  /** When the pool started (`Date.now()`): what a thread's pending cell counts from. */
  private readonly epoch = Date.now();
  /** How long a thread's call into an in-process adapter may hold it before the thread is ended (D-REL-01). */
  private readonly stallMs: number;
  private readonly stalled = new Set<number>();
  private runners: Runner[] = [];

  constructor(
    private readonly opts: RunOptions,
    private readonly plan: PoolPlan,
    private readonly units: readonly Unit[],
    private readonly threads: number,
    private readonly timeoutMs: number,
  ) {
    this.spec = opts.spec ?? bundledSpec();
    this.checks = opts.checks;
    this.split = chunkCount(opts.runs, opts.chunkRuns ?? CHUNK_RUNS) > 1;
    this.planned = this.checks.map(() => []);
    for (const u of units) this.planned[u.check]!.push(u.chunk);
    this.mine = this.checks.map((_, i) => i).filter((i) => this.planned[i]!.length > 0);
    this.board = new Board(this.checks.length, threads, units.length);
    this.ended = this.checks.map(() => new Map());
    this.stallMs = timeoutMs + 1000;
  }

  /** The checks this run reports (those with units in it). */
  get checkCount(): number {
    return this.mine.length;
  }

  /** Runs every unit, on the worker threads and on this thread; the entries in catalog order. */
  async run(h: Harness): Promise<CheckReport[]> {
    const onAbort = () => this.stop();
    this.opts.signal?.addEventListener('abort', onAbort);
    const entry = workerEntry();
    this.runners = Array.from({ length: this.threads }, (_, slot) => this.startRunner(slot, entry));
    const watch = this.watchStalls();
    try {
      await this.runHere(h);
      await this.drain();
    } finally {
      clearInterval(watch);
      this.opts.signal?.removeEventListener('abort', onAbort);
      // Normally every thread has exited here; after an error, none outlives the run.
      await Promise.all(this.runners.map((r) => r.worker.terminate()));
    }
    return this.mine.map((i) => this.entries.get(i)).filter((e): e is CheckReport => e !== undefined && e !== null);
  }

  private stopRequested(): boolean {
    return this.opts.signal?.aborted === true || this.opts.shouldStop?.() === true;
  }

  /** Stops the run: no runner takes another unit; threads that do not stop within a grace are ended. */
  private stop(): void {
    if (this.board.stopped) return;
    this.board.raiseStop();
    for (const r of this.runners) r.worker.postMessage({ type: 'abort' });
    // A thread stuck in a synchronous adapter call never reads the message: it is ended after a grace.
    setTimeout(() => this.runners.forEach((r) => void r.worker.terminate()), ABORT_GRACE_MS).unref();
  }

  /** A unit began: the first unit of a check starts it for the listeners. */
  private onStart(check: number): void {
    if (this.started.has(check)) return;
    this.started.add(check);
    for (const l of this.opts.listeners ?? []) l.onCheckStart?.(this.checks[check]!, this.endedCount, this.mine.length);
  }

  /** A unit ended: settles it, and tells the listeners when its check's entry is whole. */
  private onEnd(i: number, entry: CheckReport | null): void {
    const u = this.units[i]!;
    const ended = this.ended[u.check]!;
    if (ended.has(u.chunk)) return;
    ended.set(u.chunk, entry);
    this.board.settle(u, entry ?? undefined);
    if (this.entries.has(u.check)) return;
    const whole = assembleEntry(this.planned[u.check]!, ended, this.opts.shard !== undefined);
    if (whole === undefined) return;
    this.entries.set(u.check, whole);
    if (whole === null) return;
    this.onStart(u.check);
    for (const l of this.opts.listeners ?? []) l.onCheckEnd?.(whole, this.endedCount, this.mine.length);
    this.endedCount += 1;
  }

  /**
   * A worker thread whose in-process adapter holds it past the call's deadline cannot stop itself
   * (its event loop does not turn): it is ended, and its unit errors with why (D-REL-01).
   */
  private watchStalls(): NodeJS.Timeout {
    const watch = setInterval(() => {
      this.runners.forEach((r, slot) => {
        const since = this.board.pendingSince(slot);
        if (since === 0 || this.stalled.has(slot) || Date.now() - this.epoch - since <= this.stallMs) return;
        this.stalled.add(slot);
        void r.worker.terminate();
      });
    }, 100);
    watch.unref();
    return watch;
  }

  /** What every worker thread is given, but its slot. */
  private workerData(): Omit<WorkerData, 'slot'> {
    const o = this.opts;
    return {
      board: this.board.buffer,
      threads: this.threads,
      units: [...this.units],
      checkIds: this.checks.map((c) => c.id),
      load: this.plan.load,
      spec: this.spec === bundledSpec() ? null : this.spec,
      run: {
        adapterSpec: o.adapterSpec ?? './adapter',
        seed: o.seed,
        runs: o.runs,
        timeoutMs: this.timeoutMs,
        now: o.now ?? DEFAULT_NOW,
        chunkRuns: o.chunkRuns ?? CHUNK_RUNS,
        ...(o.shrinkBudgetMs !== undefined ? { shrinkBudgetMs: o.shrinkBudgetMs } : {}),
        ...(o.verdictOnly === true ? { verdictOnly: true } : {}),
      },
      epoch: this.epoch,
    };
  }

  /** Starts worker thread `slot` and follows it: its units' events, and its death. */
  private startRunner(slot: number, entry: ReturnType<typeof workerEntry>): Runner {
    const load = this.plan.load;
    const worker = new Worker(entry.file, {
      eval: entry.eval,
      ...(entry.env ? { env: entry.env } : {}),
      workerData: { ...this.workerData(), slot } satisfies WorkerData,
      // An adapter in process that allocates without bound ends its thread, never the process (D-REL-01).
      ...(inProcessLoad(load) ? { resourceLimits: { maxOldGenerationSizeMb: memoryMbOf(load) } } : {}),
    });
    let lastError = '';
    worker.on('message', (m: WorkerMessage) => {
      if (m.type === 'start') this.onStart(this.units[m.unit]!.check);
      else if (m.type === 'end') this.onEnd(m.unit, m.entry);
      else if (m.type === 'failed') lastError = `: ${m.message}`;
      // Its last word: end the thread now (a timer its adapter left would keep it alive).
      if (m.type === 'done' || m.type === 'failed') void worker.terminate();
    });
    worker.on('error', (e) => (lastError = `: ${e.message}`));
    const exited = new Promise<void>((resolve) => {
      worker.on('exit', (code) => {
        // Messages posted before the exit are delivered first; then the unit it held, if any, is lost.
        setImmediate(() => {
          this.loseHeldUnit(slot, code, lastError);
          resolve();
        });
      });
    });
    return { worker, exited };
  }

  /** The unit worker thread `slot` held when it exited, if any: its check errors with why, the run goes on. */
  private loseHeldUnit(slot: number, code: number, lastError: string): void {
    const held = this.board.heldBy(slot);
    if (held < 0) return;
    const u = this.units[held]!;
    const message = this.stalled.has(slot)
      ? `the worker thread running this check was stopped: its adapter in process held the thread for more than ${this.stallMs} ms (isolated, without --in-process, its process would be killed)`
      : `the worker thread running this check ended (exit code ${code})${lastError}; an in-process adapter that crashes or runs out of memory takes its thread down: run it isolated (without --in-process)`;
    this.onEnd(held, this.board.stopped ? null : lostUnitEntry(this.checks[u.check]!, u.chunk, this.split, message));
  }

  /**
   * This thread runs units too, with the adapter it already loaded; it yields between units so that
   * the workers' messages (progress) are heard.
   */
  private async runHere(h: Harness): Promise<void> {
    const here: RunOptions = { ...this.opts, shouldStop: () => this.board.stopped || this.stopRequested() };
    for (let i = this.board.claim(0, this.units); i !== undefined; i = this.board.claim(0, this.units)) {
      const u = this.units[i]!;
      this.onStart(u.check);
      const r = await runCheck(this.checks[u.check]!, this.opts.adapter, h, here, [u.chunk]);
      this.onEnd(i, r ?? null);
      if (this.stopRequested()) this.stop();
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** Waits for every worker thread to exit, stopping them when the run is asked to stop. */
  private async drain(): Promise<void> {
    const poll = setInterval(() => this.stopRequested() && this.stop(), 100);
    try {
      await Promise.all(this.runners.map((r) => r.exited));
    } finally {
      clearInterval(poll);
    }
  }
}

/** True when the worker threads load the adapter into themselves (`--in-process`, or the environment's default). */
function inProcessLoad(load: AdapterLoad): boolean {
  return (
    !load.spec.startsWith(COMMAND_PREFIX) &&
    !load.spec.startsWith(UAS_VERIFY_PREFIX) &&
    (load.options.inProcess ?? process.env[IN_PROCESS_ENV] === '1')
  );
}

/** The heap a worker thread with an adapter in process may grow to: the run's memory budget. */
function memoryMbOf(load: AdapterLoad): number {
  return load.options.budgets?.memory ?? DEFAULT_BUDGETS.memory;
}

/** What `runPack` knows that decides a pool: the worker count and how the adapter was given. */
export interface PoolRequest {
  workers?: number;
  adapter: unknown;
  inProcess?: boolean;
  timeoutMs?: number;
  workerLoad?: AdapterLoad;
  tuneJit?: boolean;
}

/**
 * The engine a run uses: the serial `runChecks`, or a pool when more than one worker is asked for
 * and the worker threads can load the adapter (from its spec string, or `workerLoad` when the caller
 * passed an object it loaded itself; an object alone runs serially).
 */
export function engineFor(o: PoolRequest): (opts: RunOptions, stamp: ToolStamp) => Promise<Report> {
  const load: AdapterLoad | undefined =
    typeof o.adapter === 'string'
      ? {
          spec: o.adapter,
          options: {
            ...(o.timeoutMs !== undefined ? { timeoutMs: o.timeoutMs } : {}),
            ...(o.inProcess !== undefined ? { inProcess: o.inProcess } : {}),
          },
        }
      : o.workerLoad;
  const workers = o.workers ?? 1;
  if (workers <= 1 || load === undefined) return runChecks;
  return (opts, stamp) => runPooled(opts, stamp, { workers, load, ...(o.tuneJit === true ? { tuneJit: true } : {}) });
}
