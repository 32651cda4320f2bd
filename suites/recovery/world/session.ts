import { createHash } from 'node:crypto';
import type { RecoveryCase } from '../../../generators/recovery/types.js';
import type { AdapterInfo } from '../../../src/contract/adapter.js';
import { CAPABILITY_LEVELS, type CapabilityLevel } from '../../../src/contract/levels.js';
import type { Harness } from '../../../src/engine/check.js';
import { playSession, type SessionOutcome } from '../../../src/engine/kinds/session.js';
import type { SpecData } from '../../../src/spec/index.js';
import type { RecoverySpec } from '../../../src/spec/recovery.js';
import { actionsShape } from './protocol.js';
import { traceLines } from './trace.js';
import { World } from './world.js';

export type { SessionOutcome } from '../../../src/engine/kinds/session.js';

/** A session played to its end: its world (with the record the judges read), how it ended, and the level it ran at. */
export interface SessionResult {
  world: World;
  outcome: SessionOutcome;
  level: CapabilityLevel;
}

/**
 * The harness limits of the recovery suite. They are not spec data (nothing a seed leaves open that
 * an implementer could read otherwise, so `--spec-dir` cannot move them): they say how the pack
 * drives an agent. `maxSteps`: observations a session may take before the pack calls the agent
 * looping (D-REC-01). `undeclaredLevel`: the level an adapter whose `describe()` names none is
 * taken at; the scenario's level still binds it (D-REC-02).
 */
export const SESSION_LIMITS: Readonly<{ maxSteps: number; undeclaredLevel: CapabilityLevel }> = Object.freeze({
  maxSteps: 300,
  undeclaredLevel: 'L7',
});

/**
 * The level a session runs at: the case's level, capped by the level the adapter declares, or by
 * `SESSION_LIMITS.undeclaredLevel` when it declares none (D-REC-02).
 */
export function effectiveLevel(declared: CapabilityLevel | undefined, asked: CapabilityLevel): CapabilityLevel {
  const d = declared ?? SESSION_LIMITS.undeclaredLevel;
  const rank = (l: string): number => {
    // Only the exact names of the ladder: no case or whitespace variant, no prototype name.
    const i = CAPABILITY_LEVELS.indexOf(l as CapabilityLevel);
    if (i < 0) throw new Error(`${JSON.stringify(l)} is not a capability level (${CAPABILITY_LEVELS.join(', ')})`);
    return i;
  };
  return CAPABILITY_LEVELS[Math.min(rank(d), rank(asked))]!;
}

/** True when the level may recover on its own (the spec's `recoveringLevels`; seed 000: L6 and L7). */
export function recovers(spec: RecoverySpec, level: CapabilityLevel): boolean {
  return spec.recoveringLevels.includes(level);
}

/**
 * A session id that depends only on the case and on `play`, how many times this very case has been
 * played, so that the same seed gives the same ids, tokens and traces, run after run, in one process
 * or many. An agent that gets `start` with an id it still holds replaces that session.
 */
function sessionId(c: RecoveryCase, play: number): string {
  return `rs-${createHash('sha256').update(JSON.stringify(c)).digest('hex').slice(0, 10)}${play > 1 ? `-${play}` : ''}`;
}

/**
 * The world of one play of case `c` for an adapter that declared `info`, under the run's clock and
 * spec data: the session runs at the case's level capped by the declared one (D-REC-02), and which
 * levels recover is the run's spec data.
 */
export function newWorld(
  c: RecoveryCase,
  run: { info: AdapterInfo; now: string; spec: SpecData },
  play: number,
): World {
  const level = effectiveLevel(run.info.capabilityLevel, c.level);
  return new World(c, level, run.now, sessionId(c, play), recovers(run.spec.recovery, level));
}

/**
 * The shape of every answer of one session's agent: the actions schema, request ids unique in the
 * session, `complete` last (`actionsShape`). A malformed answer is an adapter fault (errored).
 */
export const answerShape = (): ((v: unknown) => string | null) => actionsShape(new Set<string>());

/** A session as a failure shows what the agent did: how it ended, the level it ran at, and its trace. */
export const sessionView = (s: { world: World; outcome: SessionOutcome }) => ({
  outcome: s.outcome,
  level: s.world.level,
  trace: traceLines(s.world.log),
});

/** Plays case `c` once through the harness, as a recovery check does (for the pack's own tests and tools). */
export async function runSession(h: Harness, c: RecoveryCase, play = 1): Promise<SessionResult> {
  const world = newWorld(c, { info: h.info, now: h.now, spec: h.spec }, play);
  const outcome = await playSession(h, world, answerShape(), SESSION_LIMITS.maxSteps);
  return { world, outcome, level: world.level };
}
