import type { Adapter } from '../../contract/adapter.js';
import { ADAPTER_MEMBERS } from '../../contract/adapter.js';
import { measureAnswer, overBudget, type Budgets } from '../../contract/budgets.js';
import { AdapterFault } from '../../engine/check.js';
import { ExitAttempt, currentSeq, incidentsSince, onIncident, type Incident } from './process-guard.js';

/**
 * The guard every loaded adapter is wrapped in (D-REL-01, D-REL-02): a Proxy that lets every member
 * through as it is, but calls the contract's members through the budgets.
 *
 * - Every adapter: a recovery session (`recovery.start`, then `recovery.observe` with its
 *   `session_id`) is held to the session budgets: calls, the values of its answers together, and
 *   its wall time. Over one, the call errors (an AdapterFault naming the budget) and the check with it.
 * - An adapter in process (`inProcess`) also: each answer is held to the answer budgets before the
 *   harness copies or judges it; each call is tracked while it is pending, so that an exit attempt
 *   or an error thrown outside the call (`process-guard.ts`) errors it, and so that the watchdog
 *   (`watchdog.ts`) knows when a blocked thread is the adapter's doing and can error the call it stopped.
 *
 * An adapter process's answers are held to the answer budgets by its transport, before they are
 * parsed (`src/adapters/process/connection.ts`). The members are called with the adapter itself as
 * `this` (never the Proxy): a class with private fields works as it did.
 */

export interface GuardOptions {
  budgets: Budgets;
  /** The adapter's code runs in this thread. */
  inProcess: boolean;
}

/** One session's spending so far. */
interface Session {
  calls: number;
  values: number;
  startedAt: number;
}

/** Sessions followed at once: the suite plays one at a time; older ones are forgotten. */
const MAX_SESSIONS = 64;

/** A pending in-process call, as the incidents and the watchdog reach it. */
interface PendingCall {
  method: string;
  fail(e: unknown): void;
}

/** The in-process calls pending in this thread, and the last incident already reported to one. */
const pending = new Map<number, PendingCall>();
let nextCall = 0;
let reportedSeq = 0;
let incidentHook: (() => void) | undefined;
/** Told how many in-process calls are pending (the watchdog); set by `setPendingObserver`. */
let pendingObserver: ((count: number) => void) | undefined;

/** Told every `CALL_TICK` calls (the run's memory budget: an adapter in process that answers at once starves the timers for a whole check). */
let callTick: (() => void) | undefined;
let callsSinceTick = 0;
const CALL_TICK = 64;

/** Sets what runs every `CALL_TICK` calls of any guarded adapter in this thread (undefined: nothing). */
export function setCallTick(tick: (() => void) | undefined): void {
  callTick = tick;
  callsSinceTick = 0;
}

/** Lets the watchdog (or a worker thread's board) know when in-process calls are pending. */
export function setPendingObserver(observer: ((count: number) => void) | undefined): void {
  pendingObserver = observer;
}

/** Errors every pending in-process call with `why(method)`: what the watchdog does once it stopped the thread. */
export function failPendingCalls(why: (method: string) => string): void {
  for (const [, call] of pending) call.fail(new AdapterFault(why(call.method)));
}

function incidentFault(method: string, incident: Incident, between: boolean): AdapterFault {
  return new AdapterFault(
    `${method}: the adapter ${incident.what}${between ? ' (outside any call, after the previous answer)' : ''}: in process it cannot end or crash the run, so the call is errored (isolated, without --in-process, its process would have ended)`,
  );
}

/** Listens for incidents once: a pending call meets them at once, a later call when none is pending. */
function listenForIncidents(): void {
  if (incidentHook !== undefined) return;
  incidentHook = onIncident((incident) => {
    if (pending.size === 0) return;
    reportedSeq = incident.seq;
    for (const [, call] of pending) call.fail(incidentFault(call.method, incident, false));
  });
}

/** Wraps `adapter` in the guard (see the top of this file); the same object for the same adapter is not promised. */
export function guardAdapter<A extends Adapter>(adapter: A, options: GuardOptions): A {
  if (options.inProcess) listenForIncidents();
  // What happened before this adapter was loaded is not its doing (another adapter of this thread, not closed).
  const loadedAt = currentSeq();
  const sessions = new Map<string, Session>();
  const wrapped = new WeakMap<object, unknown>();
  const { budgets } = options;

  /** The session a recovery call belongs to (a start opens a new one), counted once more; or its over-budget message. */
  const sessionOf = (method: string, args: unknown[]): { session: Session | undefined; problem?: string } => {
    const id = sessionIdOf(method, args);
    if (id === undefined) return { session: undefined };
    let s = method === 'recovery.start' ? undefined : sessions.get(id);
    if (s === undefined) {
      s = { calls: 0, values: 0, startedAt: performance.now() };
      sessions.delete(id);
      sessions.set(id, s);
      if (sessions.size > MAX_SESSIONS) sessions.delete(sessions.keys().next().value!);
    }
    s.calls += 1;
    if (s.calls > budgets['session-calls'])
      return { session: s, problem: overBudget('session-calls', budgets['session-calls'], 'the session made') };
    return { session: s, problem: sessionTimeProblem(s) };
  };
  const sessionTimeProblem = (s: Session): string | undefined =>
    performance.now() - s.startedAt > budgets['session-ms']
      ? overBudget('session-ms', budgets['session-ms'], 'the session ran')
      : undefined;

  /** The answer as the budgets see it: a fault when it goes over one, else the answer. */
  const judged = (method: string, value: unknown, session: Session | undefined): unknown => {
    if (!options.inProcess && session === undefined) return value; // an adapter process's transport held it to the budgets
    const m = measureAnswer(value, budgets);
    if (m.problem !== null && options.inProcess) throw new AdapterFault(`${method}: ${m.problem}`);
    if (session !== undefined) {
      session.values += m.values;
      if (session.values > budgets['session-values'])
        throw new AdapterFault(
          `${method}: ${overBudget('session-values', budgets['session-values'], "the session's answers hold")}`,
        );
      const late = sessionTimeProblem(session);
      if (late !== undefined) throw new AdapterFault(`${method}: ${late}`);
    }
    return value;
  };

  const call = (method: string, fn: (...a: unknown[]) => unknown, self: object, args: unknown[]): unknown => {
    if (++callsSinceTick >= CALL_TICK) {
      callsSinceTick = 0;
      callTick?.();
    }
    const { session, problem } = sessionOf(method, args);
    if (problem !== undefined) return Promise.reject(new AdapterFault(`${method}: ${problem}`));
    if (!options.inProcess) {
      const answer = fn.apply(self, args);
      return session === undefined ? answer : Promise.resolve(answer).then((v) => judged(method, v, session));
    }
    return inProcessCall(
      method,
      () => fn.apply(self, args),
      (v) => judged(method, v, session),
      loadedAt,
    );
  };

  const wrap = (target: object, prefix: string): object =>
    new Proxy(target, {
      get(t, key, receiver) {
        let value: unknown;
        try {
          value = Reflect.get(t, key, receiver);
        } catch (e) {
          // A getter or a trap that throws on a member of the contract: the member reads as a method
          // that throws it (a `describe` that fails is a usage error, any other call errors its check),
          // the recovery policy as one whose methods do. Any other name throws as it did.
          const member = prefix === '' ? String(key) : `${prefix}.${String(key)}`;
          const throwing = () => {
            throw e;
          };
          if (key === 'recovery' && prefix === '') return { start: throwing, observe: throwing };
          if (key === 'describe' || (typeof key === 'string' && isContractMethod(member))) return throwing;
          throw e;
        }
        if (typeof key !== 'string') return value;
        const member = prefix === '' ? key : `${prefix}.${key}`;
        if (prefix === '' && key === 'recovery' && value !== null && typeof value === 'object') {
          if (!wrapped.has(value)) wrapped.set(value, wrap(value, 'recovery'));
          return wrapped.get(value);
        }
        if (typeof value !== 'function' || !isContractMethod(member)) return value;
        if (!wrapped.has(value))
          wrapped.set(value, (...args: unknown[]) => call(member, value as (...a: unknown[]) => unknown, t, args));
        return wrapped.get(value);
      },
    });
  return wrap(adapter, '') as A;
}

/** True for a member the guard calls through: the contract's methods and the recovery policy's. */
function isContractMethod(member: string): boolean {
  return (
    member === 'recovery.start' ||
    member === 'recovery.observe' ||
    (ADAPTER_MEMBERS as readonly string[]).includes(member)
  );
}

/** The session a recovery call names: the scenario's `session_id` for a start, the first argument of an observe. */
function sessionIdOf(method: string, args: unknown[]): string | undefined {
  try {
    if (method === 'recovery.start') {
      const id = (args[0] as { session_id?: unknown } | null)?.session_id;
      return typeof id === 'string' ? id : '';
    }
    if (method === 'recovery.observe') return typeof args[0] === 'string' ? args[0] : '';
  } catch {
    return '';
  }
  return undefined;
}

/**
 * One call into an adapter in this thread, tracked while it is pending: an incident since the
 * previous answer errors it before it starts; one while it is pending (or the watchdog stopping it)
 * errors it at once; otherwise it settles as the adapter answered, the answer judged by `judge`.
 * A call that threw an `ExitAttempt` (it tried to end the thread) is errored with what it tried.
 */
function inProcessCall(
  method: string,
  invoke: () => unknown,
  judge: (v: unknown) => unknown,
  loadedAt: number,
): Promise<unknown> {
  const earlier = incidentsSince(Math.max(reportedSeq, loadedAt));
  if (earlier.length > 0) {
    reportedSeq = earlier[earlier.length - 1]!.seq;
    return Promise.reject(incidentFault(method, earlier[0]!, true));
  }
  const id = ++nextCall;
  const startSeq = currentSeq();
  return new Promise<unknown>((resolve, reject) => {
    let settled = false;
    const settle = (ok: boolean, v: unknown) => {
      if (settled) return;
      settled = true;
      pending.delete(id);
      pendingObserver?.(pending.size);
      const during = incidentsSince(startSeq);
      if (during.length > 0) {
        reportedSeq = Math.max(reportedSeq, during[during.length - 1]!.seq);
        reject(incidentFault(method, during[0]!, false));
        return;
      }
      if (!ok) {
        reject(v);
        return;
      }
      try {
        resolve(judge(v));
      } catch (e) {
        reject(e);
      }
    };
    pending.set(id, { method, fail: (e) => settle(false, e) });
    pendingObserver?.(pending.size);
    const run = () => {
      let answer: unknown;
      try {
        answer = invoke();
      } catch (e) {
        settle(false, e instanceof ExitAttempt ? new AdapterFault(`${method}: ${e.message}`) : e);
        return;
      }
      Promise.resolve(answer).then(
        (v) => settle(true, v),
        (e) => settle(false, e),
      );
    };
    // The adapter's code runs two microtasks later: by then the caller holds this promise (a caller
    // that returns it from a `then` adopts it one microtask later). Should the watchdog stop that code,
    // V8 drops the microtasks queued behind it, and the caller's hold on this promise must not be one.
    queueMicrotask(() => queueMicrotask(run));
  });
}
