import type { AdapterInfo } from '../../contract/adapter.js';
import type { RecoveryAction, RecoveryObservation, RecoveryScenario } from '../../contract/recovery.js';
import type { SpecData } from '../../spec/index.js';
import {
  AdapterFault,
  type CheckDefinition,
  failed,
  type FailureParams,
  type Harness,
  type InvokeOptions,
  type Messages,
  notJudged,
  PASS,
} from '../check.js';
import { type CaseSet, type CheckMeta, fromMetaAndCases } from './common.js';

/**
 * The simulated world one session plays in, as the engine drives it: the scenario `recovery.start`
 * is given, each answer applied, the next observation delivered, until the agent ends the session.
 * The suite that owns the world (`suites/recovery/world/`) records what happened for its judges.
 */
export interface SessionWorld {
  readonly scenario: RecoveryScenario;
  /** Observations delivered so far. */
  readonly step: number;
  /** True once the agent said `complete`. */
  readonly ended: boolean;
  apply(actions: RecoveryAction[]): void;
  /** The next observation, or undefined when nothing is pending (and the agent said nothing more). */
  next(): RecoveryObservation | undefined;
}

/** How a session ended: the agent said `complete`, it had nothing left to say, or it ran past the step bound. */
export type SessionOutcome = 'complete' | 'stalled' | 'step-limit';

/** A session played to its end: its world, with the record the judges read, and how it ended. */
export interface PlayedSession<W extends SessionWorld> {
  world: W;
  outcome: SessionOutcome;
}

/**
 * What a session check finds: null when the session keeps the rule; a `reason` of the check's
 * messages with its params and what a conforming agent does (`expected`); or `notJudged` when the
 * session said nothing about the rule (the fault the rule is about was never reached).
 */
export type SessionJudgement =
  | null
  | { reason: string; params: FailureParams; expected: unknown }
  | { notJudged: string; params: FailureParams };

/** A check whose case is a session of the `recovery` policy in a simulated world, judged once it ends. */
export interface SessionCheckDefinition<T, W extends SessionWorld> extends CheckMeta {
  cases: CaseSet<T>;
  /** Observations a session may take before the pack calls the agent looping. */
  maxSteps: number;
  /**
   * A new world for one play of case `c`: the adapter's `describe()` answer, the run's clock and
   * spec data, and `play`, how many times this very case has been played (from 1), so that a
   * replay of the same case is a session of its own.
   */
  world(c: T, run: { info: AdapterInfo; now: string; spec: SpecData }, play: number): W;
  /** The shape check of each answer of one session (it may keep state across the session's answers). */
  answerShape(world: W): (v: unknown) => string | null;
  /** What a failure shows as the agent's answer: the session, step by step. */
  view(session: PlayedSession<W>): unknown;
  judge(session: PlayedSession<W>, spec: SpecData): SessionJudgement;
  messages: Messages;
}

/** Every message of a session crosses as JSON (`InvokeOptions.json`): the agent can neither share nor mutate the world's objects. */
const AS_JSON: InvokeOptions = Object.freeze({ json: true });

/**
 * Plays one session in `world`: `recovery.start` with the scenario, then `recovery.observe` with
 * each observation, every answer checked by `shape` (a malformed answer is the adapter's fault) and
 * applied, until the agent says `complete`, has nothing pending and nothing to say (`stalled`), or
 * the world passes `maxSteps` observations (`step-limit`).
 */
export async function playSession(
  h: Harness,
  world: SessionWorld,
  shape: (v: unknown) => string | null,
  maxSteps: number,
): Promise<SessionOutcome> {
  world.apply(await h.invoke<RecoveryAction[]>('recovery.start', [world.scenario], shape, AS_JSON));
  while (!world.ended) {
    if (world.step >= maxSteps) return 'step-limit';
    const obs = world.next();
    if (!obs) return 'stalled';
    world.apply(await h.invoke<RecoveryAction[]>('recovery.observe', [world.scenario.session_id, obs], shape, AS_JSON));
  }
  return 'complete';
}

/**
 * The session kind: the engine plays the session (`playSession`), then hands the ended session to
 * the check's judge. A fault mid-session errors the check with the session so far as what was
 * `seen`. Sessions are never pipelined: each call depends on the answers before it.
 */
export function sessionCheck<T extends object, W extends SessionWorld>(
  def: SessionCheckDefinition<T, W>,
): CheckDefinition<T> {
  const plays = new WeakMap<T, number>();
  return {
    ...fromMetaAndCases(def, def.cases),
    requires: ['recovery'],
    messages: def.messages,
    async run(c, h) {
      const play = (plays.get(c) ?? 0) + 1;
      plays.set(c, play);
      const world = def.world(c, { info: h.info, now: h.now, spec: h.spec }, play);
      const session: PlayedSession<W> = { world, outcome: 'stalled' };
      try {
        session.outcome = await playSession(h, world, def.answerShape(world), def.maxSteps);
      } catch (e) {
        if (e instanceof AdapterFault) throw new AdapterFault(e.message, e.evidence, def.view(session));
        throw e;
      }
      const j = def.judge(session, h.spec);
      if (j === null) return PASS;
      if ('notJudged' in j) return notJudged(j.notJudged, j.params);
      return failed(j.reason, j.params, j.expected, def.view(session));
    },
  };
}
